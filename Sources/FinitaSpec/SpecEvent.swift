import FinitaAutomaton

/// An event of a spec's machine as ``SpecMachine`` runs it: the event's name and the guards that
/// accept it (a spec names its guards but does not say what they compute).
public struct SpecEvent: AutomatonEvent, Hashable, CustomStringConvertible {
  /// The event's name.
  public var name: String
  /// The guards that accept this event; every other guard rejects it.
  public var accepting: Set<String>

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - accepting: The guards that accept it.
  public init(_ name: String, accepting: Set<String> = []) {
    self.name = name
    self.accepting = accepting
  }

  /// The event's name: transitions are looked up by it.
  public var kind: String { name }

  /// `insert if enough`, as a scenario step is written.
  public var description: String {
    accepting.isEmpty ? name : "\(name) if \(accepting.sorted().joined(separator: " and "))"
  }
}
