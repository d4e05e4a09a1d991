#if Logging
  /// Turns values into the text logs show: one line for a value, and the leaf fields of a value
  /// for the state's -/+ diff, with the redaction applied to every labelled field.
  ///
  /// Values are walked with `Mirror`, as `Swift.dump` does, so a field can be rewritten or hidden
  /// by its label wherever it sits (in a struct, an enum case's payload, a tuple).
  struct ValueText {
    let redaction: LogRedaction

    /// How deep nested values are followed, and how many elements of a collection are shown.
    static let maximumDepth = 8
    static let maximumElements = 50

    /// The value on one line: its own description when nothing is redacted, otherwise a
    /// description built field by field.
    func line(_ value: Any) -> String {
      if redaction.isIdentity { return String(describing: value) }
      return describe(value, depth: 0)
    }

    private func describe(_ value: Any, depth: Int) -> String {
      let mirror = Mirror(reflecting: value)
      guard depth < Self.maximumDepth, !mirror.children.isEmpty else {
        return Self.leaf(value, mirror)
      }
      switch mirror.displayStyle {
      case .enum:
        // A case with a payload: one child labelled with the case name.
        let child = mirror.children.first!
        let payload = Mirror(reflecting: child.value)
        let inner: String
        if payload.displayStyle == .tuple {
          inner = fields(of: payload, depth: depth + 1).joined(separator: ", ")
        } else {
          inner = describe(child.value, depth: depth + 1)
        }
        return "\(child.label ?? "")(\(inner))"
      case .optional:
        return describe(mirror.children.first!.value, depth: depth)
      case .collection, .set:
        let elements = mirror.children.prefix(Self.maximumElements).map {
          describe($0.value, depth: depth + 1)
        }
        let more = mirror.children.count > Self.maximumElements ? ", …" : ""
        return "[" + elements.joined(separator: ", ") + more + "]"
      case .dictionary:
        let pairs = mirror.children.prefix(Self.maximumElements).map { pair -> String in
          let parts = Array(Mirror(reflecting: pair.value).children)
          guard parts.count == 2 else { return describe(pair.value, depth: depth + 1) }
          return describe(parts[0].value, depth: depth + 1) + ": "
            + describe(parts[1].value, depth: depth + 1)
        }
        return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
      case .tuple:
        return "(" + fields(of: mirror, depth: depth + 1).joined(separator: ", ") + ")"
      default:
        let type = String(describing: mirror.subjectType)
        return type + "(" + fields(of: mirror, depth: depth + 1).joined(separator: ", ") + ")"
      }
    }

    private func fields(of mirror: Mirror, depth: Int) -> [String] {
      mirror.children.compactMap { child in
        let text = describe(child.value, depth: depth)
        guard let label = child.label, !label.hasPrefix(".") else { return text }
        guard let kept = redaction.apply(label: label, value: text) else { return nil }
        return "\(label): \(kept)"
      }
    }

    /// The leaf fields of a value as `path: value` lines, in declaration order: `count: 2`,
    /// `items[0].title: "A"`, `status.loaded: 3`. A value without fields is one line, its
    /// description.
    func fieldLines(_ value: Any) -> [String] {
      var lines: [String] = []
      flatten(value, path: "", depth: 0, into: &lines)
      return lines
    }

    private func flatten(_ value: Any, path: String, depth: Int, into lines: inout [String]) {
      let mirror = Mirror(reflecting: value)
      if depth >= Self.maximumDepth || mirror.children.isEmpty
        || mirror.displayStyle == .dictionary
      {
        let text =
          mirror.displayStyle == .dictionary
          ? describe(value, depth: depth)
          : Self.leaf(
            value, mirror)
        lines.append(path.isEmpty ? text : "\(path): \(text)")
        return
      }
      if mirror.displayStyle == .optional {
        flatten(mirror.children.first!.value, path: path, depth: depth, into: &lines)
        return
      }
      let isCollection = mirror.displayStyle == .collection || mirror.displayStyle == .set
      for (index, child) in mirror.children.prefix(Self.maximumElements).enumerated() {
        let label = isCollection ? nil : child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        let component = label ?? "[\(index)]"
        let childPath =
          path.isEmpty || component.hasPrefix("[") ? path + component : "\(path).\(component)"
        if let label, mirror.displayStyle != .enum, !redaction.isIdentity {
          let text = describe(child.value, depth: depth + 1)
          guard let kept = redaction.apply(label: label, value: text) else { continue }
          if kept != text {
            lines.append("\(childPath): \(kept)")
            continue
          }
        }
        flatten(child.value, path: childPath, depth: depth + 1, into: &lines)
      }
      if mirror.children.count > Self.maximumElements {
        lines.append("\(path)[…]: \(mirror.children.count) elements")
      }
    }

    private static func leaf(_ value: Any, _ mirror: Mirror) -> String {
      if mirror.children.isEmpty, mirror.displayStyle == .optional { return "nil" }
      if let string = value as? String { return String(reflecting: string) }
      return String(describing: value)
    }

    /// The lines of `old` that are not in `new` (prefixed `-`) then those of `new` that are not
    /// in `old` (prefixed `+`), each in its own order: what changed, without the unchanged rest.
    static func diff(_ old: [String], _ new: [String]) -> [String] {
      var remaining: [String: Int] = [:]
      for line in new { remaining[line, default: 0] += 1 }
      var removed: [String] = []
      for line in old {
        if let count = remaining[line], count > 0 {
          remaining[line] = count - 1
        } else {
          removed.append("-" + line)
        }
      }
      var present: [String: Int] = [:]
      for line in old { present[line, default: 0] += 1 }
      var added: [String] = []
      for line in new {
        if let count = present[line], count > 0 {
          present[line] = count - 1
        } else {
          added.append("+" + line)
        }
      }
      return removed + added
    }
  }
#endif  // Logging
