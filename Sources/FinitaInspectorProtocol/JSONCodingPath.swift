import FinitaJSON

/// A coding path kept as a link to the path it extends, and made into an array only when asked
/// for: by an error, or by a type that reads its coder's `codingPath`. An array built for every
/// field cost an allocation and a copy of each key at every field.
final class JSONCodingPath {
  let parent: JSONCodingPath?
  let key: (any CodingKey)?

  /// The path of a message's top level.
  init() {
    parent = nil
    key = nil
  }

  private init(parent: JSONCodingPath, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  /// This path, then `key`.
  func appending(_ key: any CodingKey) -> JSONCodingPath {
    JSONCodingPath(parent: self, key: key)
  }

  /// The keys from the top level.
  var keys: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node: JSONCodingPath? = self
    while let current = node {
      if let key = current.key { keys.append(key) }
      node = current.parent
    }
    return keys.reversed()
  }
}
