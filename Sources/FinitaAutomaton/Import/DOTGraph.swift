/// A DOT graph as Graphviz reads it, reduced to what an automaton comes from: nodes, edges and
/// their labels, with positions for error messages.
///
/// Default attribute statements (`node [label=...]`, `edge [label=...]`) apply to the nodes
/// and edges created after them, in their subgraph, as in Graphviz; a `strict` graph keeps one
/// edge per pair of nodes. Attributes other than `label` are read and dropped.
///
/// `package`, so the differential test against Graphviz can compare the graph it reads.
package struct DOTGraph: Sendable {
  /// An attribute value: the number of its text among the graph's attribute texts, read with
  /// ``DOTGraph/text(of:)``. Quoted strings and identifiers are text with the DOT escapes `\"`
  /// and line continuations resolved (label escapes such as `\n` are left for ``DOTLabel``);
  /// HTML strings are `isHTML`, without their outer angle brackets.
  ///
  /// It holds no reference, so edges and attribute lists copy without reference counting.
  package struct Value: Sendable, Equatable {
    package var isHTML: Bool
    /// The number of the value's text among the graph's attribute texts: equal texts have
    /// equal keys, so what is made of a text can be made once.
    package var key: Int
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
  package var names: [String] { nodes.strings }
  /// Each node's label, if it has one.
  package var labels: [Value?] = []
  /// Where each node first appears in a node statement, if it does.
  package var statements: [DOTPosition?] = []
  /// Where each node is first mentioned.
  package private(set) var mentions: [DOTPosition] = []
  package var edges: [Edge] = []
  /// The nodes by name.
  private var nodes = DOTStringTable()
  /// The texts of attribute values, each kept once.
  private var texts = DOTStringTable()
  /// How many distinct attribute texts the graph holds; each ``Value/key`` is below it.
  package var textCount: Int { texts.strings.count }
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
    let made = name
    var name = name
    return name.withUTF8 { bytes in node(spelled: bytes, at: position) { _ in made } }
  }

  /// The number of the node whose name is `bytes`, and whether it was just created; `makeName`
  /// makes the name of a new node.
  mutating func node(
    spelled bytes: UnsafeBufferPointer<UInt8>, at position: DOTPosition,
    makeName: (UnsafeBufferPointer<UInt8>) -> String = { String(decoding: $0, as: UTF8.self) }
  ) -> (number: Int, isNew: Bool) {
    let (number, isNew) = nodes.number(of: bytes, makeString: makeName)
    if isNew {
      labels.append(nil)
      statements.append(nil)
      mentions.append(position)
    }
    return (number, isNew)
  }

  /// A value whose text is `bytes` (made into a string by `makeText` when new).
  mutating func value(
    spelled bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, at position: DOTPosition,
    makeText: (UnsafeBufferPointer<UInt8>) -> String = { String(decoding: $0, as: UTF8.self) }
  ) -> Value {
    let key = texts.number(of: bytes, makeString: makeText).number
    return Value(isHTML: isHTML, key: key, position: position)
  }

  /// The text of `value`.
  package func text(of value: Value) -> String {
    texts.strings[value.key]
  }

  /// A value of the text `text`.
  mutating func value(_ text: String, isHTML: Bool, at position: DOTPosition) -> Value {
    let made = text
    var text = text
    return text.withUTF8 { bytes in
      value(spelled: bytes, isHTML: isHTML, at: position) { _ in made }
    }
  }

  package func number(of name: String) -> Int? {
    nodes.number(of: name)
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

  /// The line of `position`, counted from 1, and its column, counted from 1 in characters.
  package func location(of position: DOTPosition) -> (line: Int, column: Int) {
    var source = source
    return source.withUTF8 { DOTSource.location(of: position, in: $0) }
  }
}
