/// A list of distinct states in order of first appearance.
internal struct OrderedStates<State: Hashable> {
  private(set) var elements: [State] = []
  private var seen: Set<State> = []

  mutating func append(_ state: State) {
    if seen.insert(state).inserted {
      elements.append(state)
    }
  }

  mutating func insert(_ state: State, at index: Int) {
    if seen.insert(state).inserted {
      elements.insert(state, at: index)
    }
  }

  func contains(_ state: State) -> Bool {
    seen.contains(state)
  }
}
