/// Explores an automaton for model-based testing: shortest routes to states, simple paths
/// between states, and event sequences that cover every transition.
///
/// Exploration fires real events, so guards are evaluated. You give sample events: one per kind
/// where the payload does not matter, several where guards look at it (enough money and not
/// enough). When the event kinds are `CaseIterable`, a closure with an exhaustive `switch`
/// makes sure no kind is forgotten:
///
/// ```swift
/// let explorer = AutomatonExplorer(meter) { kind in
///   switch kind {
///   case .enterPlate: [.enterPlate("A 123 BC")]
///   case .insert: [.insert(amount: 500), .insert(amount: 100)]
///   case .leave: [.leave]
///   }
/// }
/// let route = explorer.shortestPath(to: .paid)  // [.enterPlate, .insert(500)]
/// ```
///
/// Payload-free `CaseIterable` events need no samples: `AutomatonExplorer(player)`.
public struct AutomatonExplorer<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
>:
  Sendable
{
  /// The automaton explored.
  public let automaton: Automaton<State, Event, Output>
  /// The events tried in every state, in order.
  public let samples: [Event]
  /// Where routes start: the automaton's initial state unless given.
  public let start: State?

  /// Creates an explorer trying `samples` in every state.
  ///
  /// - Parameters:
  ///   - automaton: The automaton.
  ///   - samples: Sample events; several of one kind when guards look at the payload.
  ///   - start: Where routes start; the initial state by default.
  public init(
    _ automaton: Automaton<State, Event, Output>,
    samples: [Event],
    start: State? = nil
  ) {
    self.automaton = automaton
    self.samples = samples
    self.start = start ?? automaton.initialState
  }

  /// One transition the explorer can fire: from a state, with a sample event.
  internal struct Edge {
    let from: State
    let to: State
    let event: Event
    let row: Int
  }

  /// The number of the first edge of each computed transition.
  private var computedRowOffsets: [Int] {
    var offsets: [Int] = []
    var next = automaton.rows.count
    for row in automaton.computedRows {
      offsets.append(next)
      next += max(row.toNames.count, 1)
    }
    return offsets
  }

  /// Exploration stops after this many states, which only computed transitions can exceed.
  internal static var stateLimit: Int { 10_000 }

  /// The distinct transitions that the samples fire in `state`, first sample first.
  internal func edges(from state: State) -> [Edge] {
    var rows: Set<Int> = []
    var edges: [Edge] = []
    for sample in samples {
      switch automaton.resolve(state, sample) {
      case .matched(let row, _):
        if rows.insert(row).inserted {
          edges.append(Edge(from: state, to: automaton.rows[row].to, event: sample, row: row))
        }
      case .rejected:
        continue
      case .undefined:
        // A computed transition is one edge per kind it enters, numbered after the table's rows.
        guard automaton.compiled.hasComputedRows,
          case .fired(let next, _, let index) = automaton.resolveComputed(state, sample)
        else { continue }
        let computed = automaton.computedRows[index]
        let target = computed.toNames.firstIndex(of: computed.kindName(next)) ?? 0
        let row = computedRowOffsets[index] + target
        if rows.insert(row).inserted {
          edges.append(Edge(from: state, to: next, event: sample, row: row))
        }
      }
    }
    return edges
  }

  /// The shortest route from the start to every reachable state, in breadth-first order (the
  /// start itself first, with no events).
  ///
  /// - Returns: One path per reachable state.
  public func shortestPaths() -> [AutomatonPath<State, Event>] {
    guard let start else { return [] }
    var routes: [State: [Edge]] = [start: []]
    var order = [start]
    var head = 0
    while head < order.count && order.count < Self.stateLimit {
      let state = order[head]
      head += 1
      for edge in edges(from: state) where routes[edge.to] == nil {
        routes[edge.to] = (routes[state] ?? []) + [edge]
        order.append(edge.to)
      }
    }
    return order.map { path(start: start, edges: routes[$0] ?? []) }
  }

  /// The shortest route from the start to `target`, or `nil` when the samples cannot reach it.
  ///
  /// - Parameter target: The state to reach.
  /// - Returns: The route.
  public func shortestPath(to target: State) -> AutomatonPath<State, Event>? {
    shortestPaths().first { $0.end == target }
  }

  /// Routes from `source` to `target` that visit no state twice, shortest first, at most
  /// `limit` of them.
  ///
  /// - Parameters:
  ///   - source: The first state.
  ///   - target: The last state.
  ///   - limit: The largest number of paths returned.
  /// - Returns: The paths; just the empty path when `source == target`.
  public func simplePaths(from source: State, to target: State, limit: Int = 100)
    -> [AutomatonPath<State, Event>]
  {
    guard limit > 0 else { return [] }
    if source == target {
      return [AutomatonPath(start: source, events: [], states: [])]
    }
    var found: [[Edge]] = []
    var visited: Set<State> = [source]
    var route: [Edge] = []
    var edgeCache: [State: [Edge]] = [:]

    func search(_ state: State) {
      let outgoing = edgeCache[state] ?? edges(from: state)
      edgeCache[state] = outgoing
      for edge in outgoing where !visited.contains(edge.to) {
        guard found.count < limit else { return }
        route.append(edge)
        if edge.to == target {
          found.append(route)
        } else {
          visited.insert(edge.to)
          search(edge.to)
          visited.remove(edge.to)
        }
        route.removeLast()
      }
    }
    search(source)
    return found.sorted { $0.count < $1.count }.map { path(start: source, edges: $0) }
  }

  /// A few event sequences from the start that together take every transition the samples can
  /// fire, found greedily: each sequence repeatedly walks the shortest way to the nearest
  /// transition not yet taken, and a new sequence starts when none is reachable any more.
  ///
  /// - Returns: The sequences and the transitions they cannot take.
  public func transitionCover() -> TransitionCover<State, Event, Output> {
    var outgoing: [State: [Edge]] = [:]
    var uncovered: Set<Int> = []
    if let start {
      var order = [start]
      var seen: Set<State> = [start]
      var head = 0
      while head < order.count && order.count < Self.stateLimit {
        let state = order[head]
        head += 1
        let found = edges(from: state)
        outgoing[state] = found
        for edge in found {
          uncovered.insert(edge.row)
          if seen.insert(edge.to).inserted {
            order.append(edge.to)
          }
        }
      }
    }
    let reachableRows = uncovered

    var paths: [AutomatonPath<State, Event>] = []
    while let start, !uncovered.isEmpty {
      var state = start
      var walked: [Edge] = []
      while let route = nearestUncovered(from: state, in: outgoing, uncovered: uncovered) {
        for edge in route {
          uncovered.remove(edge.row)
        }
        walked += route
        state = route.last?.to ?? state
      }
      if walked.isEmpty {
        break
      }
      paths.append(path(start: start, edges: walked))
    }

    let missing = automaton.transitions.indices
      .filter { !reachableRows.contains(automaton.rowOfTransition[$0]) }
      .map { automaton.transitions[$0] }
    return TransitionCover(
      paths: paths,
      uncovered: missing,
      coveredCount: reachableRows.count - uncovered.count
    )
  }

  /// The shortest list of edges from `state` ending with an edge not yet taken.
  private func nearestUncovered(
    from state: State,
    in outgoing: [State: [Edge]],
    uncovered: Set<Int>
  ) -> [Edge]? {
    var routes: [State: [Edge]] = [state: []]
    var order = [state]
    var head = 0
    while head < order.count {
      let current = order[head]
      head += 1
      let route = routes[current] ?? []
      let edges = outgoing[current] ?? []
      if let edge = edges.first(where: { uncovered.contains($0.row) }) {
        return route + [edge]
      }
      for edge in edges where routes[edge.to] == nil {
        routes[edge.to] = route + [edge]
        order.append(edge.to)
      }
    }
    return nil
  }

  private func path(start: State, edges: [Edge]) -> AutomatonPath<State, Event> {
    AutomatonPath(start: start, events: edges.map(\.event), states: edges.map(\.to))
  }
}

extension AutomatonExplorer where Event.Kind: CaseIterable {
  /// Creates an explorer that asks for the samples of every event kind, so an exhaustive
  /// `switch` guarantees that no kind is forgotten.
  ///
  /// - Parameters:
  ///   - automaton: The automaton.
  ///   - start: Where routes start; the initial state by default.
  ///   - samples: The sample events of a kind; several when guards look at the payload.
  public init(
    _ automaton: Automaton<State, Event, Output>,
    start: State? = nil,
    samples: (Event.Kind) -> [Event]
  ) {
    self.init(automaton, samples: Event.Kind.allCases.flatMap(samples), start: start)
  }
}

extension AutomatonExplorer where Event: CaseIterable {
  /// Creates an explorer for payload-free events that tries every event in every state.
  ///
  /// - Parameters:
  ///   - automaton: The automaton.
  ///   - start: Where routes start; the initial state by default.
  public init(_ automaton: Automaton<State, Event, Output>, start: State? = nil) {
    self.init(automaton, samples: Array(Event.allCases), start: start)
  }
}
