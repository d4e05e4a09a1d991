extension Diagram {
  /// The transitions with the self-loops of each state drawn as one, their labels joined by
  /// `separator`, for Mermaid and PlantUML, whose layouts draw two loops on one state over each
  /// other. With `keepsStyles`, a dashed (internal) loop stays apart from a solid one.
  func mergingLoops(separator: String, keepsStyles: Bool) -> [Transition] {
    var merged: [Transition] = []
    var firstLoop: [String: Int] = [:]
    for transition in transitions {
      guard transition.from == transition.to else {
        merged.append(transition)
        continue
      }
      let key = (keepsStyles && transition.isInternal ? "dashed " : "") + transition.from
      guard let index = firstLoop[key] else {
        firstLoop[key] = merged.count
        merged.append(transition)
        continue
      }
      if !transition.label.isEmpty {
        let label = merged[index].label
        merged[index].label =
          label.isEmpty ? transition.label : label + separator + transition.label
      }
    }
    return merged
  }
}
