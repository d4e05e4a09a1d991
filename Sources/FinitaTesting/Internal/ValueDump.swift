/// The structural text of any value, read with `Mirror`: what ``FeatureTester``'s failure
/// messages show, and what its `−`/`+` diffs compare line by line.
///
/// Structs and classes print as their type and fields, enums as their type and case with the
/// payload, collections as literals with one element a line (sets and dictionaries sorted, so two
/// dumps of equal values are equal), optionals as the value or `nil`, strings quoted, and the
/// standard library's and Foundation's own values (numbers, `Duration`, `Date`, `URL`, ...) by
/// their description:
///
/// ```swift
/// ValueDump().text(of: FixtureState(counter: 3))
/// // FixtureState(
/// //   id: "",
/// //   counter: 3,
/// //   loading: false,
/// // )
/// ValueDump().line(of: FixtureNews.number(3))  // FixtureNews.number(3)
/// ```
///
/// A class met again inside itself prints as `TypeName(<cycle>)`, and a value nested deeper than
/// ``maxDepth`` as `TypeName(…)`.
package struct ValueDump: Sendable {
  /// How many levels of nested values are printed; the parts of a value at this depth print as
  /// `…`.
  package var maxDepth: Int

  /// Creates a dump that prints values down to `maxDepth` levels.
  ///
  /// - Parameter maxDepth: The deepest level printed; the value itself is level 0.
  package init(maxDepth: Int = 32) {
    self.maxDepth = maxDepth
  }

  /// The value over several lines, one field or element a line, indented two spaces a level.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The lines joined with newlines.
  package func text(of value: Any) -> String {
    lines(of: value).joined(separator: "\n")
  }

  /// The value over several lines, one field or element a line, indented two spaces a level.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The lines, without newlines.
  package func lines(of value: Any) -> [String] {
    var builder = Builder(maxDepth: maxDepth)
    var lines: [String] = []
    builder.node(for: value, depth: 0).appendLines(label: nil, indent: "", suffix: "", to: &lines)
    return lines
  }

  /// The value on one line, as a failure message names it.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The value's parts separated by commas.
  package func line(of value: Any) -> String {
    var builder = Builder(maxDepth: maxDepth)
    return builder.node(for: value, depth: 0).line
  }

  /// A type's name without its module: `Kettle.State` for `MyTests.Kettle.State`,
  /// `Optional<Int>` for `Swift.Optional<Swift.Int>`.
  ///
  /// - Parameter type: Any type.
  /// - Returns: Its name as the test's code would write it.
  package static func typeName(_ type: Any.Type) -> String {
    // A private or local type's full name holds the address of its context, which would make
    // two runs' messages differ: "Tests.(unknown context at $55d1c).Kettle".
    var name = Substring(String(reflecting: type))
    let unknownContext = "(unknown context at "
    while let start = name.firstRange(of: unknownContext)?.lowerBound,
      let end = name[start...].firstIndex(of: ")")
    {
      let after = name.index(after: end)
      let next = after < name.endIndex && name[after] == "." ? name.index(after: after) : after
      name.replaceSubrange(start..<next, with: "")
    }
    // Every nominal type's path starts with its module; drop that first component of each path.
    // A path after a generic parent's arguments (`.Input` of `Store<A, B>.Input`) has none.
    var result = ""
    var path = ""
    func flush() {
      if let dot = path.firstIndex(of: "."), dot != path.startIndex {
        result += path[path.index(after: dot)...]
      } else {
        result += path
      }
      path = ""
    }
    for character in name {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        path.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  /// The modules whose values print by their description: what the standard library and
  /// Foundation describe is their value (`5.0 seconds`, a date, a URL), while their fields are
  /// storage details.
  private static let describedModules: Set<Substring> = [
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "CoreFoundation", "Dispatch", "Synchronization",
  ]

  /// Whether a value of `type` prints by its description rather than its fields.
  fileprivate static func isDescribed(_ type: Any.Type) -> Bool {
    let name = String(reflecting: type)
    guard let dot = name.firstIndex(of: ".") else { return false }
    return describedModules.contains(name[..<dot])
  }

  /// A string in double quotes, with quotes, backslashes and control characters escaped, so that
  /// a dump line never breaks inside a string and `""` differs from a missing value.
  fileprivate static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if scalar.properties.generalCategory == .control {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// A value read for printing: text as it is, or parts between an opening and a closing.
private enum Node {
  /// A value printed as one piece: a number, a string, a description.
  case leaf(String)
  /// A value with parts; `isCompact` groups (enum payloads) stay on one line when every part
  /// does.
  case group(open: String, close: String, parts: [Part], isCompact: Bool)

  /// One part of a group: a field, an element, a payload value or a dictionary entry.
  struct Part {
    var label: String?
    var node: Node
  }

  /// Whether the node prints on one line even in a multi-line dump.
  var isFlat: Bool {
    switch self {
    case .leaf: true
    case .group(_, _, let parts, let isCompact):
      parts.isEmpty || (isCompact && parts.allSatisfy(\.node.isFlat))
    }
  }

  /// The node on one line.
  var line: String {
    switch self {
    case .leaf(let text):
      // A description may span lines; one line is what the caller asked for.
      return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    case .group(let open, let close, let parts, _):
      let inner = parts.map { part in
        part.label.map { "\($0): \(part.node.line)" } ?? part.node.line
      }
      return open + inner.joined(separator: ", ") + close
    }
  }

  /// Appends the node's lines, the first after `label`, the last followed by `suffix`.
  func appendLines(label: String?, indent: String, suffix: String, to lines: inout [String]) {
    let head = indent + (label.map { "\($0): " } ?? "")
    switch self {
    case .leaf(let text):
      let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, piece) in pieces.enumerated() {
        let start = index == 0 ? head : indent + "  "
        lines.append(start + piece + (index == pieces.count - 1 ? suffix : ""))
      }
    case .group(let open, let close, let parts, _):
      if isFlat {
        lines.append(head + line + suffix)
        return
      }
      lines.append(head + open)
      // Every part ends with a comma, the last too, so adding a part adds one line to a diff.
      for part in parts {
        part.node.appendLines(label: part.label, indent: indent + "  ", suffix: ",", to: &lines)
      }
      lines.append(indent + close + suffix)
    }
  }
}

/// Reads values into nodes, remembering the classes on the way down to stop at cycles.
private struct Builder {
  let maxDepth: Int
  /// The objects being printed, from the root to the current value.
  var path: Set<ObjectIdentifier> = []

  mutating func node(for value: Any, depth: Int) -> Node {
    if let string = value as? any StringProtocol {
      return .leaf(ValueDump.quoted(String(string)))
    }
    if let character = value as? Character {
      return .leaf(ValueDump.quoted(String(character)))
    }
    if let type = value as? Any.Type {
      return .leaf("\(ValueDump.typeName(type)).self")
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
      return node(for: wrapped, depth: depth)
    case .collection:
      return group(open: "[", close: "]", depth: depth) { builder in
        mirror.children.map {
          Node.Part(label: nil, node: builder.node(for: $0.value, depth: depth + 1))
        }
      }
    case .set:
      return group(open: "Set([", close: "])", depth: depth) { builder in
        mirror.children
          .map { Node.Part(label: nil, node: builder.node(for: $0.value, depth: depth + 1)) }
          .sorted { $0.node.line < $1.node.line }
      }
    case .dictionary:
      guard !mirror.children.isEmpty else { return .leaf("[:]") }
      return group(open: "[", close: "]", depth: depth) { builder in
        mirror.children.map { entry in
          let pair = Mirror(reflecting: entry.value).children.map(\.value)
          let key = builder.node(for: pair[0], depth: depth + 1).line
          return Node.Part(label: key, node: builder.node(for: pair[1], depth: depth + 1))
        }
        .sorted { $0.label ?? "" < $1.label ?? "" }
      }
    case .tuple:
      return group(open: "(", close: ")", depth: depth) { builder in
        builder.parts(of: mirror, depth: depth)
      }
    default:
      break
    }
    if let described = value as? any CustomStringConvertible,
      ValueDump.isDescribed(type(of: value))
    {
      return .leaf(described.description)
    }
    let name = ValueDump.typeName(mirror.subjectType)
    switch mirror.displayStyle {
    case .enum:
      // A case without a payload has no child; its description is its name, or what the enum
      // chose to describe it by.
      guard let payload = mirror.children.first else { return .leaf("\(name).\(value)") }
      let open = "\(name).\(payload.label ?? "?")("
      return group(open: open, close: ")", depth: depth, isCompact: true) { builder in
        let values = Mirror(reflecting: payload.value)
        guard values.displayStyle == .tuple else {
          return [Node.Part(label: nil, node: builder.node(for: payload.value, depth: depth + 1))]
        }
        return builder.parts(of: values, depth: depth)
      }
    case .struct:
      return group(open: "\(name)(", close: ")", depth: depth) { builder in
        builder.parts(of: mirror, depth: depth)
      }
    case .class:
      let object = ObjectIdentifier(value as AnyObject)
      guard !path.contains(object) else { return .leaf("\(name)(<cycle>)") }
      path.insert(object)
      defer { path.remove(object) }
      return group(open: "\(name)(", close: ")", depth: depth) { builder in
        var mirrors = [mirror]
        while let parent = mirrors.last?.superclassMirror { mirrors.append(parent) }
        return mirrors.reversed().flatMap { builder.parts(of: $0, depth: depth) }
      }
    default:
      // A custom mirror without a display style (`Mirror(self, children: ...)`) still has
      // fields to show; a value with neither style nor fields has only its description.
      if mirror.children.isEmpty, let described = value as? any CustomStringConvertible {
        return .leaf(described.description)
      }
      return group(open: "\(name)(", close: ")", depth: depth) { builder in
        builder.parts(of: mirror, depth: depth)
      }
    }
  }

  /// A group of parts, or `open…close` when it lies deeper than the dump goes.
  private mutating func group(
    open: String,
    close: String,
    depth: Int,
    isCompact: Bool = false,
    parts: (inout Builder) -> [Node.Part]
  ) -> Node {
    guard depth < maxDepth else { return .leaf("\(open)…\(close)") }
    return .group(open: open, close: close, parts: parts(&self), isCompact: isCompact)
  }

  /// The labelled children of a struct, class, tuple or payload.
  private mutating func parts(of mirror: Mirror, depth: Int) -> [Node.Part] {
    // An @Observable class keeps each field as `_field` beside its registrar; print the fields
    // as the code names them, without the registrar.
    let isObservable = mirror.children.contains { $0.label == "_$observationRegistrar" }
    return mirror.children.compactMap { child in
      var label = child.label
      if isObservable {
        if label == "_$observationRegistrar" { return nil }
        if let name = label, name.hasPrefix("_") { label = String(name.dropFirst()) }
      }
      // A tuple's unlabelled elements are named `.0`, `.1`, ...
      if let name = label, name.hasPrefix(".") { label = nil }
      return Node.Part(label: label, node: node(for: child.value, depth: depth + 1))
    }
  }
}
