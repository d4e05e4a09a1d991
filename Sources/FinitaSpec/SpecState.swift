#if Spec
  import FinitaAutomaton

  /// A state of a spec's machine as ``SpecMachine`` runs it: the state's name and, for a state
  /// with a payload, its fields' values written as Swift prints them.
  public struct SpecState: AutomatonState, CustomStringConvertible {
    /// The state's name: its case, without the payload.
    public var name: String
    /// The payload's field names, in order; empty for a state without payload.
    public var fields: [String]
    /// The payload's values as Swift prints them (`0`, `""`, `nil`), one per field.
    public var values: [String]

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - name: The state's name.
    ///   - fields: The payload's field names.
    ///   - values: The payload's values as Swift prints them.
    public init(_ name: String, fields: [String] = [], values: [String] = []) {
      self.name = name
      self.fields = fields
      self.values = values
    }

    /// The state's name: computed transitions match states by it.
    public var kind: String { name }

    /// `paid(amount: 5)`, as Swift prints the generated enum's case; the name alone without
    /// payload.
    public var description: String {
      guard !fields.isEmpty else { return name }
      let pairs = zip(fields, values).map { "\($0): \($1)" }
      return "\(name)(\(pairs.joined(separator: ", ")))"
    }

    /// The zero value of a payload type, as Swift prints it: `0`, `0.0`, `false`, `""`, `[]` or
    /// `nil`.
    static func zero(of type: String) -> String {
      if type.hasSuffix("?") { return "nil" }
      if type.hasPrefix("[") { return "[]" }
      switch type {
      case "Bool": return "false"
      case "String": return "\"\""
      case "Double": return "0.0"
      default: return "0"
      }
    }
  }
#endif  // Spec
