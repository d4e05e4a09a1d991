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
/// ``AutomatonError`` goes to the feature's unhandled-error reporter
/// (`FeatureConfiguration.onUnhandledError`), naming the state and the event.
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

  /// Creates the definition.
  ///
  /// - Parameters:
  ///   - automaton: The transition table.
  ///   - undefinedEvents: What to do with undefined events; ``UndefinedEventPolicy/report`` by
  ///     default.
  public init(
    _ automaton: Automaton<State, Event, Output>,
    undefinedEvents: UndefinedEventPolicy = .report
  ) {
    self.automaton = automaton
    self.undefinedEvents = undefinedEvents
  }

  /// Resolves the event in the current state and runs the transition's exit and entry actions.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The event.
  /// - Returns: The step as one synchronous effect; nothing when the event is ignored.
  public func act(_ state: State, _ action: Event) -> Effects<Effect> {
    var machine = AutomatonMachine(automaton, state: state, undefinedEvents: undefinedEvents)
    do {
      let step = try machine.send(action)
      if case .ignored = step { return .none }
      return .just(step)
    } catch {
      return .run(name: "undefined event \(action)") { _ in throw error }
    }
  }

  /// Moves to the state the step ended in.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The step.
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
