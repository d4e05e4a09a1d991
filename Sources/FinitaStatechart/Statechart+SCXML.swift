import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension Statechart {
  /// Imports an SCXML document that uses no data model.
  ///
  /// Supported: `<scxml>`, `<state>`, `<parallel>`, `<final>`, `<history>` (shallow and deep),
  /// `<initial>`, `<transition>` (`event`, `target`, `type`, and `cond` made of `In('id')` with
  /// `!`, `&&`, `||` and parentheses), `<onentry>`, `<onexit>`, and the executable content
  /// `<raise>`, `<send>` (`event`, `delay`, `id`) and `<cancel>` (`sendid`). The `datamodel`
  /// attribute of `<scxml>` is ignored; anything that needs a data model (`<script>`,
  /// `<assign>`, `<datamodel>`, `expr` attributes, other conditions) is reported.
  ///
  /// ```swift
  /// let chart = try Statechart(scxml: """
  ///   <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="off">
  ///     <state id="off"><transition event="toggle" target="on"/></state>
  ///     <state id="on"><transition event="toggle" target="off"/></state>
  ///   </scxml>
  ///   """)
  /// ```
  ///
  /// - Parameter scxml: The document's text.
  /// - Throws: ``StatechartError`` listing every problem with its line and column; nothing is
  ///   built when there is one.
  public init(scxml: String) throws(StatechartError) {
    let document: XMLNode
    do {
      document = try XMLNode.parse(scxml)
    } catch let error as StatechartError {
      throw error
    } catch {
      preconditionFailure("Internal inconsistency: the XML reader threw \(error)")
    }
    var importer = SCXMLImporter()
    let (name, initial, states) = importer.chart(document)
    do {
      try self.init(name: name, initial: initial, states: states, location: document.location)
    } catch {
      throw StatechartError(issues: Self.ordered(importer.issues + error.issues))
    }
    if !importer.issues.isEmpty {
      throw StatechartError(issues: Self.ordered(importer.issues))
    }
  }

  private static func ordered(_ issues: [StatechartIssue]) -> [StatechartIssue] {
    issues.enumerated().sorted { first, second in
      let firstKey = (first.element.line ?? .max, first.element.column ?? .max, first.offset)
      let secondKey = (second.element.line ?? .max, second.element.column ?? .max, second.offset)
      return firstKey < secondKey
    }.map(\.element)
  }
}

/// An element of the document, with where its start tag ends.
private final class XMLNode {
  let name: String
  let attributes: [String: String]
  var children: [XMLNode] = []
  let location: SourceLocation

  init(name: String, attributes: [String: String], location: SourceLocation) {
    self.name = name
    self.attributes = attributes
    self.location = location
  }

  static func parse(_ text: String) throws -> XMLNode {
    let reader = Reader()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = reader
    let parsed = parser.parse()
    if let deep = reader.tooDeep {
      throw StatechartError(issues: [
        StatechartIssue(
          .malformedDocument,
          "elements are nested more than \(Reader.maximumDepth) deep; a statechart needs far "
            + "fewer levels: flatten the states",
          at: deep
        )
      ])
    }
    if !parsed || reader.root == nil || reader.error != nil {
      let (code, location) =
        reader.error
        ?? (
          (parser.parserError as NSError?)?.code ?? 0,
          SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
        )
      let reason =
        reader.root == nil && code == 0
        ? "the document is empty"
        : XMLParser.ErrorCode(rawValue: code).map { "\($0)" } ?? "error \(code)"
      throw StatechartError(issues: [
        StatechartIssue(
          .malformedDocument,
          "the document is not well-formed XML (\(reason)); fix the XML syntax",
          at: location
        )
      ])
    }
    return reader.root!
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []
    /// The first error and where it happened; the parser may go on and even report success.
    var error: (Int, SourceLocation)?
    /// Where an element past ``maximumDepth`` started; reading stopped there.
    var tooDeep: SourceLocation?

    /// How deep elements may be nested. The tree is read, checked and released recursively,
    /// which would run the stack out on a document of thousands of levels (a crash at
    /// 100,000); a statechart is rarely ten levels deep.
    static let maximumDepth = 128

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      if error == nil {
        error = (
          (parseError as NSError).code,
          SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
        )
      }
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      guard stack.count < Self.maximumDepth else {
        if tooDeep == nil {
          tooDeep = SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
          parser.abortParsing()
        }
        return
      }
      let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
      let node = XMLNode(
        name: local, attributes: attributes,
        location: SourceLocation(line: parser.lineNumber, column: parser.columnNumber))
      if let parent = stack.last {
        parent.children.append(node)
      } else {
        root = node
      }
      stack.append(node)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if !stack.isEmpty { stack.removeLast() }
    }
  }
}

/// Turns the element tree into states, collecting every problem.
private struct SCXMLImporter {
  var issues: [StatechartIssue] = []
  private var generated = 0

  mutating func chart(_ root: XMLNode) -> (String, [String], [StatechartState]) {
    guard root.name == "scxml" else {
      issue(
        .malformedDocument,
        "the root element is <\(root.name)>, not <scxml>; an SCXML document starts with <scxml>",
        root)
      return ("statechart", [], [])
    }
    check(root, allowed: ["initial", "name", "version", "xmlns", "datamodel", "binding"])
    var states: [StatechartState] = []
    for child in root.children {
      switch child.name {
      case "state", "parallel", "final":
        states.append(state(child))
      default:
        unsupported(child, in: "<scxml>")
      }
    }
    return (root.attributes["name"] ?? "statechart", ids(root.attributes["initial"]), states)
  }

  private mutating func state(_ element: XMLNode) -> StatechartState {
    let kind: StatechartState.Kind
    switch element.name {
    case "parallel": kind = .parallel
    case "final": kind = .final
    case "history":
      switch element.attributes["type"] ?? "shallow" {
      case "deep": kind = .deepHistory
      case "shallow": kind = .shallowHistory
      case let other:
        issue(
          .invalidValue,
          "history type \"\(other)\" is not valid; use \"shallow\" or \"deep\"", element)
        kind = .shallowHistory
      }
    default: kind = .state
    }
    var state = StatechartState(id: element.attributes["id"] ?? generatedID(), kind: kind)
    state.location = element.location
    switch element.name {
    case "history": check(element, allowed: ["id", "type"])
    case "state": check(element, allowed: ["id", "initial"])
    default: check(element, allowed: ["id"])
    }
    if element.name == "state" {
      state.initial = ids(element.attributes["initial"])
    }
    for child in element.children {
      switch (element.name, child.name) {
      case ("state", "state"), ("state", "parallel"), ("state", "final"), ("state", "history"),
        ("parallel", "state"), ("parallel", "parallel"), ("parallel", "history"):
        state.children.append(self.state(child))
      case ("state", "transition"), ("parallel", "transition"):
        state.transitions.append(transition(child))
      case (_, "onentry") where element.name != "history":
        state.onEntry += actions(of: child)
      case (_, "onexit") where element.name != "history":
        state.onExit += actions(of: child)
      case ("state", "initial"):
        if element.attributes["initial"] != nil {
          issue(
            .misplacedElement,
            "state \"\(state.id)\" has both an initial attribute and an <initial> element; "
              + "keep one", child)
        }
        let (targets, actions) = defaultTransition(of: child, owner: "<initial>")
        state.initial = targets
        state.initialActions = actions
      case ("history", "transition"):
        let (targets, actions) = defaultTransition(of: element, owner: "<history>")
        state.initial = targets
        state.initialActions = actions
      default:
        unsupported(child, in: "<\(element.name)>")
      }
    }
    return state
  }

  private mutating func defaultTransition(
    of element: XMLNode, owner: String
  ) -> ([String], [StatechartAction]) {
    let transitions = element.children.filter { $0.name == "transition" }
    for child in element.children where child.name != "transition" {
      unsupported(child, in: owner)
    }
    guard let transition = transitions.first, transitions.count == 1 else {
      issue(
        .misplacedElement,
        "\(owner) must hold exactly one <transition>, found \(transitions.count)", element)
      return ([], [])
    }
    check(transition, allowed: ["target", "type"])
    return (ids(transition.attributes["target"]), actions(of: transition))
  }

  private mutating func transition(_ element: XMLNode) -> StatechartTransition {
    check(element, allowed: ["event", "target", "cond", "type"])
    var isInternal = false
    switch element.attributes["type"] {
    case nil, "external": break
    case "internal": isInternal = true
    case let other?:
      issue(
        .invalidValue,
        "transition type \"\(other)\" is not valid; use \"internal\" or \"external\"", element)
    }
    var condition: StatechartGuard?
    if let cond = element.attributes["cond"] {
      var parser = ConditionParser(text: cond)
      if let parsed = parser.parse() {
        condition = parsed
      } else if parser.isTooDeep {
        issue(
          .unsupportedAttribute,
          "cond nests parentheses or '!' more than \(ConditionParser.maximumDepth) deep; "
            + "simplify the condition", element)
      } else {
        issue(
          .unsupportedAttribute,
          "cond=\"\(cond)\" needs a data model; only In('state') combined with !, && and || is "
            + "supported", element)
      }
    }
    var transition = StatechartTransition(
      events: ids(element.attributes["event"]),
      targets: ids(element.attributes["target"]),
      guard: condition,
      isInternal: isInternal,
      actions: actions(of: element)
    )
    transition.location = element.location
    return transition
  }

  private mutating func actions(of element: XMLNode) -> [StatechartAction] {
    var actions: [StatechartAction] = []
    for child in element.children {
      switch child.name {
      case "raise":
        check(child, allowed: ["event"])
        if let event = required("event", of: child) { actions.append(.raise(event)) }
      case "send":
        check(child, allowed: ["event", "delay", "id", "target", "type"])
        if let type = child.attributes["type"],
          type != "http://www.w3.org/TR/scxml/#SCXMLEventProcessor", type != "scxml"
        {
          issue(.unsupportedAttribute, "send type \"\(type)\" is not supported", child)
        }
        for content in child.children { unsupported(content, in: "<send>") }
        guard let event = required("event", of: child) else { continue }
        switch child.attributes["target"] {
        case nil:
          var delay = Duration.zero
          if let text = child.attributes["delay"] {
            if let parsed = Self.duration(text) {
              delay = parsed
            } else {
              issue(
                .invalidValue,
                "delay \"\(text)\" is not a duration; write a number followed by ms, s, min or h, "
                  + "such as \"500ms\"", child)
            }
          }
          actions.append(.send(event, after: delay, id: child.attributes["id"]))
        case "#_internal":
          actions.append(.raise(event))
        case let target?:
          issue(
            .unsupportedAttribute,
            "send target \"\(target)\" is not supported; leave it out to send to the chart "
              + "itself, or use #_internal", child)
        }
      case "cancel":
        check(child, allowed: ["sendid"])
        if let id = required("sendid", of: child) { actions.append(.cancel(id)) }
      default:
        unsupported(child, in: "<\(element.name)>")
      }
    }
    return actions
  }

  // MARK: - Helpers

  private mutating func required(_ attribute: String, of element: XMLNode) -> String? {
    guard let value = element.attributes[attribute], !value.isEmpty else {
      issue(
        .invalidValue, "<\(element.name)> needs a \(attribute) attribute; add one", element)
      return nil
    }
    return value
  }

  private mutating func check(_ element: XMLNode, allowed: Set<String>) {
    for name in element.attributes.keys.sorted()
    where !allowed.contains(name) && !name.hasPrefix("xmlns") {
      issue(
        .unsupportedAttribute,
        "attribute \(name) of <\(element.name)> is not supported"
          + (name.hasSuffix("expr") || name == "expr" || name == "location"
            ? " (it needs a data model)" : "")
          + "; remove it", element)
    }
  }

  private mutating func unsupported(_ element: XMLNode, in parent: String) {
    let known: Set<String> = [
      "state", "parallel", "final", "history", "transition", "onentry", "onexit", "initial",
      "raise", "send", "cancel",
    ]
    if known.contains(element.name) {
      issue(
        .misplacedElement,
        "<\(element.name)> is not allowed in \(parent); move it to where SCXML allows it",
        element)
    } else {
      issue(
        .unsupportedElement,
        "<\(element.name)> is not supported: statecharts here have no data model, scripts, "
          + "invocations or logging; remove it", element)
    }
  }

  private mutating func issue(
    _ kind: StatechartIssue.Kind, _ message: String, _ element: XMLNode
  ) {
    issues.append(StatechartIssue(kind, message, at: element.location))
  }

  private mutating func generatedID() -> String {
    generated += 1
    return "_state\(generated)"
  }

  private func ids(_ text: String?) -> [String] {
    guard let text else { return [] }
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
      .map(String.init)
  }

  /// A CSS2-style duration: a decimal number followed by `ms`, `s`, `min` or `h`.
  static func duration(_ text: String) -> Duration? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let units: [(String, Double)] = [("ms", 1e-3), ("min", 60), ("s", 1), ("h", 3_600)]
    for (unit, seconds) in units where trimmed.hasSuffix(unit) {
      let number = trimmed.dropLast(unit.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
        let value = Double(number)
      else { return nil }
      return .milliseconds(Int64((value * seconds * 1_000).rounded()))
    }
    return nil
  }
}

/// Parses `In('id')` conditions with `!`, `&&`, `||` and parentheses.
private struct ConditionParser {
  /// How deep parentheses and `!` may nest: each level is a call of the parser, so a condition of
  /// thousands of them would run the stack out.
  static let maximumDepth = 64

  private let characters: [Character]
  private var position = 0
  private var depth = 0
  /// Whether parsing stopped at ``maximumDepth``.
  private(set) var isTooDeep = false

  init(text: String) {
    characters = Array(text)
  }

  mutating func parse() -> StatechartGuard? {
    guard let result = disjunction() else { return nil }
    skipSpaces()
    return position == characters.count ? result : nil
  }

  // A chain of `||` or `&&` is collected into one list: built pair by pair, each step copied
  // the list so far.

  private mutating func disjunction() -> StatechartGuard? {
    guard let first = conjunction() else { return nil }
    var parts = first.storage.disjuncts
    while consume("||") {
      guard let next = conjunction() else { return nil }
      parts += next.storage.disjuncts
    }
    return parts.count == 1 ? first : StatechartGuard(.any(parts))
  }

  private mutating func conjunction() -> StatechartGuard? {
    guard let first = unary() else { return nil }
    var parts = first.storage.conjuncts
    while consume("&&") {
      guard let next = unary() else { return nil }
      parts += next.storage.conjuncts
    }
    return parts.count == 1 ? first : StatechartGuard(.all(parts))
  }

  private mutating func unary() -> StatechartGuard? {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      isTooDeep = true
      return nil
    }
    if consume("!") {
      return unary().map { !$0 }
    }
    if consume("(") {
      guard let inner = disjunction(), consume(")") else { return nil }
      return inner
    }
    guard consume("In"), consume("(") else { return nil }
    skipSpaces()
    guard position < characters.count, characters[position] == "'" || characters[position] == "\""
    else { return nil }
    let quote = characters[position]
    position += 1
    let start = position
    while position < characters.count, characters[position] != quote { position += 1 }
    guard position < characters.count, position > start else { return nil }
    let id = String(characters[start..<position])
    position += 1
    guard consume(")") else { return nil }
    return .in(id)
  }

  private mutating func consume(_ token: String) -> Bool {
    skipSpaces()
    let expected = Array(token)
    guard position + expected.count <= characters.count,
      Array(characters[position..<position + expected.count]) == expected
    else { return false }
    position += expected.count
    return true
  }

  private mutating func skipSpaces() {
    while position < characters.count, characters[position].isWhitespace { position += 1 }
  }
}
