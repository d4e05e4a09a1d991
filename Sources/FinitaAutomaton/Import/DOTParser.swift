/// A recursive-descent parser for the DOT language as Graphviz reads it
/// (https://graphviz.org/doc/info/lang.html), over UTF-8 bytes, one token of lookahead.
///
/// It accepts what Graphviz accepts: `strict`, `graph` and `digraph`, keywords in any case,
/// node, edge, attribute and `id = id` statements, comma-separated node lists, edge chains,
/// subgraphs (also as edge ends), ports, `+` concatenation of quoted strings, and HTML strings,
/// whose well-formedness is checked when they are labels.
package struct DOTParser {
  private var lexer: DOTLexer
  private var current: DOTToken
  private var graph: DOTGraph
  private var scopes: [Scope] = [Scope()]
  /// The defaults and nodes of named subgraphs, which outlive their statements.
  private var subgraphs: [String: Scope] = [:]
  /// The ends of the edge statements being read.
  private var pending: [Ends] = []

  /// The defaults in force in a graph or subgraph, and the nodes it holds.
  private struct Scope {
    var nodeLabel: DOTGraph.Value?
    var edgeLabel: DOTGraph.Value?
    var members: [Int] = []
  }

  /// An identifier, a numeral, a quoted or HTML string, or a concatenation of strings.
  ///
  /// It holds no reference, so reading one costs no reference counting: the text of a
  /// concatenation waits in the parser's `joinedTexts`.
  private struct Atom {
    var token: DOTToken
    /// Where the decoded text of a concatenation is in `joinedTexts`; -1 when the atom is a
    /// single token.
    var joinedText = -1

    var isJoined: Bool { joinedText >= 0 }
  }

  /// The texts of the concatenations read (`"a" + "b"`), which atoms refer to by number.
  private var joinedTexts: [String] = []

  /// The decoded text of `atom`, when it is a concatenation.
  private func joined(_ atom: Atom) -> String? {
    atom.isJoined ? joinedTexts[atom.joinedText] : nil
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, source: String) throws(DOTImportError) {
    lexer = DOTLexer(bytes: bytes)
    graph = DOTGraph(source: source)
    current = DOTToken(kind: .end, start: 0, end: 0, position: .start)
    current = try lexer.next()
  }

  /// Parses one graph; the source must hold nothing else.
  package static func parse(_ text: String) throws(DOTImportError) -> DOTGraph {
    var text = text
    let source = text
    let result: Result<DOTGraph, DOTImportError> = text.withUTF8 { bytes in
      do throws(DOTImportError) {
        var parser = try DOTParser(bytes: bytes, source: source)
        return .success(try parser.parseGraph())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }

  private mutating func advance() throws(DOTImportError) {
    current = try lexer.next()
  }

  // MARK: Errors

  private func error(
    _ code: DOTImportError.Code = .syntax, at position: DOTPosition, message: String,
    hint: String
  ) -> DOTImportError {
    DOTSource.error(code, at: position, in: bytes, message: message, hint: hint)
  }

  private func unexpected(expected: String, hint: String) -> DOTImportError {
    error(
      at: current.position, message: "Expected \(expected) but found \(display(current)).",
      hint: hint)
  }

  /// How a token is shown in messages.
  private func display(_ token: DOTToken) -> String {
    Self.display(token, in: bytes)
  }

  /// How a token of `bytes` is shown in messages.
  private static func display(_ token: DOTToken, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    switch token.kind {
    case .identifier: "'\(text(of: token, in: bytes))'"
    case .quoted:
      "\"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self))\""
    case .html: "an HTML string"
    case .directedEdge: "'->'"
    case .undirectedEdge: "'--'"
    case .openBrace: "'{'"
    case .closeBrace: "'}'"
    case .openBracket: "'['"
    case .closeBracket: "']'"
    case .equals: "'='"
    case .semicolon: "';'"
    case .comma: "','"
    case .colon: "':'"
    case .plus: "'+'"
    case .end: "the end of the file"
    }
  }

  // MARK: Tokens

  /// The text of a token, with the DOT escapes of quoted strings resolved: `\"` is a quote and
  /// a backslash before a line break removes both; other backslashes stay for ``DOTLabel``.
  private func text(of token: DOTToken) -> String {
    Self.text(of: token, in: bytes)
  }

  /// The text of a token of `bytes`, as ``text(of:)`` reads it.
  private static func text(of token: DOTToken, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    guard token.escaped else { return String(decoding: slice, as: UTF8.self) }
    var result: [UInt8] = []
    result.reserveCapacity(slice.count)
    var index = 0
    while index < slice.count {
      let byte = slice[index]
      let next = index + 1 < slice.count ? slice[index + 1] : 0
      if byte == .backslash && next == .quote {
        result.append(.quote)
        index += 2
      } else if byte == .backslash && next == .backslash {
        result.append(.backslash)
        result.append(.backslash)
        index += 2
      } else if byte == .backslash && next == .lf {
        index += 2
      } else if byte == .backslash && next == .cr {
        index += index + 2 < slice.count && slice[index + 2] == .lf ? 3 : 2
      } else {
        result.append(byte)
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether the token's raw bytes are `word` (an attribute name, compared exactly).
  private static func isName(
    _ token: DOTToken, _ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard token.kind != .html, !token.escaped,
      token.end - token.start == word.utf8CodeUnitCount
    else { return false }
    let letters = word.utf8Start
    for offset in 0..<word.utf8CodeUnitCount where bytes[token.start + offset] != letters[offset] {
      return false
    }
    return true
  }

  private static func isAtom(_ token: DOTToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch token.kind {
    case .identifier: token.keyword == nil
    case .quoted, .html: true
    default: false
    }
  }

  /// Reads an identifier, numeral, HTML string or quoted strings joined by `+`.
  /// The messages are autoclosures so that reading a well-formed file builds none of them.
  private mutating func atom(
    _ expected: @autoclosure () -> String, hint: @autoclosure () -> String
  ) throws(DOTImportError) -> Atom {
    guard Self.isAtom(current, in: bytes) else {
      if let keyword = current.keyword {
        let word = text(of: current)
        throw error(
          at: current.position,
          message: "Expected \(expected()) but found the keyword '\(word)'.",
          hint: "Keywords (\(keyword) and the others) cannot be names; quote it: \"\(word)\"."
        )
      }
      throw unexpected(expected: expected(), hint: hint())
    }
    var atom = Atom(token: current)
    try advance()
    while current.kind == .plus {
      guard atom.token.kind == .quoted || atom.token.kind == .html else {
        throw error(
          at: current.position, message: "'+' joins quoted strings, not identifiers.",
          hint: "Quote both sides: \"a\" + \"b\".")
      }
      try advance()
      guard current.kind == .quoted || current.kind == .html else {
        throw unexpected(
          expected: "a quoted string after '+'", hint: "Join quoted strings: \"a\" + \"b\".")
      }
      let text = (joined(atom) ?? self.text(of: atom.token)) + self.text(of: current)
      if atom.isJoined {
        joinedTexts[atom.joinedText] = text
      } else {
        atom.joinedText = joinedTexts.count
        joinedTexts.append(text)
      }
      try advance()
    }
    return atom
  }

  private mutating func value(of atom: Atom) -> DOTGraph.Value {
    if atom.isJoined {
      let joined = joinedTexts[atom.joinedText]
      return graph.value(joined, isHTML: false, at: atom.token.position)
    }
    let token = atom.token
    guard !token.escaped else {
      return graph.value(text(of: token), isHTML: false, at: token.position)
    }
    return graph.value(
      spelled: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]),
      isHTML: token.kind == .html, at: token.position)
  }

  private func name(of atom: Atom) -> String {
    joined(atom) ?? text(of: atom.token)
  }

  // MARK: Grammar

  private mutating func parseGraph() throws(DOTImportError) -> DOTGraph {
    graph.position = current.position
    if current.keyword == .strict {
      graph.isStrict = true
      try advance()
    }
    switch current.keyword {
    case .digraph: graph.isDirected = true
    case .graph: graph.isDirected = false
    default:
      throw unexpected(
        expected: "'digraph'", hint: "A machine file starts with 'digraph name {'.")
    }
    try advance()
    if Self.isAtom(current, in: bytes) {
      _ = try atom("a graph name", hint: "")
    }
    guard current.kind == .openBrace else {
      throw unexpected(expected: "'{'", hint: "Open the graph body with '{' after its name.")
    }
    let open = current.position
    try advance()
    try statements()
    let close = current.position
    try advance()
    guard current.kind == .end else {
      if let keyword = current.keyword,
        keyword == .digraph || keyword == .graph || keyword == .strict
      {
        throw unexpected(
          expected: "the end of the file",
          hint: "A file holds one graph; remove what follows its closing '}'.")
      }
      let opened = DOTSource.describe(open, in: bytes)
      let following = DOTSource.location(of: current.position, in: bytes).line
      throw error(
        at: close,
        message: """
          This '}' closes the graph opened on \(opened), but \(display(current)) follows it \
          on line \(following).
          """,
        hint: """
          Remove this stray '}', or add the '{' it was meant to close \
          (a subgraph reads: subgraph name { ... }).
          """
      )
    }
    return graph
  }

  /// Statements up to a `}`, which is left as the current token.
  private mutating func statements() throws(DOTImportError) {
    while current.kind != .closeBrace {
      if current.kind == .end {
        throw unexpected(
          expected: "'}'",
          hint: "Close every '{' with a '}'; the graph body is not closed.")
      }
      try statement()
      if current.kind == .semicolon {
        try advance()
      }
    }
  }

  private mutating func statement() throws(DOTImportError) {
    switch current.keyword {
    case .graph, .node, .edge:
      let kind = current.keyword
      let word = text(of: current)
      try advance()
      guard current.kind == .openBracket else {
        throw unexpected(
          expected: "'[' after '\(word)'",
          hint: "An attribute statement reads: node [shape=circle];")
      }
      let attributes = try attributeLists()
      try validate(attributes)
      if let label = attributes.label {
        if kind == .node {
          scopes[scopes.count - 1].nodeLabel = label
        } else if kind == .edge {
          scopes[scopes.count - 1].edgeLabel = label
        }
      }
      return
    case .subgraph:
      break
    case .strict, .digraph:
      throw unexpected(
        expected: "a statement",
        hint: "A file holds one graph; close it with '}' before another begins.")
    case nil:
      if Self.isAtom(current, in: bytes) {
        break
      }
      if current.kind == .openBrace {
        break
      }
      throw unexpected(
        expected: "a node, an edge or an attribute",
        hint: hint(for: current))
    }
    let start = current.position
    let ends: Ends
    let isSubgraph = current.keyword == .subgraph || current.kind == .openBrace
    if isSubgraph {
      ends = .many(try subgraph())
    } else {
      let first = try atom("a node", hint: "")
      if current.kind == .equals {
        try advance()
        _ = try atom(
          "a value after '='", hint: "A graph attribute reads: name=value; quote other text.")
        return
      }
      ends = try nodeList(startingWith: first)
    }
    if current.kind == .undirectedEdge || current.kind == .directedEdge {
      try edges(from: ends, at: start)
      return
    }
    let attributes = try attributeLists()
    try validate(attributes)
    guard !isSubgraph else { return }
    for number in ends {
      if graph.statements[number] == nil {
        graph.statements[number] = start
      }
      if let label = attributes.label {
        graph.labels[number] = label
      }
    }
  }

  /// The nodes at one end of an edge: most often one, so without an array.
  private enum Ends: Sequence {
    case one(Int)
    case many([Int])

    struct Iterator: IteratorProtocol {
      let ends: Ends
      var index = 0

      mutating func next() -> Int? {
        defer { index += 1 }
        switch ends {
        case .one(let number): return index == 0 ? number : nil
        case .many(let numbers): return index < numbers.count ? numbers[index] : nil
        }
      }
    }

    func makeIterator() -> Iterator {
      Iterator(ends: self)
    }
  }

  private func hint(for token: DOTToken) -> String {
    switch token.kind {
    case .semicolon: "Remove the extra ';': statements are separated by at most one."
    case .openBracket: "Attributes follow a node or an edge: s0 [label=\"s0\"];"
    case .directedEdge, .undirectedEdge: "An edge starts with a node: s0 -> s1;"
    default: "Statements look like: s0 [label=\"s0\"]; or s0 -> s1 [label=\"a/1\"];"
    }
  }

  /// `node (, node)*` after its first atom; returns the node numbers.
  private mutating func nodeList(startingWith first: Atom) throws(DOTImportError) -> Ends {
    let number = try node(first)
    guard current.kind == .comma else { return .one(number) }
    var numbers = [number]
    while current.kind == .comma {
      try advance()
      let next = try atom("a node after ','", hint: "A node list reads: a, b, c;")
      numbers.append(try node(next))
    }
    return .many(numbers)
  }

  /// A node mention with an optional port `:port` or `:port:compass`.
  private mutating func node(_ mention: Atom) throws(DOTImportError) -> Int {
    let token = mention.token
    let (number, isNew) =
      !mention.isJoined && !token.escaped
      ? graph.node(
        spelled: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]),
        at: token.position)
      : graph.node(name(of: mention), at: token.position)
    if isNew {
      graph.labels[number] = scopes[scopes.count - 1].nodeLabel
    }
    if scopes.count > 1 {
      scopes[scopes.count - 1].members.append(number)
    }
    for _ in 0..<2 where current.kind == .colon {
      try advance()
      _ = try atom("a port name after ':'", hint: "A port reads: node:port or node:port:n.")
    }
    return number
  }

  /// The rest of an edge statement whose first end is read.
  private mutating func edges(from first: Ends, at start: DOTPosition) throws(DOTImportError) {
    // The ends wait on a stack shared by all statements, so a plain edge allocates nothing;
    // a subgraph end pushes and pops its own statements' ends above this one's.
    let base = pending.count
    pending.append(first)
    while current.kind == .directedEdge || current.kind == .undirectedEdge {
      if graph.isDirected != (current.kind == .directedEdge) {
        if graph.isDirected {
          throw error(
            .unsupported, at: current.position, message: "'--' is an undirected edge.",
            hint: "Use '->' for transitions in a digraph.")
        }
        throw error(
          at: current.position, message: "'->' is a directed edge in an undirected graph.",
          hint: "Start the file with 'digraph' for a machine, or use '--' in a graph.")
      }
      try advance()
      if current.keyword == .subgraph || current.kind == .openBrace {
        let members = try subgraph()
        pending.append(.many(members))
      } else {
        let operation = graph.isDirected ? "->" : "--"
        let next = try atom(
          "a node after '\(operation)'",
          hint: "An edge reads: s0 -> s1 [label=\"a/1\"];")
        let ends = try nodeList(startingWith: next)
        pending.append(ends)
      }
    }
    let attributes = try attributeLists()
    try validate(attributes)
    let label = attributes.label ?? scopes[scopes.count - 1].edgeLabel
    for index in base..<(pending.count - 1) {
      let (tails, heads) = (pending[index], pending[index + 1])
      for tail in tails {
        for head in heads {
          graph.addEdge(DOTGraph.Edge(from: tail, to: head, label: label, position: start))
        }
      }
    }
    pending.removeSubrange(base...)
  }

  /// How deep subgraphs may be nested: far more than any drawing needs, far less than the stack
  /// holds.
  static let maximumSubgraphNesting = 256

  /// `subgraph name? { ... }` or `{ ... }`; returns the nodes it holds.
  private mutating func subgraph() throws(DOTImportError) -> [Int] {
    let start = current.position
    if graph.firstSubgraph == nil {
      graph.firstSubgraph = start
    }
    var name: String?
    if current.keyword == .subgraph {
      try advance()
      if Self.isAtom(current, in: bytes) {
        name = self.name(of: try atom("a subgraph name", hint: ""))
      }
    }
    guard current.kind == .openBrace else {
      throw unexpected(
        expected: "'{' to open the subgraph", hint: "A subgraph reads: subgraph name { a; b; }")
    }
    // Each level is a call of this function: without a limit, a file of nested braces ran the
    // stack out (a crash at 100,000 levels).
    guard scopes.count <= Self.maximumSubgraphNesting else {
      throw error(
        .unsupported, at: current.position,
        message: "Subgraphs are nested more than \(Self.maximumSubgraphNesting) deep.",
        hint: "A learned machine needs no subgraphs: write its states and edges at the top level.")
    }
    try advance()
    let parent = scopes[scopes.count - 1]
    var scope =
      name.flatMap { subgraphs[$0] }
      ?? Scope(nodeLabel: parent.nodeLabel, edgeLabel: parent.edgeLabel)
    let previousMembers = scope.members
    scope.members = []
    scopes.append(scope)
    try statements()
    try advance()
    var closed = scopes.removeLast()
    var seen = Set(previousMembers)
    var members = previousMembers
    for number in closed.members where seen.insert(number).inserted {
      members.append(number)
    }
    closed.members = members
    if let name {
      subgraphs[name] = closed
    }
    if scopes.count > 1 {
      scopes[scopes.count - 1].members += members
    }
    return members
  }

  // MARK: Attributes

  private struct Attributes {
    var label: DOTGraph.Value?
    /// Where the lists' HTML label values start in the parser's `htmlLabels`.
    var firstHTMLLabel: Int
  }

  /// HTML values of label attributes of the lists being read, whose markup must be well
  /// formed: kept by the parser, so that attribute lists hold no array.
  private var htmlLabels: [DOTToken] = []

  /// Zero or more `[name=value, ...]` lists.
  private mutating func attributeLists() throws(DOTImportError) -> Attributes {
    var attributes = Attributes(firstHTMLLabel: htmlLabels.count)
    while current.kind == .openBracket {
      try advance()
      while current.kind != .closeBracket {
        let name = try atom(
          "an attribute name or ']'", hint: "Attributes read: [label=\"a/1\" shape=circle].")
        guard current.kind == .equals else {
          let text = self.name(of: name)
          throw unexpected(
            expected: "'=' after the attribute '\(text)'",
            hint: "Give it a value: [\(text)=\"...\"].")
        }
        try advance()
        // The message is made only if the value is missing.
        let (nameToken, source) = (name.token, bytes)
        let value = try atom(
          "a value for \(Self.display(nameToken, in: source))",
          hint: "Quote values that are not plain words: label=\"...\".")
        let isLabel = Self.isName(name.token, "label", in: bytes)
        if value.token.kind == .html, !value.isJoined,
          isLabel || Self.isName(name.token, "xlabel", in: bytes)
            || Self.isName(name.token, "headlabel", in: bytes)
            || Self.isName(name.token, "taillabel", in: bytes)
        {
          htmlLabels.append(value.token)
        }
        if isLabel {
          attributes.label = self.value(of: value)
        }
        if current.kind == .comma || current.kind == .semicolon {
          try advance()
        }
      }
      try advance()
    }
    return attributes
  }

  /// Checks the markup of HTML labels, as Graphviz does when it draws them.
  private mutating func validate(_ attributes: Attributes) throws(DOTImportError) {
    guard attributes.firstHTMLLabel < htmlLabels.count else { return }
    for token in htmlLabels[attributes.firstHTMLLabel...] {
      try DOTHTML.validate(token, in: bytes)
    }
    htmlLabels.removeSubrange(attributes.firstHTMLLabel...)
  }
}
