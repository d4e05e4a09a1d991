/// A state diagram, independent of its format: states (nested for statecharts), the initial
/// states, labelled transitions and the highlighted states. FinitaAutomaton and FinitaStatechart
/// lower their machines into it; ``dot()``, ``mermaid()`` and ``plantUML()`` write it, so the
/// escaping, quoting and layout of each format are written once.
///
/// ```swift
/// let diagram = Diagram(
///   name: "door", notation: .automaton,
///   states: [.init(id: "s0", name: "closed"), .init(id: "s1", name: "open", kind: .final)],
///   initial: ["s0"],
///   transitions: [.init(from: "s0", to: "s1", label: "open")])
/// print(diagram.mermaid())
/// ```
package struct Diagram: Sendable, Hashable {
  /// How states are drawn where the format leaves it to us (DOT).
  package enum Notation: Sendable, Hashable {
    /// Automata: circles, and an arrow from an invisible `__start0` node to the initial state,
    /// as automata-learning tools write it.
    case automaton
    /// UML statecharts: rounded boxes, and a filled dot for each initial pseudostate.
    case statechart
  }

  /// The direction states are laid out in.
  package enum Direction: Sendable, Hashable {
    /// Left to right.
    case leftToRight
    /// Top to bottom.
    case topToBottom
  }

  /// A state, with its children when it is compound or parallel.
  package struct State: Sendable, Hashable {
    /// What kind of state it is.
    package enum Kind: Sendable, Hashable {
      /// A state without children.
      case simple
      /// A final state.
      case final
      /// A history pseudostate: `H`, or `H*` when `deep`.
      case history(deep: Bool)
      /// A state with exactly one active child.
      case compound
      /// A state whose children (its regions) are all active at once.
      case parallel
    }

    /// The identifier in the source: `s` and a number, unique in the diagram.
    package var id: String
    /// The name shown.
    package var name: String
    /// The kind.
    package var kind: Kind
    /// A Moore output, shown with the state.
    package var output: String?
    /// Lines such as `entry / action`, shown with the state.
    package var notes: [String]
    /// Whether the state is drawn highlighted, such as a current state.
    package var isHighlighted: Bool
    /// The states inside a compound or parallel state, in document order.
    package var children: [State]
    /// The ids of a compound state's initial states.
    package var initial: [String]

    /// Creates a state.
    package init(
      id: String,
      name: String,
      kind: Kind = .simple,
      output: String? = nil,
      notes: [String] = [],
      isHighlighted: Bool = false,
      children: [State] = [],
      initial: [String] = []
    ) {
      self.id = id
      self.name = name
      self.kind = kind
      self.output = output
      self.notes = notes
      self.isHighlighted = isHighlighted
      self.children = children
      self.initial = initial
    }

    /// Whether the state is compound or parallel: drawn as a container of its children.
    package var isComposite: Bool { kind == .compound || kind == .parallel }

    /// Whether the state is a history pseudostate.
    package var isHistory: Bool {
      if case .history = kind { return true }
      return false
    }
  }

  /// A transition.
  package struct Transition: Sendable, Hashable {
    /// The source state's id.
    package var from: String
    /// The target state's id.
    package var to: String
    /// The label, such as `event [guard] / output`; empty for none.
    package var label: String
    /// Whether the transition is internal (runs no exit or entry): drawn dashed.
    package var isInternal: Bool

    /// Creates a transition.
    package init(from: String, to: String, label: String, isInternal: Bool = false) {
      self.from = from
      self.to = to
      self.label = label
      self.isInternal = isInternal
    }
  }

  /// The DOT graph's name.
  package var name: String
  /// How states are drawn.
  package var notation: Notation
  /// A title shown above the diagram, or `nil`.
  package var title: String?
  /// The layout direction, or `nil` for the tool's own.
  package var direction: Direction?
  /// The fill color of highlighted states, as `#rrggbb`.
  package var highlightColor: String
  /// The top-level states, in document order.
  package var states: [State]
  /// The ids of the initial top-level states.
  package var initial: [String]
  /// The transitions, in the order they are drawn.
  package var transitions: [Transition]

  /// Creates a diagram.
  package init(
    name: String,
    notation: Notation,
    title: String? = nil,
    direction: Direction? = nil,
    highlightColor: String = "#ffd54f",
    states: [State],
    initial: [String],
    transitions: [Transition]
  ) {
    self.name = name
    self.notation = notation
    self.title = title
    self.direction = direction
    self.highlightColor = highlightColor
    self.states = states
    self.initial = initial
    self.transitions = transitions
  }

  /// Every state, parents before their children, in document order.
  var allStates: [State] {
    var result: [State] = []
    func visit(_ state: State) {
      result.append(state)
      state.children.forEach(visit)
    }
    states.forEach(visit)
    return result
  }
}
