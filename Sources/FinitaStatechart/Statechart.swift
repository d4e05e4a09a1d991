/// A statechart: states nested in compound and parallel states, with history, final states,
/// guarded and eventless transitions, and actions, run to the W3C SCXML semantics.
///
/// A chart is an immutable, validated value. Declare it with the DSL, with plain
/// ``StatechartState`` values, or import it from SCXML with ``init(scxml:)``; run it with a
/// ``StatechartMachine`` (pure steps) or as a feature with ``StatechartDefinition``.
///
/// ```swift
/// let player = try Statechart(name: "player") {
///   State("stopped") {
///     On("play", to: "playing")
///   }
///   State("playing") {
///     History("resume", deep: true, default: "buffering")
///     State("buffering") { On("buffered", to: "streaming") }
///     State("streaming")
///     On("pause", to: "paused")
///   }
///   State("paused") {
///     On("play", to: "resume")
///   }
/// }
/// var machine = StatechartMachine(player)
/// machine.send("play")
/// machine.configuration  // ["buffering"]
/// ```
///
/// Creating a chart checks it and reports every problem at once in a ``StatechartError``:
/// duplicate ids, unknown targets, initial states that are not descendants, default entries that
/// loop.
public struct Statechart: Sendable {
  /// The chart's name, used by diagrams.
  public let name: String
  /// The top-level states, in document order.
  public let states: [StatechartState]
  /// The states entered when the chart starts; empty for the first top-level state.
  public let initial: [String]
  /// The precomputed indexes the machine runs on.
  @usableFromInline
  internal let tables: ChartTables

  /// Creates a chart from plain values.
  ///
  /// - Parameters:
  ///   - name: The chart's name, used by diagrams.
  ///   - initial: The ids of the states entered at start; empty for the first top-level state.
  ///   - states: The top-level states, in document order.
  /// - Throws: ``StatechartError`` listing every problem found.
  public init(
    name: String = "statechart",
    initial: [String] = [],
    states: [StatechartState]
  ) throws(StatechartError) {
    try self.init(name: name, initial: initial, states: states, location: nil)
  }

  /// Creates a chart with the DSL.
  ///
  /// - Parameters:
  ///   - name: The chart's name, used by diagrams.
  ///   - initial: The id of the state entered at start; `nil` for the first top-level state.
  ///   - content: The top-level states.
  /// - Throws: ``StatechartError`` listing every problem found, including transitions or
  ///   actions declared at the top level.
  public init(
    name: String = "statechart",
    initial: String? = nil,
    @StatechartBuilder _ content: () -> [StatechartElement]
  ) throws(StatechartError) {
    let root = StatechartState.assemble(id: "", kind: .state, initial: initial, content())
    guard root.transitions.isEmpty, root.onEntry.isEmpty, root.onExit.isEmpty else {
      throw StatechartError(issues: [
        StatechartIssue(
          .misplacedElement,
          "transitions and entry or exit actions must be declared inside a state, not at the "
            + "top level of the chart; wrap them in a state",
          at: nil
        )
      ])
    }
    try self.init(name: name, initial: root.initial, states: root.children, location: nil)
  }

  internal init(
    name: String,
    initial: [String],
    states: [StatechartState],
    location: SourceLocation?
  ) throws(StatechartError) {
    self.name = name
    self.states = states
    self.initial = initial
    var root = StatechartState(id: "", initial: initial, children: states)
    root.location = location
    var compiler = ChartCompiler(root: root)
    self.tables = try compiler.compile()
  }

  /// The ids of every state and pseudo-state, in document order.
  public var stateIDs: [String] {
    Array(tables.ids.dropFirst())
  }

  /// The state with this id, or `nil` when the chart has none.
  ///
  /// - Parameter id: A state's id.
  public func state(_ id: String) -> StatechartState? {
    func find(_ states: [StatechartState]) -> StatechartState? {
      for state in states {
        if state.id == id { return state }
        if let found = find(state.children) { return found }
      }
      return nil
    }
    return find(states)
  }

  /// The event handle for `name`, resolved once so that sending it needs no lookup.
  ///
  /// - Parameter name: The event's name, such as `play` or `error.network`.
  /// - Returns: The handle to pass to ``StatechartMachine/send(_:)-(StatechartEvent)``.
  public func event(_ name: String) -> StatechartEvent {
    StatechartEvent(
      name: name, eventClass: tables.eventClass(of: name), chart: ObjectIdentifier(tables))
  }
}

/// An event resolved against one chart, ready to be sent without looking its name up.
///
/// Get handles from ``Statechart/event(_:)`` and keep them: sending a handle is the fastest way
/// to drive a ``StatechartMachine``. A handle made by another chart is looked up by its name,
/// as ``StatechartMachine/send(_:)-(String)`` does; handles of different charts are not equal.
public struct StatechartEvent: Hashable, Sendable, CustomStringConvertible {
  /// The event's name.
  public let name: String
  /// Which transitions the event can match: an index into the chart's precomputed tables.
  @usableFromInline
  internal let eventClass: Int
  /// The tables `eventClass` indexes, so that a machine of another chart does not read them.
  @usableFromInline
  internal let chart: ObjectIdentifier

  @usableFromInline
  internal init(name: String, eventClass: Int, chart: ObjectIdentifier) {
    self.name = name
    self.eventClass = eventClass
    self.chart = chart
  }

  /// The event's name.
  public var description: String { name }
}
