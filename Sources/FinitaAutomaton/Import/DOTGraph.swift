/// A DOT graph as Graphviz reads it, reduced to what an automaton comes from: nodes, edges and
/// their labels, with positions for error messages.
///
/// Default attribute statements (`node [label=...]`, `edge [label=...]`) apply to the nodes
/// and edges created after them, in their subgraph, as in Graphviz; a `strict` graph keeps one
/// edge per pair of nodes. Attributes other than `label` are read and dropped.
///
/// `package`, so the differential test against Graphviz can compare the graph it reads.
package struct DOTGraph: Sendable {
  /// An attribute value: quoted strings and identifiers are `text` with the DOT escapes `\"`
  /// and line continuations resolved (label escapes such as `\n` are left for ``DOTLabel``);
  /// HTML strings are `html`, without their outer angle brackets.
  package struct Value: Sendable, Equatable {
    package var text: String
    package var isHTML: Bool
    /// Where the value starts, for problems found in it.
    package var position: DOTPosition
  }

  package struct Edge: Sendable {
    /// Node numbers, indices into `names`.
    package let from: Int
    package let to: Int
    package var label: Value?
    /// The start of the statement that made the edge.
    package let position: DOTPosition
  }

  /// The source, for columns of positions.
  let source: String
  package var isDirected = true
  package var isStrict = false
  /// Where the graph starts (its `digraph` keyword), for problems of the whole graph.
  package var position = DOTPosition.start
  /// Where the first subgraph starts, if there is one.
  package var firstSubgraph: DOTPosition?
  /// Node names in order of first mention; a node's number is its index here.
  package private(set) var names: [String] = []
  /// Each node's label, if it has one.
  package var labels: [Value?] = []
  /// Where each node first appears in a node statement, if it does.
  package var statements: [DOTPosition?] = []
  /// Where each node is first mentioned.
  package private(set) var mentions: [DOTPosition] = []
  package var edges: [Edge] = []
  private var numbers: [String: Int] = [:]
  /// For strict graphs: the edge between two nodes.
  private var edgeIndex: [NodePair: Int] = [:]

  private struct NodePair: Hashable {
    let from: Int
    let to: Int
  }

  init(source: String) {
    self.source = source
  }

  /// The number of the node named `name`, and whether it was just created.
  mutating func node(_ name: String, at position: DOTPosition) -> (number: Int, isNew: Bool) {
    if let number = numbers[name] {
      return (number, false)
    }
    let number = names.count
    numbers[name] = number
    names.append(name)
    labels.append(nil)
    statements.append(nil)
    mentions.append(position)
    return (number, true)
  }

  package func number(of name: String) -> Int? {
    numbers[name]
  }

  mutating func addEdge(_ edge: Edge) {
    guard isStrict else {
      edges.append(edge)
      return
    }
    // An undirected graph has one edge between two nodes whichever way it is written.
    let key =
      isDirected || edge.from <= edge.to
      ? NodePair(from: edge.from, to: edge.to) : NodePair(from: edge.to, to: edge.from)
    if let index = edgeIndex[key] {
      if let label = edge.label {
        edges[index].label = label
      }
    } else {
      edgeIndex[key] = edges.count
      edges.append(edge)
    }
  }

  /// The column of `position`, counted from 1 in characters.
  package func column(of position: DOTPosition) -> Int {
    let utf8 = source.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: position.lineStart)
    let end = utf8.index(utf8.startIndex, offsetBy: position.offset)
    return String(decoding: utf8[start..<end], as: UTF8.self).count + 1
  }
}
