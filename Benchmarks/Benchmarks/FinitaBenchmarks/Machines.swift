import FinitaAutomaton

/// An event of the 50 x 50 table: its kind selects the row, its payload feeds the guard.
struct TableEvent: AutomatonEvent {
  let kind: Int
  let payload: Int
}

/// 50 states, 50 event kinds, 2,500 guarded transitions.
let guardedTable = Automaton<Int, TableEvent, Never>(
  initialState: 0,
  transitions: (0..<50).flatMap { state in
    (0..<50).map { kind in
      Transition<Int, TableEvent, Never>(from: state, to: (state * 7 + kind) % 50, by: kind)
        .guarded("payload >= 0") { _, event in event.payload >= 0 }
    }
  }
)
