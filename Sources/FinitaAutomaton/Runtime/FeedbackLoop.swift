import Finita

/// Asynchronous work that a state's presence starts, whose results come back as events: the
/// feedback loops of ReactiveAutomaton and RxFeedback, on `AsyncSequence`, for ``FeedbackLoop``.
///
/// A feedback asks each state for a query. When the query changes, the work of the old one is
/// cancelled and, when the new one is not `nil`, `effects(query)` starts; every element it
/// produces is fed back to the automaton as an event. Leaving the state cancels the work.
///
/// ```swift
/// Feedback<Search, SearchEvent>(query: \.pendingQuery) { query in
///   service.results(for: query)  // some AsyncSequence of SearchEvent
/// }
/// ```
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
  let query: @Sendable (State) -> AnyHashable?
  let start: @Sendable (State) -> (@Sendable (Send<Event>) async throws -> Void)?

  /// Creates a feedback loop.
  ///
  /// - Parameters:
  ///   - query: What work the state asks for; `nil` for none.
  ///   - effects: The work for a query: its elements are fed back as events.
  public init<Query: Hashable & Sendable, Events: AsyncSequence & Sendable>(
    query: @escaping @Sendable (State) -> Query?,
    effects: @escaping @Sendable (Query) -> Events
  ) where Events.Element == Event {
    self.query = { query($0).map(AnyHashable.init) }
    self.start = { state in
      guard let request = query(state) else { return nil }
      return { send in
        for try await event in effects(request) {
          send(event)
        }
      }
    }
  }
}

/// A feature that runs an automaton and its feedback loops: events move the automaton; the
/// states it enters start and cancel the feedbacks' work, whose results come back as events.
///
/// ```swift
/// let screen = Feature(
///   initialState: .idle,
///   definition: FeedbackLoop(automaton: search, feedbacks: [debounce, lookUp])
/// )
/// ```
///
/// An error thrown by a feedback's work goes to `onError`, which may turn it into an event.
public struct FeedbackLoop<State: Hashable & Sendable, Event: AutomatonEvent>: FeatureDefinition {
  /// Events from the outside and from the feedbacks.
  public typealias Wish = Event
  /// Events are the Actor's actions.
  public typealias Action = Event
  /// What the automaton published.
  public typealias News = AutomatonStep<State, Event.Kind, Never>

  /// What one event did, or an event coming back from a feedback.
  public enum Effect: Sendable {
    /// The automaton's step.
    case step(AutomatonStep<State, Event.Kind, Never>)
    /// An event produced by a feedback's work, handled next.
    case feedback(Event)
  }

  /// The transition table.
  public let automaton: Automaton<State, Event, Never>
  /// The feedback loops.
  public let feedbacks: [Feedback<State, Event>]
  /// Turns an error thrown by a feedback's work into an event, or `nil` to report it.
  public let onError: @Sendable (any Error) -> Event?

  /// Creates the definition.
  ///
  /// - Parameters:
  ///   - automaton: The transition table; events it does not define are ignored.
  ///   - feedbacks: The feedback loops.
  ///   - onError: Turns an error of a feedback's work into an event.
  public init(
    automaton: Automaton<State, Event, Never>,
    feedbacks: [Feedback<State, Event>],
    onError: @escaping @Sendable (any Error) -> Event? = { _ in nil }
  ) {
    self.automaton = automaton
    self.feedbacks = feedbacks
    self.onError = onError
  }

  /// Steps the automaton and starts or cancels the feedbacks whose query changed.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - action: The event.
  /// - Returns: The step, then the feedbacks' work.
  public func act(_ state: State, _ action: Event) -> Effects<Effect> {
    var machine = AutomatonMachine(automaton, state: state, undefinedEvents: .ignore)
    guard let step = try? machine.send(action), case .transitioned(let from, let to, _) = step
    else { return .none }
    return .merge([.just(.step(step))] + feedbacks.indices.map { work(of: $0, from: from, to: to) })
  }

  /// What feedback `index` does when the machine goes from `old` to `new`.
  func work(of index: Int, from old: State?, to new: State) -> Effects<Effect> {
    let feedback = feedbacks[index]
    let query = feedback.query(new)
    if let old, feedback.query(old) == query { return .none }
    guard let start = feedback.start(new) else { return .cancel(id: FeedbackID(index: index)) }
    return Effects.run(name: "feedback \(index)") { send in
      try await start(send.map { Effect.feedback($0) })
    }
    .cancellable(id: FeedbackID(index: index), cancelInFlight: true)
  }

  /// Moves to the step's state.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - effect: The effect.
  public func reduce(_ state: inout State, _ effect: Effect) {
    if case .step(let step) = effect { state = step.state }
  }

  /// Publishes the automaton's steps.
  ///
  /// - Parameters:
  ///   - action: The event.
  ///   - effect: The effect.
  ///   - state: The state after it.
  /// - Returns: The step, if the effect is one.
  public func publishNews(_ action: Event, _ effect: Effect, _ state: State) -> News? {
    if case .step(let step) = effect { step } else { nil }
  }

  /// Feeds a feedback's event back to the automaton.
  ///
  /// - Parameters:
  ///   - action: The event that started the work.
  ///   - effect: The effect.
  ///   - state: The state after it.
  /// - Returns: The feedback's event.
  public func postProcess(_ action: Event, _ effect: Effect, _ state: State) -> Event? {
    if case .feedback(let event) = effect { event } else { nil }
  }

  /// Starts the feedbacks of the initial state.
  ///
  /// - Returns: Their work, whose events are handled as actions.
  public func bootstrap() -> Effects<Event> {
    guard let initial = automaton.initialState else { return .none }
    return .merge(
      feedbacks.indices.map { index in
        guard let start = feedbacks[index].start(initial) else { return .none }
        return Effects<Event>.run(name: "feedback \(index)") { send in try await start(send) }
          .cancellable(id: FeedbackID(index: index), cancelInFlight: true)
      })
  }

  /// Turns a feedback's error into an event with `onError`.
  ///
  /// - Parameters:
  ///   - error: The error thrown.
  ///   - action: The event that started the work.
  /// - Returns: The event, as an effect fed back.
  public func effect(for error: any Error, from action: Event) -> Effect? {
    onError(error).map(Effect.feedback)
  }
}

extension FeedbackLoop.Effect: Equatable where Event: Equatable {}

/// The cancellation identifier of a feedback's work.
struct FeedbackID: Hashable, Sendable {
  let index: Int
}

/// One event after a delay on a clock: a debounce, as an `AsyncSequence`.
public struct AfterDelay<Event: Sendable, C: Clock>: AsyncSequence, Sendable
where C.Duration: Sendable {
  /// The event.
  public let event: Event
  /// The delay.
  public let delay: C.Duration
  /// The clock.
  public let clock: C

  /// Creates the sequence.
  ///
  /// - Parameters:
  ///   - event: The event sent after the delay.
  ///   - delay: How long to wait.
  ///   - clock: The clock to wait on; a virtual clock in tests.
  public init(_ event: Event, after delay: C.Duration, on clock: C) {
    self.event = event
    self.delay = delay
    self.clock = clock
  }

  /// Waits, then produces the event once.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var pending: AfterDelay?

    /// The event after the delay, then `nil`.
    public mutating func next() async throws -> Event? {
      guard let sequence = pending else { return nil }
      pending = nil
      try await sequence.clock.sleep(for: sequence.delay)
      return sequence.event
    }
  }

  /// Makes the iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(pending: self)
  }
}
