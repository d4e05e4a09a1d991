/// A tree of JSON values that ``JSONReader`` builds as it reads: each value is made once, as soon
/// as it is read, so that a reader of another tree needs no second pass.
///
/// FinitaJSON's own ``JSONValue`` keeps numbers as their literal text and objects in the order of
/// the document, with where each member lies; a tree that only needs doubles and dictionaries
/// (the inspector's messages) builds those directly.
///
/// ```swift
/// let value = try JSONReader.read(Data(#"{"a": [1, true]}"#.utf8), as: JSONValue.self)
/// ```
package protocol JSONTree {
  /// The members of an object while they are read.
  associatedtype Members

  /// `null`.
  static var null: Self { get }

  /// `true` or `false`.
  static func bool(_ flag: Bool) -> Self

  /// A string, its escapes resolved.
  static func string(_ text: String) -> Self

  /// A number from its literal text, as JSON writes it (`-1.5e3`).
  ///
  /// - Parameter literal: The literal, already checked against JSON's grammar.
  /// - Returns: The value, or `nil` when the tree cannot hold the number; the reader then reports
  ///   the number, where it is, as too large for ``numberLimit``.
  static func number(literal: String) -> Self?

  /// What the tree's numbers are, for the message about one that does not fit: `a Double`.
  static var numberLimit: String { get }

  /// An array.
  static func array(_ elements: [Self]) -> Self

  /// An object with no members yet.
  static var noMembers: Members { get }

  /// Adds a member to an object being read, unless its key is already there: the first of two
  /// equal keys counts, as in Foundation's `JSONDecoder`.
  ///
  /// - Parameters:
  ///   - value: The member's value.
  ///   - key: Its key.
  ///   - range: Where the value lies in the document, as byte offsets from its start.
  ///   - members: The members read so far.
  static func add(_ value: Self, named key: String, at range: Range<Int>, to members: inout Members)

  /// An object, once its closing brace is read.
  static func object(_ members: Members) -> Self
}
