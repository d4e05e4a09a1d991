/// The keys ``JSONValueEncoder`` and ``JSONValueDecoder`` put in coding paths themselves: the
/// `super` key of a keyed container's `superEncoder()` and `superDecoder()`, and an unkeyed
/// container's items, named as `JSONEncoder` and `JSONDecoder` name them.
struct JSONCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init?(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init?(intValue: Int) {
    self.init(index: intValue)
  }

  private init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  /// The key of a keyed container's super encoder or decoder.
  static let `super` = JSONCodingKey(stringValue: "super").unsafelyUnwrapped

  /// The key of item `index` of an unkeyed container.
  static func index(_ index: Int) -> JSONCodingKey { JSONCodingKey(index: index) }
}
