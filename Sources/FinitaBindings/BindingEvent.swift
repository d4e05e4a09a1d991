/// One thing that happened on a binding, as a ``BindingInterceptor`` sees it: which binding,
/// which stage, and the values of that stage.
///
/// ```swift
/// func intercept<Output, Input>(_ event: BindingEvent<Output, Input>) {
///   if event.stage == .delivered { print(event.binding, event.output!, "->", event.input!) }
/// }
/// ```
public struct BindingEvent<Output: Sendable, Input: Sendable>: Sendable,
  CustomStringConvertible
{
  /// The binding's name.
  public let binding: String
  /// The stage.
  public let stage: BindingStage
  /// The source's value, for ``BindingStage/delivered`` and ``BindingStage/dropped``.
  public let output: Output?
  /// The value the sink receives, for ``BindingStage/delivered``.
  public let input: Input?

  init(binding: String, stage: BindingStage, output: Output? = nil, input: Input? = nil) {
    self.binding = binding
    self.stage = stage
    self.output = output
    self.input = input
  }

  /// The event as one line: `open resume: resultChosen(3) -> load(3)`,
  /// `open resume: typing dropped`, `open resume: connected`.
  public var description: String {
    switch stage {
    case .delivered: "\(binding): \(describe(output)) -> \(describe(input))"
    case .dropped: "\(binding): \(describe(output)) dropped"
    default: "\(binding): \(stage)"
    }
  }

  private func describe<Value>(_ value: Value?) -> String {
    value.map { "\($0)" } ?? ""
  }
}

/// Which stage of a binding a ``BindingEvent`` reports.
///
/// ```
/// connected → (delivered | dropped)* → disconnected     (on each lifecycle begin and end)
///                                    → finished          (the source ended by itself)
/// ```
///
/// A struct with static members rather than an enum, as `FeatureStage` is, so that a later
/// stage is not a breaking change.
public struct BindingStage: Hashable, Sendable, CustomStringConvertible {
  private let index: UInt8

  private init(index: UInt8) {
    self.index = index
  }

  private static let names = ["connected", "delivered", "dropped", "finished", "disconnected"]

  /// The binding subscribed to its source: the binder began, or the binding was added while
  /// it was active.
  public static let connected = BindingStage(index: 0)
  /// The transformer turned a value into an input, which the sink receives next.
  public static let delivered = BindingStage(index: 1)
  /// The transformer returned `nil`: the value goes nowhere.
  public static let dropped = BindingStage(index: 2)
  /// The source ended by itself (a disposed feature or store).
  public static let finished = BindingStage(index: 3)
  /// The binding stopped following its source: the lifecycle ended or the binder was
  /// cancelled.
  public static let disconnected = BindingStage(index: 4)

  /// Every stage.
  public static let allStages = (0..<UInt8(names.count)).map { BindingStage(index: $0) }

  /// The stage's name, as logs print it: `connected`, `delivered`…
  public var description: String {
    Self.names[Int(index)]
  }
}
