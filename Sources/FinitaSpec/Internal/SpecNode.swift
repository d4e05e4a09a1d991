#if Spec
  import Yams

  /// A YAML or JSON node with its location, copied out of Yams' tree so the rest of the reader
  /// works on plain values.
  indirect enum SpecNode: Sendable {
    case scalar(String, isPlain: Bool, SpecLocation)
    case mapping([(key: SpecNode, value: SpecNode)], SpecLocation)
    case sequence([SpecNode], SpecLocation)
    case alias(SpecLocation)

    var location: SpecLocation {
      switch self {
      case .scalar(_, _, let location), .mapping(_, let location), .sequence(_, let location),
        .alias(let location):
        location
      }
    }

    /// Whether the node is YAML's null: `~`, `null` or nothing, unquoted.
    var isNull: Bool {
      if case .scalar(let text, true, _) = self {
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
      }
      return false
    }

    /// What the node is, for messages: "a list", "a mapping", "'abc'".
    var kindDescription: String {
      switch self {
      case .scalar(let text, _, _): isNull ? "nothing" : "'\(text)'"
      case .mapping: "a mapping"
      case .sequence: "a list"
      case .alias: "an alias"
      }
    }

    /// Copies a Yams node.
    init(_ node: Node, file: String, fallback: SpecLocation) {
      let location =
        node.mark.map { SpecLocation(file: file, line: max($0.line, 1), column: max($0.column, 1)) }
        ?? fallback
      switch node {
      case .scalar(let scalar):
        self = .scalar(scalar.string, isPlain: scalar.style == .plain, location)
      case .mapping(let mapping):
        self = .mapping(
          mapping.map {
            (
              SpecNode($0.key, file: file, fallback: location),
              SpecNode($0.value, file: file, fallback: location)
            )
          }, location)
      case .sequence(let sequence):
        self = .sequence(sequence.map { SpecNode($0, file: file, fallback: location) }, location)
      case .alias:
        self = .alias(location)
      }
    }
  }
#endif  // Spec
