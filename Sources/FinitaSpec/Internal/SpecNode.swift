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

    /// The most nodes that aliases (`*name`) may add to a spec when expanded: far beyond what a
    /// spec needs, far below what a "billion laughs" file would make.
    static let aliasExpansionLimit = 10_000

    /// What an alias expanded too far: the anchor's name and where it was used.
    struct AliasBomb: Error {
      let location: SpecLocation
    }

    /// Copies a Yams node, counting the nodes that aliases add.
    ///
    /// Yams composes an alias as the anchored node itself, shared, so the tree it returns is
    /// small however often aliases repeat; copying it expands every alias, and nested aliases
    /// grow exponentially. The anchors seen tell a first definition from its repetitions, whose
    /// nodes are counted against ``aliasExpansionLimit`` before they are copied. The anchors are
    /// only alive while their parser is, so call this before the parser is released.
    init(
      _ node: Node, file: String, fallback: SpecLocation, anchors: inout Set<ObjectIdentifier>,
      expanded: inout Int, inAlias: Bool = false
    ) throws(AliasBomb) {
      let location =
        node.mark.map { SpecLocation(file: file, line: max($0.line, 1), column: max($0.column, 1)) }
        ?? fallback
      var inAlias = inAlias
      if let anchor = node.anchor, !anchors.insert(ObjectIdentifier(anchor)).inserted {
        inAlias = true
      }
      if inAlias {
        expanded += 1
        guard expanded <= Self.aliasExpansionLimit else { throw AliasBomb(location: location) }
      }
      switch node {
      case .scalar(let scalar):
        self = .scalar(scalar.string, isPlain: scalar.style == .plain, location)
      case .mapping(let mapping):
        var pairs: [(key: SpecNode, value: SpecNode)] = []
        for (key, value) in mapping {
          pairs.append(
            (
              try SpecNode(
                key, file: file, fallback: location, anchors: &anchors, expanded: &expanded,
                inAlias: inAlias),
              try SpecNode(
                value, file: file, fallback: location, anchors: &anchors, expanded: &expanded,
                inAlias: inAlias)
            ))
        }
        self = .mapping(pairs, location)
      case .sequence(let sequence):
        var items: [SpecNode] = []
        for item in sequence {
          items.append(
            try SpecNode(
              item, file: file, fallback: location, anchors: &anchors, expanded: &expanded,
              inAlias: inAlias))
        }
        self = .sequence(items, location)
      case .alias:
        self = .alias(location)
      }
    }
  }
#endif  // Spec
