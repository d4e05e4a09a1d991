/// The parts of a DOT digraph that an automaton comes from: nodes and edges with their
/// attributes and positions. Default attribute statements (`node [...]`) and graph attributes
/// are read and dropped.
internal struct DOTGraph {
  struct Node {
    let id: String
    var attributes: [String: String]
    let line: Int
    let column: Int
  }

  struct Edge {
    let from: String
    let to: String
    let attributes: [String: String]
    let line: Int
    let column: Int
  }

  /// Where the `digraph` keyword is, for problems of the whole graph.
  var line = 1
  var column = 1
  /// Nodes in order of first statement; a later statement for the same node adds attributes.
  var nodes: [Node] = []
  var edges: [Edge] = []
  /// Every node id in order of first mention, in node or edge statements.
  var mentioned: [String] = []
  private var nodeIndex: [String: Int] = [:]
  private var seen: Set<String> = []

  mutating func mention(_ id: String) {
    if seen.insert(id).inserted {
      mentioned.append(id)
    }
  }

  mutating func addNode(_ id: String, attributes: [String: String], line: Int, column: Int) {
    mention(id)
    if let index = nodeIndex[id] {
      nodes[index].attributes.merge(attributes) { $1 }
    } else {
      nodeIndex[id] = nodes.count
      nodes.append(Node(id: id, attributes: attributes, line: line, column: column))
    }
  }

  func node(_ id: String) -> Node? {
    nodeIndex[id].map { nodes[$0] }
  }
}
