import Finita

/// A running statechart on the Finita engine: the chart as a feature's Actor, Reducer,
/// NewsPublisher and PostProcessor.
///
/// Run it with ``Finita/Feature`` to get what a feature gives: events accepted from any thread,
/// queued and never recursive, the current configuration readable at any time, observers of
/// states and of news, disposal.
///
/// ```swift
/// let player = Feature(statechart: playerChart, clock: ContinuousClock())
/// let subscription = player.observeNews { output in print(output) }  // "started", ...
/// player.accept("play")
/// player.state.configuration  // ["buffering"]
/// ```
///
/// Each wish is an event name and one macrostep of the chart. The feature's state is the
/// ``StatechartMachine``. Every ``StatechartAction/emit(_:)`` becomes one news, in the order the
/// actions ran. A delayed ``StatechartAction/send(_:after:id:)`` sleeps on the injected clock in
/// a task the feature owns and then comes back as an event through the PostProcessor, so it is
/// queued like any other; ``StatechartAction/cancel(_:)`` cancels that task. The commands of the
/// initial configuration are carried out when the feature starts.
public struct StatechartDefinition: FeatureDefinition {
  /// An event's name.
  public typealias Wish = String
  /// The machine, which holds the configuration and the history.
  public typealias State = StatechartMachine
  /// An output's name.
  public typealias News = String

  /// What the Actor handles: an event, or the start of the feature.
  public struct Action: Hashable, Sendable {
    internal let event: String?

    /// An event to handle.
    ///
    /// - Parameter name: The event's name.
    public static func event(_ name: String) -> Self { Self(event: name) }

    /// Carries out the commands of the initial configuration; sent by the Bootstrapper.
    public static let start = Self(event: nil)
  }

  /// What a step did, for the Reducer, the NewsPublisher and the PostProcessor.
  public struct Effect: Sendable {
    internal enum Storage: Sendable {
      case stepped(StatechartMachine)
      case emitted(String)
      case due(String)
    }

    internal let storage: Storage
  }

  /// The chart.
  public let chart: Statechart
  /// The clock delayed sends sleep on.
  public let clock: any Clock<Duration>

  /// Creates the definition.
  ///
  /// - Parameters:
  ///   - chart: The chart.
  ///   - clock: The clock delayed sends sleep on; inject a test clock in tests.
  public init(_ chart: Statechart, clock: any Clock<Duration>) {
    self.chart = chart
    self.clock = clock
  }

  /// Each wish is an event.
  ///
  /// - Parameter wish: The event's name.
  /// - Returns: The event as an action.
  public func wishToAction(_ wish: String) -> Action { .event(wish) }

  /// Runs one macrostep and turns its commands into effects.
  ///
  /// - Parameters:
  ///   - state: The current machine.
  ///   - action: The event, or the start.
  /// - Returns: The new machine, then one effect per output, then the delayed sends and
  ///   cancellations.
  public func act(_ state: StatechartMachine, _ action: Action) -> Effects<Effect> {
    var machine = state
    guard let event = action.event else {
      return effects(of: machine.commands)
    }
    let step = machine.send(event)
    if step == .ignored && machine.commands.isEmpty { return .none }
    let commands = machine.commands
    return .merge(.just(Effect(storage: .stepped(machine))), effects(of: commands))
  }

  private func effects(of commands: [StatechartCommand]) -> Effects<Effect> {
    var effects: [Effects<Effect>] = []
    for command in commands {
      switch command.storage {
      case .emit(let output):
        effects.append(.just(Effect(storage: .emitted(output))))
      case .schedule(let event, let delay, let id):
        let clock = self.clock
        let delivery = Effects<Effect>.run(name: "send \(event) after \(delay)") { send in
          try await clock.sleep(for: delay)
          send(Effect(storage: .due(event)))
        }
        effects.append(
          id.map { delivery.cancellable(id: SendID(id: $0), cancelInFlight: true) }
            ?? delivery)
      case .cancel(let id):
        effects.append(.cancel(id: SendID(id: id)))
      }
    }
    return .merge(effects)
  }

  /// Moves to the machine a step produced.
  ///
  /// - Parameters:
  ///   - state: The machine to replace.
  ///   - effect: What a step did.
  public func reduce(_ state: inout StatechartMachine, _ effect: Effect) {
    if case .stepped(let machine) = effect.storage {
      state = machine
    }
  }

  /// Publishes every output.
  ///
  /// - Parameters:
  ///   - action: The event.
  ///   - effect: What a step did.
  ///   - state: The machine after it.
  /// - Returns: The output's name for an emitted output, else `nil`.
  public func publishNews(_ action: Action, _ effect: Effect, _ state: StatechartMachine)
    -> String?
  {
    if case .emitted(let output) = effect.storage { return output }
    return nil
  }

  /// Sends a delayed event back to the Actor when it is due.
  ///
  /// - Parameters:
  ///   - action: The action that scheduled it.
  ///   - effect: What a step did.
  ///   - state: The machine.
  /// - Returns: The event when a delayed send is due, else `nil`.
  public func postProcess(_ action: Action, _ effect: Effect, _ state: StatechartMachine)
    -> Action?
  {
    if case .due(let event) = effect.storage { return .event(event) }
    return nil
  }

  /// Carries out the commands of the initial configuration.
  ///
  /// - Returns: ``Action/start``.
  public func bootstrap() -> Effects<Action> { .just(.start) }
}

/// The cancellation id of a delayed send.
private struct SendID: Hashable, Sendable {
  let id: String
}

extension Feature {
  /// Runs a statechart as a feature, starting in its initial configuration.
  ///
  /// - Parameters:
  ///   - statechart: The chart.
  ///   - clock: The clock delayed sends sleep on; inject a test clock in tests.
  ///   - configuration: Name, isolation and error reporting.
  ///   - startsImmediately: When `false`, the initial configuration's commands are not carried
  ///     out until `start()`; use it to observe news before the first outputs.
  public convenience init(
    statechart: Statechart,
    clock: any Clock<Duration>,
    configuration: FeatureConfiguration = .init(),
    startsImmediately: Bool = true
  ) where Definition == StatechartDefinition {
    self.init(
      initialState: StatechartMachine(statechart),
      definition: StatechartDefinition(statechart, clock: clock),
      configuration: configuration,
      startsImmediately: startsImmediately
    )
  }
}
