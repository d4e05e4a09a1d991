/// An input a ``Binder`` can deliver to: a feature's wishes or any closure.
///
/// ```swift
/// binder.bind(.news(of: search), to: .closure { news in router.handle(news) })
/// binder.bind(.news(of: search), to: .wishes(of: history)) { .remember($0) }
/// ```
public struct BindingSink<Input: Sendable>: Sendable {
  private let receive: @Sendable (Input) -> Void

  /// Creates a sink from the closure that receives each value.
  ///
  /// - Parameter receive: Called with each value, on the thread that delivers it.
  public init(_ receive: @escaping @Sendable (Input) -> Void) {
    self.receive = receive
  }

  /// Delivers one value.
  ///
  /// - Parameter input: The value to deliver.
  public func callAsFunction(_ input: Input) {
    receive(input)
  }
}

extension BindingSink {
  /// A sink that calls `receive` with each value.
  ///
  /// - Parameter receive: Called with each value, on the thread that delivers it.
  public static func closure(_ receive: @escaping @Sendable (Input) -> Void) -> Self {
    Self(receive)
  }

  /// The wishes of `feature`: each value is passed to ``Feature/accept(_:)``.
  ///
  /// The sink holds the feature weakly: a binding never keeps a feature alive, and values sent
  /// after it is released are dropped. Like any wish, a value delivered while the feature
  /// processes is queued behind the current one.
  ///
  /// - Parameter feature: The feature to send wishes to.
  public static func wishes<Definition: FeatureDefinition>(
    of feature: Feature<Definition>
  ) -> Self where Input == Definition.Wish {
    Self { [weak feature] wish in feature?.accept(wish) }
  }
}
