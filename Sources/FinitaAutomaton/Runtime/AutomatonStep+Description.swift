extension AutomatonStep: CustomStringConvertible {
  /// A short account of the step, such as `locked -> unlocked / green light`,
  /// `stayed in unlocked / green light`, `ignored coin in unlocked` or
  /// `undefined pause in empty`.
  public var description: String {
    func suffix(_ output: Output?) -> String {
      output.map { " / \($0)" } ?? ""
    }
    switch self {
    case .transitioned(let from, let to, let output):
      return "\(from) -> \(to)\(suffix(output))"
    case .stayed(let state, let output):
      return "stayed in \(state)\(suffix(output))"
    case .ignored(let state, let kind):
      return "ignored \(kind) in \(state)"
    case .undefined(let state, let kind):
      return "undefined \(kind) in \(state)"
    }
  }
}
