#if Spec
  import FinitaAutomaton

  /// An event of a spec's machine as ``SpecMachine`` runs it: the event's name and the guards that
  /// accept it (a spec names its guards but does not say what they compute).
  public struct SpecEvent: AutomatonEvent, Hashable, CustomStringConvertible {
    /// The event's name.
    public var name: String
    /// The guards that accept this event; every other guard rejects it.
    public var accepting: Set<String>
    /// The values of the payload's fields given by name, as Swift prints them (`120`, `"tea"`);
    /// a field not named here is zero.
    public var values: [String: String]

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name.
    ///   - accepting: The guards that accept it.
    ///   - values: The values of its payload's fields by name, as Swift prints them.
    public init(_ name: String, accepting: Set<String> = [], values: [String: String] = [:]) {
      self.name = name
      self.accepting = accepting
      self.values = values
    }

    /// The event's name: transitions are looked up by it.
    public var kind: String { name }

    /// `insert if enough`, as a scenario step is written.
    public var description: String {
      accepting.isEmpty ? name : "\(name) if \(accepting.sorted().joined(separator: " and "))"
    }
  }
#endif  // Spec
