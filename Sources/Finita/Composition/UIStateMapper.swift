/// Combines the states of one or more features into one view state, drops duplicates, and
/// publishes each change: the "MVI state -> UIStateMapper -> ViewModel -> View" step.
///
/// A feature's state is business state (service models, loading flags); the view state is what
/// the screen draws (formatted text, rows, a spinner). `map` turns one into the other. Because
/// every effect produces a state, and several features change independently, the mapper
/// compares each new view state with the last one and publishes it only when it differs: the
/// view sees one change per relevant change.
///
/// ```swift
/// struct ResumeViewState: Equatable, Sendable {
///   var title: String
///   var isSpinnerVisible: Bool
/// }
///
/// let mapper = UIStateMapper(resume, session) { resume, session in
///   ResumeViewState(
///     title: resume.title ?? "Resume",
///     isSpinnerVisible: resume.isLoading || session.isRefreshing
///   )
/// }
/// let subscription = mapper.observe { viewState in render(viewState) }
/// ```
///
/// `map` runs on the thread of the feature whose state changed, one call at a time; view states
/// are published in order, even when the features process on different threads. A view state
/// caused while observers are being called (an observer that sends a wish) is published after
/// the current one. The mapper stops following the features when it is released or
/// ``cancel()`` is called.
public final class UIStateMapper<ViewState: Equatable & Sendable>: Sendable {
  private let core: MapperCore<ViewState>

  /// Follows the states of `features` and maps them to a view state.
  ///
  /// The first view state is computed at once from the features' current states, so
  /// ``viewState`` is available as soon as the mapper exists.
  ///
  /// - Parameters:
  ///   - features: The features whose states make the view state.
  ///   - map: Builds the view state from the features' states, in the order given.
  public init<each Definition: FeatureDefinition>(
    _ features: repeat Feature<each Definition>,
    map: @escaping @Sendable (repeat (each Definition).State) -> ViewState
  ) {
    var initial: [any Sendable] = []
    for feature in repeat each features {
      initial.append(feature.state)
    }
    let compute: @Sendable ([any Sendable]) -> ViewState = { states in
      var index = 0
      func next<State>(_ type: State.Type) -> State {
        defer { index += 1 }
        guard let state = states[index] as? State else {
          preconditionFailure("Internal inconsistency: state \(index) is not a \(State.self)")
        }
        return state
      }
      return map(repeat next((each Definition).State.self))
    }
    core = MapperCore(states: initial, compute: compute)
    var subscriptions: [Subscription] = []
    var slot = 0
    for feature in repeat each features {
      let index = slot
      subscriptions.append(
        feature.subscribeStates(
          receive: { [weak core] state in core?.update(index, to: state) },
          finish: {}
        )
      )
      slot += 1
    }
    core.keep(subscriptions)
  }

  deinit {
    core.cancel()
  }

  /// The latest view state.
  public var viewState: ViewState {
    core.viewState
  }

  /// Calls `observer` with the current view state, then with each different one, until the
  /// returned subscription is cancelled or released.
  ///
  /// - Parameter observer: Receives view states, one call at a time.
  /// - Returns: A subscription; keep it for as long as you want view states.
  public func observe(_ observer: @escaping @Sendable (ViewState) -> Void) -> Subscription {
    subscribe(receive: observer, finish: {})
  }

  /// The current view state, then each different one; finishes when the mapper is cancelled or
  /// released.
  public var viewStates: AsyncStream<ViewState> {
    let (stream, continuation) = AsyncStream.makeStream(of: ViewState.self)
    let subscription = subscribe(
      receive: { continuation.yield($0) },
      finish: { continuation.finish() }
    )
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
  }

  /// Stops following the features and finishes every ``viewStates`` sequence. ``viewState``
  /// keeps the last value.
  public func cancel() {
    core.cancel()
  }

  func subscribe(
    receive: @escaping @Sendable (ViewState) -> Void,
    finish: @escaping @Sendable () -> Void
  ) -> Subscription {
    core.subscribe(receive: receive, finish: finish)
  }
}
