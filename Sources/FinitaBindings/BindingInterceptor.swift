import Finita

/// Sees what happens on the connections of a `Binder`, as a `FeatureInterceptor` sees the
/// stages of a feature: logging, recording, metrics.
///
/// Give interceptors to a binding with this module's
/// `Binder.bind(_:to:named:interceptors:transform:)`:
///
/// ```swift
/// struct DropCounter: BindingInterceptor {
///   let counts: Counts  // your thread-safe storage
///   func intercept<Output, Input>(_ event: BindingEvent<Output, Input>) {
///     if event.stage == .dropped { counts.increment(event.binding) }
///   }
/// }
/// binder.bind(.news(of: search), to: .wishes(of: resume), named: "open resume",
///             interceptors: [DropCounter(counts: counts)]) { news in … }
/// ```
///
/// The rules, the same as for feature interceptors:
/// - An interceptor observes: it cannot change, drop or reorder a value.
/// - It is called on the delivering thread, one event at a time per binding, in order, before
///   the sink receives the value; work it does there delays the delivery.
/// - The event is a value: keep it to use it later (``BindingRecorder`` does).
public protocol BindingInterceptor: Sendable {
  /// Called for each event of each binding this interceptor is given to.
  ///
  /// - Parameter event: The binding, the stage and its values.
  func intercept<Output: Sendable, Input: Sendable>(_ event: BindingEvent<Output, Input>)
}

/// An interceptor made of a closure that receives each event as one line of text: what the
/// `Binder`'s `log:` callback printed, per binding.
///
/// ```swift
/// binder.bind(.news(of: a), to: .wishes(of: b), named: "a -> b",
///             interceptors: [DescribingBindingInterceptor { print($0) }])
/// // a -> b: connected
/// // a -> b: done(5) -> load(5)
/// ```
public struct DescribingBindingInterceptor: BindingInterceptor {
  private let receive: @Sendable (String) -> Void

  /// Creates the interceptor.
  ///
  /// - Parameter receive: Called with ``BindingEvent/description`` of each event.
  public init(_ receive: @escaping @Sendable (String) -> Void) {
    self.receive = receive
  }

  /// Describes the event and passes it on.
  ///
  /// - Parameter event: The event.
  public func intercept<Output: Sendable, Input: Sendable>(_ event: BindingEvent<Output, Input>) {
    receive(event.description)
  }
}
