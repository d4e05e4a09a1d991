#if Spec
  import FinitaAutomaton

  /// Turns a machine learned by an automata-learning tool (a DOT file read by FinitaAutomaton's
  /// `DOTImporter`) into spec YAML, to check, draw and generate code from.
  ///
  /// ```swift
  /// let yaml = try SpecImporter.yaml(fromDOT: text, name: "Learned", moore: false)
  /// ```
  public enum SpecImporter {
    /// The spec YAML of the Mealy or Moore machine in a DOT file.
    ///
    /// Names that are not identifiers (learned machines often use `s0`, `1`, `a b`) are rewritten
    /// as identifiers: a leading digit gets a prefix, other characters become `_`.
    ///
    /// - Parameters:
    ///   - text: The DOT source.
    ///   - name: The machine's name in the spec.
    ///   - moore: Whether states are labelled with outputs (Moore) instead of edges (Mealy).
    /// - Returns: The spec, in YAML.
    /// - Throws: `DOTImportError` from the importer, with its line and column.
    public static func yaml(fromDOT text: String, name: String, moore: Bool) throws(DOTImportError)
      -> String
    {
      let automaton =
        moore ? try DOTImporter.mooreMachine(from: text) : try DOTImporter.mealyMachine(from: text)
      func identifier(_ raw: String, prefix: String) -> String {
        var result = String(
          raw.unicodeScalars.map {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
              ? Character($0) : "_"
          })
        if result.isEmpty || result.first?.isNumber == true {
          result = prefix + result
        }
        if Identifiers.keywordLanguage(result) != nil {
          result += "_"
        }
        return result
      }
      func ordered(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
      }
      let states = automaton.states.map { identifier($0, prefix: "s") }
      let events = ordered(automaton.transitions.map { identifier($0.kind, prefix: "e") })
      var outputs = automaton.transitions.compactMap(\.outputLabel)
      outputs += automaton.states.compactMap { automaton.stateOutputs[$0] }
      let outputNames = ordered(outputs.map { identifier($0, prefix: "o") })
      var lines = [
        "# Imported from a learned \(moore ? "Moore" : "Mealy") machine by `finita import`.",
        "finita: 1",
        "machine: \(identifier(name, prefix: "M"))",
        "states: [\(states.joined(separator: ", "))]",
        "events: [\(events.joined(separator: ", "))]",
      ]
      if !outputNames.isEmpty {
        lines.append("outputs: [\(outputNames.joined(separator: ", "))]")
      }
      if let initial = automaton.initialState {
        lines.append("initial: \(identifier(initial, prefix: "s"))")
      }
      lines.append("transitions:")
      for transition in automaton.transitions {
        var entry =
          "  - { from: \(identifier(transition.from, prefix: "s")), "
          + "on: \(identifier(transition.kind, prefix: "e")), "
          + "to: \(identifier(transition.to, prefix: "s"))"
        if let output = transition.outputLabel {
          entry += ", output: \(identifier(output, prefix: "o"))"
        }
        lines.append(entry + " }")
      }
      if moore {
        lines.append("stateOutputs:")
        for state in automaton.states {
          if let output = automaton.stateOutputs[state] {
            lines.append(
              "  \(identifier(state, prefix: "s")): \(identifier(output, prefix: "o"))")
          }
        }
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }
#endif  // Spec
