/// A state in the statechart DSL: atomic, or compound when it declares child states.
///
/// ```swift
/// let player = try Statechart(name: "player") {
///   State("stopped") {
///     On("play", to: "playing")
///   }
///   State("playing", initial: "buffering") {
///     Entry(.emit("started"))
///     State("buffering") { On("buffered", to: "streaming") }
///     State("streaming")
///     On("stop", to: "stopped")
///   }
/// }
/// ```
public struct State: StatechartComponent {
  /// The declared state.
  public let element: StatechartElement

  /// Declares a state.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - initial: The child entered by default; `nil` for the first child.
  ///   - content: Child states, transitions, and entry and exit actions.
  public init(
    _ id: String,
    initial: String? = nil,
    @StatechartBuilder _ content: () -> [StatechartElement] = { [] }
  ) {
    element = .state(id, initial: initial, content)
  }
}

/// A parallel state in the statechart DSL: every child state (region) is active while it is.
///
/// ```swift
/// Parallel("loggedIn") {
///   State("sync") { ... }
///   State("chat") { ... }
/// }
/// ```
public struct Parallel: StatechartComponent {
  /// The declared state.
  public let element: StatechartElement

  /// Declares a parallel state.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - content: The regions (child states), transitions, and entry and exit actions.
  public init(_ id: String, @StatechartBuilder _ content: () -> [StatechartElement]) {
    element = .parallel(id, content)
  }
}

/// A final state in the statechart DSL: entering it raises `done.state.<parent id>`; at the
/// top level it finishes the chart.
public struct FinalState: StatechartComponent {
  /// The declared state.
  public let element: StatechartElement

  /// Declares a final state.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - content: Entry and exit actions.
  public init(_ id: String, @StatechartBuilder _ content: () -> [StatechartElement] = { [] }) {
    element = .final(id, content)
  }
}

/// A history pseudo-state in the statechart DSL: a transition to it re-enters what was active
/// in its parent when the parent was last exited.
///
/// ```swift
/// History("resume", deep: true, default: "buffering")
/// ```
public struct History: StatechartComponent {
  /// The declared pseudo-state.
  public let element: StatechartElement

  /// Declares a history pseudo-state of the enclosing state.
  ///
  /// - Parameters:
  ///   - id: The pseudo-state's id, unique in the chart.
  ///   - deep: Whether it restores the atomic descendants (deep) or only the active child.
  ///   - default: The ids, separated by spaces, entered while nothing has been recorded.
  public init(_ id: String, deep: Bool = false, default: String) {
    element = .history(id, deep: deep, default: `default`.split(separator: " ").map(String.init))
  }
}

/// A transition on events in the statechart DSL.
///
/// ```swift
/// On("error.*", to: "failed", actions: .emit("failed"))
/// On("tick", when: .in("running"), actions: .emit("tick"))  // targetless
/// ```
public struct On: StatechartComponent {
  /// The declared transition.
  public let element: StatechartElement

  /// Declares a transition.
  ///
  /// - Parameters:
  ///   - events: The event descriptors, separated by spaces (prefix and `*` matching).
  ///   - targets: The target ids, separated by spaces; `nil` for a targetless transition.
  ///   - guard: The condition under which the transition is enabled.
  ///   - isInternal: Whether the transition is internal.
  ///   - actions: The actions to run.
  public init(
    _ events: String,
    to targets: String? = nil,
    when guard: StatechartGuard? = nil,
    internal isInternal: Bool = false,
    actions: StatechartAction...
  ) {
    element = .transition(
      StatechartTransition(
        events: events.split(separator: " ").map(String.init),
        targets: targets?.split(separator: " ").map(String.init) ?? [],
        guard: `guard`,
        isInternal: isInternal,
        actions: actions
      )
    )
  }
}

/// An eventless transition in the statechart DSL: taken as soon as its state is active and its
/// guard holds.
public struct Always: StatechartComponent {
  /// The declared transition.
  public let element: StatechartElement

  /// Declares an eventless transition.
  ///
  /// - Parameters:
  ///   - targets: The target ids, separated by spaces.
  ///   - guard: The condition under which the transition is enabled.
  ///   - actions: The actions to run.
  public init(to targets: String, when guard: StatechartGuard? = nil, actions: StatechartAction...)
  {
    element = .transition(
      StatechartTransition(
        events: [],
        targets: targets.split(separator: " ").map(String.init),
        guard: `guard`,
        actions: actions
      )
    )
  }
}

/// Entry actions in the statechart DSL: run when the enclosing state is entered.
public struct Entry: StatechartComponent {
  /// The declared actions.
  public let element: StatechartElement

  /// Declares entry actions.
  ///
  /// - Parameter actions: The actions, in order.
  public init(_ actions: StatechartAction...) {
    element = StatechartElement(.onEntry(actions))
  }
}

/// Exit actions in the statechart DSL: run when the enclosing state is exited.
public struct Exit: StatechartComponent {
  /// The declared actions.
  public let element: StatechartElement

  /// Declares exit actions.
  ///
  /// - Parameter actions: The actions, in order.
  public init(_ actions: StatechartAction...) {
    element = StatechartElement(.onExit(actions))
  }
}
