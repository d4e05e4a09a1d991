#if Spec
  /// Where something is in a spec file: the file's path, a line and a column, both from 1.
  public struct SpecLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path of the file as it was given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: The path of the file.
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    public init(file: String, line: Int, column: Int) {
      self.file = file
      self.line = line
      self.column = column
    }

    /// `file:line:column`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
  }

  /// A value read from a spec, with where it was written.
  public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var location: SpecLocation

    /// Creates a located value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - location: Where it was written.
    public init(_ value: Value, at location: SpecLocation) {
      self.value = value
      self.location = location
    }
  }
#endif  // Spec
