#if Spec
  extension SwiftGenerator {
    /// The name of a machine's replay file: `Turnstile+Replay.swift`.
    public var replayFileName: String { "\(spec.name)+Replay.swift" }

    /// A Swift file that replays a machine's scenarios with the generated table and returns
    /// their trace: the lines ``SpecMachine/scenarioTrace`` lists and the generated Kotlin's
    /// `main` prints, each scenario after its `scenario N: steps` line.
    ///
    /// ```swift
    /// for line in try TurnstileReplay.scenarioTrace() { print(line) }
    /// ```
    ///
    /// For a feature spec with scenarios, the file replays them on the feature's definition (the
    /// skeleton, filled in) and lists what it did, the lines the generated Kotlin's `main`
    /// prints.
    ///
    /// - Returns: The source of a Swift file, or `nil` for a feature spec without scenarios.
    public func replay() -> String? {
      if let feature = spec.feature {
        return feature.scenarios.isEmpty ? nil : featureReplay(feature)
      }
      guard let machine = spec.machine else { return nil }
      let name = machine.name.value
      let events = Dictionary(machine.events.map { ($0.name.value, $0) }) { first, _ in first }
      var out = CodeWriter()
      out.line(header)
      out.line()
      out.line("import FinitaAutomaton")
      out.line()
      out.line("/// Replays the scenarios of \(name)'s spec, each from the initial state.")
      out.block("enum \(name)Replay {") { out in
        out.line("/// Every scenario's `scenario N: steps` line, then one line per step.")
        out.block("static func scenarioTrace() throws -> [String] {") { out in
          out.line("var lines: [String] = []")
          for (index, scenario) in machine.scenarios.enumerated() {
            let title =
              "scenario \(index + 1): "
              + scenario.steps.map(\.description).joined(separator: ", ")
            out.line("lines.append(\(Self.quoted(title)))")
            out.block("lines += try trace([", close: "])") { out in
              for step in scenario.steps {
                Self.stepLine(
                  events[step.event.value].map { Self.sampleParts($0, step: step) }
                    ?? (".\(step.event.value)", []),
                  accepting: step.accepting, into: &out)
              }
            }
          }
          out.line("return lines")
        }
        out.line()
        traceFunction(machine, isStatic: true, into: &out)
      }
      return out.text
    }

    /// The `main.swift` of a replay program: it prints the trace of the machine's scenarios, the
    /// lines the generated Kotlin's `main` prints when it is given no arguments. Given scenarios
    /// as arguments, it reads them as the Kotlin `main` does, steps written as the trace's
    /// `scenario` line prints them (`pay(amount: 5, note: "a, b") if open`), and prints their
    /// trace; a step it cannot read, or that names an unknown event, field or guard or gives a
    /// value of the wrong type, ends it with a message on standard error and the status 1.
    /// Compile it with the types file and ``replay()``, linked with FinitaAutomaton.
    ///
    /// ```sh
    /// swiftc main.swift Turnstile.swift Turnstile+Replay.swift ... -o turnstile-replay
    /// ./turnstile-replay > swift.trace   # the same lines as `kotlin ... turnstile.TurnstileKt`
    /// ```
    ///
    /// A feature's replay program is compiled with the types file, the skeleton (filled in) and
    /// ``replay()``, linked with Finita.
    ///
    /// - Returns: The source of `main.swift`, or `nil` for a feature spec without scenarios.
    public func replayMain() -> String? {
      if let feature = spec.feature {
        return feature.scenarios.isEmpty ? nil : featureReplayMain(feature)
      }
      guard let machine = spec.machine else { return nil }
      let name = machine.name.value
      var out = CodeWriter()
      out.line(header)
      out.line("// The replay program of \(name): prints the trace of its spec's scenarios.")
      out.line()
      out.line("import FinitaAutomaton")
      out.line("import Foundation")
      out.line()
      out.line("/// Reads the scenarios given as arguments into \(name)'s events.")
      out.block("enum \(name)Steps {") { out in
        out.line("/// The events steps are read into.")
        out.line("typealias Event = \(name)Event")
        out.line()
        eventReader(machine, into: &out)
        out.line()
        for line in Self.stepReader.split(separator: "\n", omittingEmptySubsequences: false) {
          out.line(String(line))
        }
      }
      out.line()
      out.block("do {", close: "} catch {") { out in
        out.line("let arguments = CommandLine.arguments.dropFirst()")
        out.line("// Every scenario is read before any runs, so a mistake prints no trace.")
        out.line(
          "let scenarios = try arguments.map { try \(name)Steps.splitSteps($0).map(\(name)Steps.step) }"
        )
        out.block("if scenarios.isEmpty {", close: "} else {") { out in
          out.block("for line in try \(name)Replay.scenarioTrace() {") { out in
            out.line("print(line)")
          }
        }
        out.indented { out in
          out.block("for (index, steps) in scenarios.enumerated() {") { out in
            out.line(
              "print(\"scenario \\(index + 1): \" + steps.map(\\.label).joined(separator: \", \"))")
            out.block(
              "for line in try \(name)Replay.trace(steps.map { ($0.event, accepting: $0.accepting) }) {"
            ) { out in
              out.line("print(line)")
            }
          }
        }
        out.line("}")
      }
      out.indented { out in
        out.line(
          "Foundation.FileHandle.standardError.write(Foundation.Data(\"error: \\(error)\\n\".utf8))"
        )
        out.line("Foundation.exit(1)")
      }
      out.line("}")
      return out.text
    }

    /// `func trace(_:)`, which takes events from a machine's initial state and describes each
    /// step, every guard accepting only the events it is listed with; `static` in a replay.
    func traceFunction(_ machine: MachineSpec, isStatic: Bool, into out: inout CodeWriter) {
      let name = machine.name.value
      let guards = machine.guardNames
      let automaton = guards.isEmpty ? "\(name).automaton" : "\(name).automaton(guards: guards)"
      out.line("/// Takes `events` from the initial state and describes each step.")
      out.block(
        (isStatic ? "static " : "")
          + "func trace(_ events: [(\(name)Event, accepting: Set<String>)]) throws -> [String] {"
      ) { out in
        let initial = MachinePlan(machine).initial.map { Self.value($0, binding: nil) } ?? ""
        out.line("var state = \(name)State\(initial)")
        out.block("return try events.map { event, accepting in") { out in
          if !guards.isEmpty {
            out.block("let guards = \(name).Guards(", close: ")") { out in
              for (index, guardName) in guards.enumerated() {
                let comma = index == guards.count - 1 ? "" : ","
                out.line("\(guardName): { _, _ in accepting.contains(\"\(guardName)\") }\(comma)")
              }
            }
          } else {
            out.line("_ = accepting")
          }
          out.line("var machine = AutomatonMachine(\(automaton), state: state)")
          out.line("let step = try machine.step(event)")
          out.line("state = machine.state")
          out.line("return step.description")
        }
      }
    }
  }
#endif  // Spec
