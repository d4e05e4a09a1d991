/// Reads Mealy and Moore machines from DOT files as automata-learning tools (LearnLib, AALpy)
/// write them.
///
/// The initial state is the target of the edge from a `__start0` node; states are nodes, named
/// by their `label` when they have one and by their id otherwise.
///
/// A Mealy machine labels its edges `input/output`:
///
/// ```
/// digraph learned {
///   __start0 [label="" shape="none"];
///   s0 [label="s0"];
///   s1 [label="s1"];
///   __start0 -> s0;
///   s0 -> s1 [label="coin/unlock"];
///   s1 -> s0 [label="push/lock"];
/// }
/// ```
///
/// A Moore machine labels its states `{ name | output }` (record shape) and its edges with the
/// input alone. Both produce an ``Automaton`` over `String` states, inputs and outputs:
///
/// ```swift
/// let machine = try DOTImporter.mealyMachine(from: text)
/// machine.match(from: "s0", by: "coin")?.output  // "unlock"
/// ```
///
/// Problems are reported as ``DOTImportError`` with a line, a column and a hint.
public enum DOTImporter {
  /// Reads a Mealy machine: edges labelled `input/output`.
  ///
  /// - Parameter text: The DOT source.
  /// - Returns: The machine; outputs are per transition.
  /// - Throws: ``DOTImportError`` for malformed or nondeterministic files.
  public static func mealyMachine(from text: String) throws(DOTImportError) -> Automaton<
    String, String, String
  > {
    try build(from: DOTParser.parse(text), moore: false)
  }

  /// Reads a Moore machine: states labelled `{ name | output }`, edges labelled with the input.
  ///
  /// - Parameter text: The DOT source.
  /// - Returns: The machine; outputs are per state.
  /// - Throws: ``DOTImportError`` for malformed or nondeterministic files.
  public static func mooreMachine(from text: String) throws(DOTImportError) -> Automaton<
    String, String, String
  > {
    try build(from: DOTParser.parse(text), moore: true)
  }

  private static func isStart(_ id: String) -> Bool {
    id.hasPrefix("__start")
  }

  private static func build(from graph: DOTGraph, moore: Bool) throws(DOTImportError)
    -> Automaton<String, String, String>
  {
    // Name every state and, for Moore machines, find its output.
    var names: [String: String] = [:]
    var owners: [String: DOTGraph.Node] = [:]
    var outputs: [String: String] = [:]
    var states: [String] = []
    for id in graph.mentioned where !isStart(id) {
      let node = graph.node(id)
      var name = id
      if moore {
        let firstEdge = graph.edges.first { $0.from == id || $0.to == id }
        let line = node?.line ?? firstEdge?.line ?? graph.line
        let column = node?.column ?? firstEdge?.column ?? graph.column
        let fields = node?.attributes["label"].map(DOTLabel.recordFields) ?? []
        guard fields.count == 2, !fields[1].isEmpty else {
          throw DOTImportError(
            .missingOutput, line: line, column: column,
            message: "State '\(id)' has no output.",
            hint: """
              In a Moore machine every state is labelled with its name and output: \
              \(id) [shape="record" label="{ \(id) | output }"]; for a Mealy machine use \
              mealyMachine(from:).
              """
          )
        }
        if !fields[0].isEmpty {
          name = fields[0]
        }
        outputs[name] = fields[1]
      } else if let label = node?.attributes["label"].map(DOTLabel.decode), !label.isEmpty {
        name = label
      }
      if let owner = owners[name], let node {
        throw DOTImportError(
          .duplicateState, line: node.line, column: node.column,
          message: "Nodes '\(owner.id)' and '\(id)' are both named '\(name)'.",
          hint: "Give each state a distinct label."
        )
      }
      if let node {
        owners[name] = node
      }
      names[id] = name
      states.append(name)
    }

    // The initial state.
    let startEdges = graph.edges.filter { isStart($0.from) }
    guard let startEdge = startEdges.first else {
      throw DOTImportError(
        .missingInitialState, line: graph.line, column: graph.column,
        message: "No initial state is marked.",
        hint: """
          Mark it with an edge from a start node: __start0 [label="" shape="none"]; \
          __start0 -> s0;
          """
      )
    }
    if startEdges.count > 1 {
      let extra = startEdges[1]
      throw DOTImportError(
        .multipleInitialStates, line: extra.line, column: extra.column,
        message: """
          A second initial state '\(extra.to)' is marked; '\(startEdge.to)' was marked on line \
          \(startEdge.line).
          """,
        hint: "Keep exactly one edge from a __start node."
      )
    }
    let initial = names[startEdge.to] ?? startEdge.to

    // The transitions.
    var transitions: [Transition<String, String, String>] = []
    var firstEdge: [String: [String: DOTGraph.Edge]] = [:]
    var results: [String: [String: (to: String, output: String?)]] = [:]
    for edge in graph.edges where !isStart(edge.from) {
      guard let rawLabel = edge.attributes["label"] else {
        throw DOTImportError(
          .missingLabel, line: edge.line, column: edge.column,
          message: "Edge \(edge.from) -> \(edge.to) has no label.",
          hint: moore
            ? "Label it with its input: [label=\"a\"]."
            : "Label it with its input and output: [label=\"a/1\"]."
        )
      }
      let label = DOTLabel.decode(rawLabel)
      let from = names[edge.from] ?? edge.from
      let to = names[edge.to] ?? edge.to
      let input: String
      let output: String?
      if moore {
        input = label
        output = nil
      } else {
        guard let slash = label.firstIndex(of: "/") else {
          throw DOTImportError(
            .invalidLabel, line: edge.line, column: edge.column,
            message: "Edge \(edge.from) -> \(edge.to) is labelled '\(label)', not input/output.",
            hint: """
              Write the Mealy output after a slash: [label="\(label)/output"]; for a Moore \
              machine use mooreMachine(from:).
              """
          )
        }
        input = String(label[..<slash]).trimmedWhitespace
        output = String(label[label.index(after: slash)...]).trimmedWhitespace
      }
      guard !input.isEmpty else {
        throw DOTImportError(
          .invalidLabel, line: edge.line, column: edge.column,
          message: "Edge \(edge.from) -> \(edge.to) has an empty input in '\(label)'.",
          hint: "Write the input before the slash: [label=\"a/1\"]."
        )
      }
      if let previous = results[from]?[input] {
        if previous.to == to && previous.output == output {
          continue
        }
        let earlier = firstEdge[from]?[input]
        throw DOTImportError(
          .nondeterministic, line: edge.line, column: edge.column,
          message: """
            State '\(from)' has two transitions on '\(input)': to '\(previous.to)' on line \
            \(earlier?.line ?? 0) and to '\(to)' here.
            """,
          hint: "A learned machine is deterministic; remove one of the edges."
        )
      }
      results[from, default: [:]][input] = (to, output)
      firstEdge[from, default: [:]][input] = edge
      var transition = Transition<String, String, String>(from: from, to: to, by: input)
      if let output {
        transition = transition.output(output)
      }
      transitions.append(transition)
    }
    return Automaton(
      initialState: initial,
      transitions: transitions,
      stateOutputs: outputs,
      states: states
    )
  }
}
