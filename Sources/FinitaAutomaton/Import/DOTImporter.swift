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
/// The file is read as Graphviz reads it: the whole DOT grammar, any line ends (LF, CRLF, CR),
/// HTML-like labels as text (`<br/>` is a line break). Problems are reported as
/// ``DOTImportError`` with a line, a column in characters and a hint. See <doc:ImportingDOT>.
public enum DOTImporter {
  /// Reads a Mealy machine: edges labelled `input/output`.
  ///
  /// - Parameter text: The DOT source.
  /// - Returns: The machine; outputs are per transition.
  /// - Throws: ``DOTImportError`` for malformed or nondeterministic files.
  public static func mealyMachine(from text: String) throws(DOTImportError) -> Automaton<
    String, String, String
  > {
    var graph = try DOTParser.parse(text)
    return try build(from: &graph, moore: false)
  }

  /// Reads a Moore machine: states labelled `{ name | output }`, edges labelled with the input.
  ///
  /// - Parameter text: The DOT source.
  /// - Returns: The machine; outputs are per state.
  /// - Throws: ``DOTImportError`` for malformed or nondeterministic files.
  public static func mooreMachine(from text: String) throws(DOTImportError) -> Automaton<
    String, String, String
  > {
    var graph = try DOTParser.parse(text)
    return try build(from: &graph, moore: true)
  }

  private static func isStart(_ id: String) -> Bool {
    id.hasPrefix("__start")
  }

  /// What an edge label says, read once per distinct label: the input by its number in
  /// `inputs`.
  private struct Reading {
    let inputNumber: Int
    let output: String?
  }

  /// The automaton `graph` describes; `graph` loses its edges once they are read, so that
  /// their memory is free before the automaton is compiled.
  private static func build(from graph: inout DOTGraph, moore: Bool) throws(DOTImportError)
    -> Automaton<String, String, String>
  {
    func error(
      _ code: DOTImportError.Code, at position: DOTPosition, message: String, hint: String
    ) -> DOTImportError {
      let (line, column) = graph.location(of: position)
      return DOTImportError(code, line: line, column: column, message: message, hint: hint)
    }
    guard graph.isDirected else {
      throw error(
        .unsupported, at: graph.position, message: "The file is an undirected graph.",
        hint: "Automata are directed: start the file with 'digraph' and use '->' for edges.")
    }
    if let subgraph = graph.firstSubgraph {
      throw error(
        .unsupported, at: subgraph,
        message: "Subgraphs are not supported in a machine file.",
        hint: "Write the states and edges directly in the digraph's body.")
    }
    func text(of value: DOTGraph.Value) throws(DOTImportError) -> String {
      guard value.isHTML else { return DOTLabel.decode(graph.text(of: value)) }
      let content = DOTHTML.content(of: graph.text(of: value))
      guard !content.hasTable else {
        throw error(
          .unsupported, at: value.position,
          message: "An HTML table cannot be read as a state or transition name.",
          hint: "Label it with text: label=<a<br/>b> or label=\"a\".")
      }
      return content.text.withUnsafeBufferPointer { DOTLabel.trimmed($0) }
    }

    // Name every state and, for Moore machines, find its output.
    let count = graph.names.count
    let ids = graph.names
    var names = ids
    var isState = [Bool](repeating: false, count: count)
    var owners: [String: Int] = [:]
    owners.reserveCapacity(count)
    var outputs: [String: String] = [:]
    var states: [String] = []
    states.reserveCapacity(count)
    // Each node's number among the states, in `states` order; -1 for a start node.
    var stateNumbers = [Int32](repeating: -1, count: count)
    for number in 0..<count where !isStart(ids[number]) {
      let id = ids[number]
      let position = graph.statements[number] ?? graph.mentions[number]
      var name = id
      if moore {
        let fields =
          try graph.labels[number].map { value throws(DOTImportError) in
            DOTLabel.recordFields(value.isHTML ? try text(of: value) : graph.text(of: value))
          } ?? []
        guard fields.count == 2, !fields[1].isEmpty else {
          throw error(
            .missingOutput, at: position,
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
      } else if let value = graph.labels[number] {
        let label = try text(of: value)
        if !label.isEmpty {
          name = label
        }
      }
      if let owner = owners.updateValue(number, forKey: name) {
        throw error(
          .duplicateState, at: position,
          message: "Nodes '\(ids[owner])' and '\(id)' are both named '\(name)'.",
          hint: "Give each state a distinct label."
        )
      }
      names[number] = name
      isState[number] = true
      stateNumbers[number] = Int32(states.count)
      states.append(name)
    }

    // The initial state.
    var startEdge: DOTGraph.Edge?
    for edge in graph.edges where !isState[edge.from] {
      guard let first = startEdge else {
        startEdge = edge
        continue
      }
      throw error(
        .multipleInitialStates, at: edge.position,
        message: """
          A second initial state '\(ids[edge.to])' is marked; \
          '\(ids[first.to])' was marked on line \(graph.location(of: first.position).line).
          """,
        hint: "Keep exactly one edge from a __start node."
      )
    }
    guard let startEdge else {
      throw error(
        .missingInitialState, at: graph.position,
        message: "No initial state is marked.",
        hint: """
          Mark it with an edge from a start node: __start0 [label="" shape="none"]; \
          __start0 -> s0;
          """
      )
    }
    let initial = names[startEdge.to]

    // The transitions, numbered as the automaton numbers them: the states in `states` order,
    // each input by its first appearance. The automaton is then built from the numbers, without
    // hashing a name per transition.
    var transitions: [Transition<String, String, String>] = []
    transitions.reserveCapacity(graph.edges.count)
    var fromNumbers: [Int32] = []
    var inputNumbersOfTransitions: [Int32] = []
    var toNumbers: [Int32] = []
    fromNumbers.reserveCapacity(graph.edges.count)
    inputNumbersOfTransitions.reserveCapacity(graph.edges.count)
    toNumbers.reserveCapacity(graph.edges.count)
    // The transition of each node and input number, -1 for none: one flat table with a row of
    // `inputCapacity` per node, widened (doubling) when an input number reaches it. Learned
    // models have few inputs.
    var inputCapacity = 8
    var rows = [Int32](repeating: -1, count: count * inputCapacity)
    // Learned models repeat a few labels over many edges: each is decoded and split once.
    var readings = [Reading?](repeating: nil, count: graph.textCount)
    var inputNumbers: [String: Int] = [:]
    var inputs: [String] = []
    var edgeOfTransition: [Int] = []
    for (edgeNumber, edge) in graph.edges.enumerated() where isState[edge.from] {
      let from = ids[edge.from]
      let to = ids[edge.to]
      guard let value = edge.label else {
        throw error(
          .missingLabel, at: edge.position,
          message: "Edge \(from) -> \(to) has no label.",
          hint: moore
            ? "Label it with its input: [label=\"a\"]."
            : "Label it with its input and output: [label=\"a/1\"]."
        )
      }
      let reading: Reading
      if !value.isHTML, let known = readings[value.key] {
        reading = known
      } else {
        let label = try text(of: value)
        let input: String
        let output: String?
        if moore {
          input = label
          output = nil
        } else {
          guard let (before, after) = DOTLabel.split(label, at: .slash) else {
            throw error(
              .invalidLabel, at: edge.position,
              message: "Edge \(from) -> \(to) is labelled '\(label)', not input/output.",
              hint: """
                Write the Mealy output after a slash: [label="\(label)/output"]; for a Moore \
                machine use mooreMachine(from:).
                """
            )
          }
          input = before
          output = after
        }
        guard !input.isEmpty else {
          throw error(
            .invalidLabel, at: edge.position,
            message: "Edge \(from) -> \(to) has an empty input in '\(label)'.",
            hint: "Write the input before the slash: [label=\"a/1\"]."
          )
        }
        let inputNumber = inputNumbers[input, default: inputNumbers.count]
        if inputNumber == inputs.count {
          inputNumbers[input] = inputNumber
          inputs.append(input)
        }
        reading = Reading(inputNumber: inputNumber, output: output)
        if !value.isHTML {
          readings[value.key] = reading
        }
      }
      let (input, output) = (inputs[reading.inputNumber], reading.output)
      let target = names[edge.to]
      if reading.inputNumber >= inputCapacity {
        let wider = inputCapacity * 2
        var widened = [Int32](repeating: -1, count: count * wider)
        for node in 0..<count {
          for input in 0..<inputCapacity {
            widened[node * wider + input] = rows[node * inputCapacity + input]
          }
        }
        rows = widened
        inputCapacity = wider
      }
      let slot = edge.from * inputCapacity + reading.inputNumber
      let previousNumber = rows[slot]
      if previousNumber >= 0 {
        let previous = Int(previousNumber)
        // An imported transition's output label is its output as read.
        if transitions[previous].to == target && transitions[previous].outputLabel == output {
          continue
        }
        let line = graph.location(of: graph.edges[edgeOfTransition[previous]].position).line
        throw error(
          .nondeterministic, at: edge.position,
          message: """
            State '\(names[edge.from])' has two transitions on '\(input)': to \
            '\(transitions[previous].to)' on line \(line) and to '\(target)' here.
            """,
          hint: "A learned machine is deterministic; remove one of the edges."
        )
      }
      rows[slot] = Int32(transitions.count)
      if let output {
        transitions.append(
          Transition(from: names[edge.from], to: target, by: input, output: output, label: output))
      } else {
        transitions.append(Transition(from: names[edge.from], to: target, by: input))
      }
      edgeOfTransition.append(edgeNumber)
      fromNumbers.append(stateNumbers[edge.from])
      inputNumbersOfTransitions.append(Int32(reading.inputNumber))
      toNumbers.append(stateNumbers[edge.to])
    }
    graph.edges = []
    // An edge into a node that is no state (a start node) or a start edge that leads to one
    // makes a state the automaton adds by itself: built from components, as declared.
    guard isState[startEdge.to], !toNumbers.contains(-1) else {
      var components: [AutomatonComponent<String, String, String>] = states.map {
        .declaration($0)
      }
      components.append(.initial(initial))
      components += transitions.map { .transition($0) }
      components += outputs.map { .stateOutput($0.key, $0.value) }
      return Automaton(components: components)
    }
    return Automaton(
      numbered: AutomatonDeclaration(
        states: states, initialState: initial, transitions: transitions, stateOutputs: outputs),
      kinds: inputs, from: fromNumbers, kind: inputNumbersOfTransitions, to: toNumbers)
  }
}
