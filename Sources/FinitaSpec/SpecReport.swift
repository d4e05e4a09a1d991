#if Spec
  import Foundation

  /// What `finita check` prints: diagnostics in the compiler's format or as JSON, a summary line,
  /// and a state × event matrix.
  public enum SpecReport {
    /// One line summing a valid spec up: `Specs/turnstile.yaml: machine Turnstile, 2 states, ...`.
    ///
    /// - Parameter spec: The spec.
    /// - Returns: The line.
    public static func summary(_ spec: Spec) -> String {
      if let machine = spec.machine {
        var parts = [
          "\(machine.states.count) states", "\(machine.events.count) events",
          "\(machine.transitions.count) transitions",
        ]
        if !machine.outputs.isEmpty {
          parts.append("\(machine.outputs.count) outputs")
        }
        return "\(spec.file): ok: machine \(spec.name), " + parts.joined(separator: ", ")
      }
      let feature = spec.feature
      return "\(spec.file): ok: feature \(spec.name), \(feature?.wishes.count ?? 0) wishes, "
        + "\(feature?.effects.count ?? 0) effects, \(feature?.news.count ?? 0) news"
    }

    /// The state × event matrix of a machine: a row per state, a column per event; a cell names
    /// the state entered, `=` for an internal transition, `[guard]` after a guarded one, and `-`
    /// where the event is undefined.
    ///
    /// - Parameter machine: The machine.
    /// - Returns: The matrix as aligned text, one line per row.
    public static func matrix(_ machine: MachineSpec) -> String {
      let events = machine.events.map(\.name.value)
      var rows: [[String]] = [["state \\ event"] + events]
      for state in machine.states.map(\.name.value) {
        var row = [state]
        for event in events {
          let cells = machine.transitions.filter {
            $0.from.value == state && $0.event.value == event
          }.map { transition in
            (transition.isInternal ? "=" : transition.to.value)
              + (transition.guardName.map { " [\($0.value)]" } ?? "")
          }
          row.append(cells.isEmpty ? "-" : cells.joined(separator: " | "))
        }
        rows.append(row)
      }
      let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
      return rows.map { row in
        zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
      }.joined(separator: "\n")
    }

    /// The results of checking files, as JSON for tools: one object per file with `file`,
    /// `valid` and `diagnostics` (`severity`, `code`, `line`, `column`, `message`).
    ///
    /// - Parameter checks: The files' paths and results, in order.
    /// - Returns: Pretty-printed JSON with sorted keys.
    public static func json(_ checks: [(file: String, check: SpecCheck)]) -> String {
      struct Entry: Encodable {
        var file: String
        var valid: Bool
        var kind: String?
        var name: String?
        var diagnostics: [Diagnostic]
      }
      struct Diagnostic: Encodable {
        var severity: String
        var code: String
        var line: Int
        var column: Int
        var message: String
      }
      let entries = checks.map { file, check in
        Entry(
          file: file, valid: check.errors.isEmpty,
          kind: check.spec.map { $0.machine != nil ? "machine" : "feature" },
          name: check.spec?.name,
          diagnostics: check.diagnostics.map {
            Diagnostic(
              severity: $0.severity.rawValue, code: $0.code.description, line: $0.location.line,
              column: $0.location.column, message: $0.message)
          })
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(["files": entries]),
        let text = String(data: data, encoding: .utf8)
      else {
        preconditionFailure("Internal inconsistency: the check report does not encode")
      }
      return text
    }
  }
#endif  // Spec
