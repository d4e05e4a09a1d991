import Finita

/// A running automaton on the Finita engine: the transition table as a feature's Actor, Reducer
/// and NewsPublisher.
///
/// Run it with ``Finita/Feature`` to get what a feature gives: events accepted from any thread,
/// queued and never recursive; the current state readable at any time; observers of states and of
/// transitions; disposal.
///
/// ```swift
/// let turnstile = try Feature(automaton: turnstileTable, undefinedEvents: .ignore)
/// let subscription = turnstile.observeNews { step in print(step) }  // transitions and outputs
/// turnstile.accept(.coin)
/// turnstile.state  // .unlocked
/// ```
///
/// Each event is one action. The Actor resolves it against the table (guards see the current
/// state and the event's payload) and runs the exit and entry actions of a transition; the
/// effect is the resulting ``AutomatonStep``; the Reducer moves to the step's state; the
/// NewsPublisher publishes the step, so observers see every transition, internal transition and
/// undefined event (with ``UndefinedEventPolicy/report``) together with its output. Ignored events
/// produce no effect at all.
///
/// With ``UndefinedEventPolicy/throw``, an undefined event changes nothing and its
/// ``AutomatonError`` goes to the unhandled-error reporter of the feature that runs the
/// definition (the `onUnhandledError` of the configuration given to the `Feature`, or standard
/// error), naming the state and the event, before `accept` returns: no asynchronous work is
/// started, so a `FeatureTester` has nothing to wait for. Configure it once, on the feature:
///
/// ```swift
/// let player = Feature(
///   initialState: .empty,
///   definition: AutomatonDefinition(playerTable, undefinedEvents: .throw),
///   configuration: .init(name: "player", onUnhandledError: { error in log(error) }))
/// ```
///
/// To use a table as the logic of a richer feature (timers, services, news of your own), call
/// ``Automaton/match(from:by:)`` or an ``AutomatonMachine`` from your own definition's Actor.
public struct AutomatonDefinition<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>: FeatureDefinition {
  /// Events are the feature's wishes.
  public typealias Wish = Event
  /// Events are also the Actor's actions.
  public typealias Action = Event
  /// What one event did.
  public typealias Effect = AutomatonStep<State, Event.Kind, Output>
  /// Every step that was not ignored, published for observers.
  public typealias News = AutomatonStep<State, Event.Kind, Output>

  /// The transition table.
  public let automaton: Automaton<State, Event, Output>
  /// What to do with events that have no transition in the current state.
  public let undefinedEvents: UndefinedEventPolicy
  /// Where undefined events go under ``UndefinedEventPolicy/throw``: the configuration given to
  /// the definition, with the name and handler it leaves out taken from the feature's.
  @usableFromInline
  internal let configuration: FeatureConfiguration

  /// Creates the definition.
  ///
  /// - Parameters:
  ///   - automaton: The transition table.
  ///   - undefinedEvents: What to do with undefined events; ``UndefinedEventPolicy/report`` by
  ///     default.
  ///   - configuration: Where to report instead of the feature that runs the definition: under
  ///     ``UndefinedEventPolicy/throw``, each undefined event's ``AutomatonError`` goes to its
  ///     `onUnhandledError`, with its `name`, synchronously. A `Feature` fills in what it leaves
  ///     out with its own configuration's, so leave it out to report where the feature does;
  ///     pass it when you call ``act(_:_:)`` yourself, outside a `Feature` (when it has no
  ///     handler either, errors go to standard error).
  public init(
    _ automaton: Automaton<State, Event, Output>,
    undefinedEvents: UndefinedEventPolicy = .report,
    configuration: FeatureConfiguration = .init()
  ) {
    self.automaton = automaton
    self.undefinedEvents = undefinedEvents
    self.configuration = configuration
  }

  /// Resolves the event in the current state and runs the transition's exit and entry actions.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The event.
  /// - Returns: The step as one synchronous effect; nothing when the event is ignored or, under
  ///   ``UndefinedEventPolicy/throw``, undefined (its error is reported before this returns).
  @inlinable
  public func act(_ state: State, _ action: Event) -> Effects<Effect> {
    // Inlinable, like the machine's step, so that a client's feature specializes the whole path
    // for its own states and events: no generic metadata lookups and nothing allocated. The
    // compiled automaton is borrowed, not retained: this definition holds it for the whole call.
    Unmanaged.passUnretained(automaton.compiled)._withUnsafeGuaranteedRef { compiled in
      act(state, action, compiled)
    }
  }

  /// ``act(_:_:)`` on the compiled automaton.
  @inlinable
  @inline(__always)
  internal func act(
    _ state: State, _ action: Event, _ compiled: CompiledAutomaton<State, Event, Output>
  ) -> Effects<Effect> {
    let position = compiled.table.position(of: state)
    switch Automaton<State, Event, Output>.resolve(state, at: position, action, in: compiled) {
    case .matched(let row, _):
      let output = Automaton<State, Event, Output>.output(
        ofRow: row, state, action, in: compiled)
      let target = compiled.table.target(ofRow: row)
      if compiled.hasActions {
        automaton.runActions(ofRow: row, from: state, action)
      }
      if target.isInternal {
        return .just(.stayed(in: state, output: output))
      }
      return .just(.transitioned(from: state, to: target.state, output: output))
    case .rejected:
      return .none
    case .undefined:
      if compiled.hasComputedRows, let effects = actComputed(state, action) {
        return effects
      }
      switch undefinedEvents.storage {
      case .ignore:
        return .none
      case .report:
        return .just(.undefined(in: state, kind: action.kind))
      case .throw:
        reportUndefined(action, in: state)
        return .none
      }
    }
  }

  /// Handles `event` with the computed transitions; `nil` when none matches.
  @usableFromInline
  internal func actComputed(_ state: State, _ event: Event) -> Effects<Effect>? {
    switch automaton.resolveComputed(state, event) {
    case .fired(let next, let output, _):
      automaton.runActions(from: state, to: next, event)
      return .just(.transitioned(from: state, to: next, output: output))
    case .refused:
      return Effects.none
    case .undeclared(let target):
      configuration.reportUnhandled(
        automaton.undeclaredTargetError(state, event, target), source: "event \(event)")
      return Effects.none
    case .undefined:
      return nil
    }
  }

  /// Reports `event`, undefined in `state`, to the configuration's error handler.
  @usableFromInline
  internal func reportUndefined(_ event: Event, in state: State) {
    configuration.reportUnhandled(
      AutomatonError.undefined(state: state, event: event, kind: event.kind),
      source: "event \(event)"
    )
  }

  /// Moves to the state the step ended in.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The step.
  @inlinable
  public func reduce(_ state: inout State, _ effect: Effect) {
    state = effect.state
  }

  /// Publishes every step that reached the Reducer.
  ///
  /// - Parameters:
  ///   - action: The event.
  ///   - effect: The step.
  ///   - state: The state after it.
  /// - Returns: The step.
  @inlinable
  public func publishNews(_ action: Event, _ effect: Effect, _ state: State) -> News? {
    effect
  }
}

extension Feature {
  /// Runs an automaton as a feature, starting in its initial state.
  ///
  /// - Parameters:
  ///   - automaton: The transition table.
  ///   - undefinedEvents: What to do with undefined events.
  ///   - configuration: Name, isolation and error reporting.
  /// - Throws: ``ValidationError`` with ``ValidationIssue/missingInitialState`` when the
  ///   automaton declares no initial state.
  public convenience init<State, Event, Output>(
    automaton: Automaton<State, Event, Output>,
    undefinedEvents: UndefinedEventPolicy = .report,
    configuration: FeatureConfiguration = .init()
  ) throws(ValidationError) where Definition == AutomatonDefinition<State, Event, Output> {
    guard let initialState = automaton.initialState else {
      throw ValidationError(issues: [.missingInitial()])
    }
    self.init(
      initialState: initialState,
      definition: AutomatonDefinition(automaton, undefinedEvents: undefinedEvents),
      configuration: configuration
    )
  }
}

extension AutomatonDefinition: ReportingDefinition {
  /// This definition reporting with `configuration`'s name and handler where its own has none.
  package func reporting(to configuration: FeatureConfiguration) -> Self {
    var own = self.configuration
    own.name = own.name ?? configuration.name
    own.onUnhandledError = own.onUnhandledError ?? configuration.onUnhandledError
    return Self(automaton, undefinedEvents: undefinedEvents, configuration: own)
  }
}
