/// A coding key for an array index or a key that the type's own keys do not name, named as
/// Foundation's `JSONEncoder` and `JSONDecoder` name them: `Index 2`, `super`.
package struct JSONTreeKey: CodingKey, Sendable {
  package let stringValue: String
  package let intValue: Int?

  package init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  package init(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }

  /// The key of a keyed container's super encoder or decoder.
  package static let `super` = JSONTreeKey(stringValue: "super")

  /// The key of item `index` of an unkeyed container.
  package static func index(_ index: Int) -> JSONTreeKey { JSONTreeKey(intValue: index) }
}
