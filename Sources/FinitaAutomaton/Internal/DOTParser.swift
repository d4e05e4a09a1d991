/// A recursive-descent parser for the subset of DOT that automata-learning tools write:
/// `digraph name { ... }` with node, edge, attribute and `id = value` statements.
internal struct DOTParser {
  private let tokens: [DOTToken]
  private var position = 0

  private init(tokens: [DOTToken]) {
    self.tokens = tokens
  }

  static func parse(_ text: String) throws(DOTImportError) -> DOTGraph {
    var parser = DOTParser(tokens: try DOTLexer.tokens(of: text))
    return try parser.graph()
  }

  private var current: DOTToken { tokens[min(position, tokens.count - 1)] }

  private mutating func advance() {
    position += 1
  }

  private func isKeyword(_ token: DOTToken, _ keyword: String) -> Bool {
    if case .identifier(let text) = token.kind {
      return text.lowercased() == keyword
    }
    return false
  }

  private func error(_ token: DOTToken, expected: String, hint: String) -> DOTImportError {
    DOTImportError(
      .syntax, line: token.line, column: token.column,
      message: "Expected \(expected) but found \(token.display).", hint: hint
    )
  }

  private mutating func expect(
    _ kind: DOTToken.Kind, _ expected: String, hint: String
  ) throws(DOTImportError) {
    guard current.kind == kind else { throw error(current, expected: expected, hint: hint) }
    advance()
  }

  private mutating func graph() throws(DOTImportError) -> DOTGraph {
    var graph = DOTGraph()
    if isKeyword(current, "strict") {
      advance()
    }
    let header = current
    graph.line = header.line
    graph.column = header.column
    if isKeyword(header, "graph") {
      throw DOTImportError(
        .unsupported, line: header.line, column: header.column,
        message: "The file is an undirected graph.",
        hint: "Automata are directed: start the file with 'digraph' and use '->' for edges."
      )
    }
    guard isKeyword(header, "digraph") else {
      throw error(
        header, expected: "'digraph'",
        hint: "A machine file starts with 'digraph name {'."
      )
    }
    advance()
    if current.text != nil && current.kind != .openBrace {
      advance()
    }
    try expect(.openBrace, "'{'", hint: "Open the graph body with '{' after its name.")
    while current.kind != .closeBrace {
      if current.kind == .end {
        throw error(current, expected: "'}'", hint: "Close the graph body with '}'.")
      }
      try statement(into: &graph)
      if current.kind == .semicolon || current.kind == .comma {
        advance()
      }
    }
    advance()
    guard current.kind == .end else {
      throw error(
        current, expected: "the end of the file",
        hint: "A file holds one graph; remove what follows its closing '}'."
      )
    }
    return graph
  }

  private mutating func statement(into graph: inout DOTGraph) throws(DOTImportError) {
    let start = current
    if isKeyword(start, "subgraph") || start.kind == .openBrace {
      throw DOTImportError(
        .unsupported, line: start.line, column: start.column,
        message: "Subgraphs are not supported in a machine file.",
        hint: "Write the states and edges directly in the digraph's body."
      )
    }
    if isKeyword(start, "node") || isKeyword(start, "edge") || isKeyword(start, "graph") {
      advance()
      _ = try attributeLists()
      return
    }
    guard let id = start.text else {
      throw error(
        start, expected: "a node, an edge or an attribute",
        hint: "Statements look like: s0 [label=\"s0\"]; or s0 -> s1 [label=\"a/1\"];"
      )
    }
    advance()
    if current.kind == .equals {
      advance()
      guard current.text != nil else {
        throw error(current, expected: "a value after '='", hint: "Write name=value.")
      }
      advance()
      return
    }
    try skipPort()
    if current.kind == .undirectedEdge {
      throw DOTImportError(
        .unsupported, line: current.line, column: current.column,
        message: "'--' is an undirected edge.",
        hint: "Use '->' for transitions in a digraph."
      )
    }
    guard current.kind == .directedEdge else {
      let attributes = try attributeLists()
      graph.addNode(id, attributes: attributes, line: start.line, column: start.column)
      return
    }
    var chain = [id]
    while current.kind == .directedEdge {
      advance()
      guard let next = current.text else {
        throw error(
          current, expected: "a node after '->'", hint: "An edge reads: s0 -> s1 [label=\"a/1\"];"
        )
      }
      chain.append(next)
      advance()
      try skipPort()
    }
    let attributes = try attributeLists()
    for id in chain {
      graph.mention(id)
    }
    for (from, to) in zip(chain, chain.dropFirst()) {
      graph.edges.append(
        DOTGraph.Edge(
          from: from, to: to, attributes: attributes, line: start.line, column: start.column
        )
      )
    }
  }

  private mutating func skipPort() throws(DOTImportError) {
    while current.kind == .colon {
      advance()
      guard current.text != nil else {
        throw error(current, expected: "a port name after ':'", hint: "Write node:port.")
      }
      advance()
    }
  }

  private mutating func attributeLists() throws(DOTImportError) -> [String: String] {
    var attributes: [String: String] = [:]
    while current.kind == .openBracket {
      advance()
      while current.kind != .closeBracket {
        guard let name = current.text else {
          throw error(
            current, expected: "an attribute name or ']'",
            hint: "Attributes read: [label=\"a/1\" shape=\"circle\"]."
          )
        }
        advance()
        var value = "true"
        if current.kind == .equals {
          advance()
          guard let text = current.text else {
            throw error(
              current, expected: "a value for '\(name)'",
              hint: "Quote values that are not plain words: \(name)=\"...\"."
            )
          }
          value = text
          advance()
        }
        attributes[name] = value
        if current.kind == .comma || current.kind == .semicolon {
          advance()
        }
      }
      advance()
    }
    return attributes
  }
}
