#if Spec
  import Testing

  @testable import FinitaSpec

  @Suite("Spec reader")
  struct SpecReaderTests {
    @Test("every seed spec reads without a diagnostic")
    func seedsAreValid() throws {
      #expect(SpecFixtures.seedSpecs.count == 9)
      for url in SpecFixtures.seedSpecs {
        let check = SpecReader.check(contentsOf: url.path)
        #expect(check.diagnostics.isEmpty, "\(url.lastPathComponent): \(check.diagnostics)")
        #expect(check.spec != nil)
      }
    }

    @Test("YAML and JSON read into the same machine")
    func jsonAndYamlAgree() throws {
      let yaml = """
        finita: 1
        machine: Door
        states: [closed, open]
        events: [push, pull]
        initial: closed
        transitions:
          - { from: closed, on: push, to: open }
          - { from: open, on: pull, to: closed }
        """
      let json = """
        {"finita": 1, "machine": "Door", "states": ["closed", "open"], "events": ["push", "pull"],
         "initial": "closed", "transitions": [{"from": "closed", "on": "push", "to": "open"},
         {"from": "open", "on": "pull", "to": "closed"}]}
        """
      let fromYAML = try SpecReader.read(yaml, file: "door.yaml")
      let fromJSON = try SpecReader.read(json, file: "door.json")
      #expect(
        fromYAML.machine?.states.map(\.name.value) == fromJSON.machine?.states.map(\.name.value))
      #expect(
        fromYAML.machine?.transitions.map { "\($0.from.value)-\($0.event.value)-\($0.to.value)" }
          == fromJSON.machine?.transitions.map {
            "\($0.from.value)-\($0.event.value)-\($0.to.value)"
          })
      #expect(fromJSON.machine?.transitions[1].from.location.line == 3)
    }

    @Test("a broken spec reports every error at once, each at its line and column")
    func everyErrorAtOnce() {
      let text = """
        finita: 1
        machine: Bad
        states: [locked, unlocked, locked, class]
        events: [coin, push, fun]
        initail: locked
        transitions:
          - { from: locked, on: coin, to: unlockd }
          - { from: locked, on: coin, to: unlocked }
          - { from: unlocked, on: pus, to: locked, colour: red }
          - name: broken
        """
      let check = SpecReader.check(text, file: "bad.yaml")
      #expect(check.spec != nil)
      #expect(
        check.diagnostics.map(\.description) == [
          "bad.yaml:1:1: error: a machine spec needs the key 'initial'",
          "bad.yaml:3:28: error: state 'locked' is declared twice (first on line 3); remove one or "
            + "rename it",
          "bad.yaml:3:36: error: state 'class' is a keyword in Swift and Kotlin; choose another "
            + "name, such as 'classCase'",
          "bad.yaml:4:22: error: event 'fun' is a keyword in Kotlin; choose another name, such as "
            + "'funCase'",
          "bad.yaml:5:1: error: unknown key 'initail' in a machine spec; did you mean 'initial'? "
            + "allowed keys: entryOutputs, events, exitOutputs, final, finita, initial, machine, "
            + "outputs, scenarios, stateOutputs, states, summary, transitions",
          "bad.yaml:7:35: error: undeclared state 'unlockd'; declare it under 'states' or fix the "
            + "name (did you mean 'unlocked'?)",
          "bad.yaml:9:27: error: undeclared event 'pus'; declare it under 'events' or fix the name "
            + "(did you mean 'push'?)",
          "bad.yaml:9:44: error: unknown key 'colour' in a transition; allowed keys: from, guard, "
            + "on, output, to, within",
          "bad.yaml:10:5: error: a transition needs the key 'on'",
          "bad.yaml:10:5: error: unknown key 'name' in a transition; allowed keys: from, guard, on, "
            + "output, to, within",
        ])
      #expect(throws: SpecError.self) { try check.validSpec() }
    }

    @Test("malformed YAML is an error at the place the parser stopped")
    func syntaxError() {
      let check = SpecReader.check("finita: 1\nmachine: [x\n", file: "broken.yaml")
      #expect(check.spec == nil)
      #expect(check.diagnostics.map(\.code) == [.syntax])
      #expect(check.diagnostics.first?.location.line == 3)
    }

    @Test("structure: unreachable and dead-end states, nondeterminism, unhandled events")
    func structure() {
      let text = """
        finita: 1
        machine: Shape
        states: [a, b, c, d]
        events: [go, stop, never]
        initial: a
        transitions:
          - { from: a, on: go, to: b }
          - { from: a, on: go, to: a }
          - { from: b, on: stop, to: a, guard: ready }
          - { from: b, on: stop, to: b, guard: ready }
          - { from: d, on: go, to: c }
        """
      let check = SpecReader.check(text, file: "shape.yaml")
      #expect(
        check.diagnostics.map(\.code) == [
          .unreachableState, .unreachableState, .unhandledEvent, .nondeterministic,
          .nondeterministic,
        ])
      #expect(check.diagnostics.map(\.location.line) == [3, 3, 4, 8, 10])
    }

    @Test("a dead end is a non-final state with no way out")
    func deadEnd() {
      let text = """
        finita: 1
        machine: Trap
        states: [a, b]
        events: [go]
        initial: a
        transitions:
          - { from: a, on: go, to: b }
          - { within: b, on: go }
        """
      let check = SpecReader.check(text, file: "trap.yaml")
      #expect(check.diagnostics.map(\.code) == [.deadEndState])
      #expect(check.diagnostics.first?.location.column == 13)
    }

    @Test("payload types must be identifiers the generators map, or arrays of them")
    func payloadTypes() {
      let text = """
        finita: 1
        feature: Pay
        state: { total: Decimal, "bad name": Int, note: "List<String>", tags: [String], sizes: [Decimal] }
        wishes:
          - name: pay
            payload: { amount: Int, currency: String? }
        effects: [paid]
        """
      let check = SpecReader.check(text, file: "pay.yaml")
      #expect(
        check.diagnostics.map(\.code) == [
          .unsupportedType, .invalidIdentifier, .invalidIdentifier, .unsupportedType,
        ])
      let state = check.spec?.feature?.stateFields.map(\.type.value)
      #expect(state == ["Decimal", "Int", "List<String>", "[String]", "[Decimal]"])
    }

    @Test("states and outputs carry payloads, filled by name from the event and the state left")
    func payloadStates() throws {
      let text = """
        finita: 1
        machine: Till
        states:
          - idle
          - name: paid
            payload: { amount: Int, note: String? }
        events:
          - name: pay
            payload: { amount: Int }
          - reset
        outputs:
          - name: receipt
            payload: { amount: Int }
          - beep
        initial: idle
        entryOutputs: { paid: receipt }
        exitOutputs: { paid: beep }
        transitions:
          - { from: idle, on: pay, to: paid }
          - { from: paid, on: reset, to: idle }
        scenarios:
          - [pay, reset]
        """
      let spec = try SpecReader.read(text, file: "till.yaml")
      let machine = try #require(spec.machine)
      #expect(
        SpecMachine(machine).scenarioTrace == [
          "scenario 1: pay, reset",
          "idle -> paid(amount: 0, note: nil) / receipt(amount: 0)",
          "paid(amount: 0, note: nil) -> idle / beep",
        ])
    }

    @Test("a payload field filled from a field of another type is an error, located")
    func payloadMismatch() {
      let text = """
        finita: 1
        machine: Till
        states:
          - idle
          - name: paid
            payload: { amount: Int }
        events:
          - name: pay
            payload: { amount: String }
        initial: idle
        final: [paid]
        transitions:
          - { from: idle, on: pay, to: paid }
          - { within: paid, on: pay }
        entryOutputs: { paid: nothing, lost: beep }
        """
      let check = SpecReader.check(text, file: "till.yaml")
      #expect(
        check.diagnostics.map(\.description) == [
          "till.yaml:13:5: error: field 'amount' of state 'paid' is Int, but 'pay', which fills it "
            + "on this transition, carries it as String; give both the same type or rename one",
          "till.yaml:14:5: error: a transition with 'within' cannot be computed, as its state or an "
            + "output of the transitions on 'pay' carries a payload; write 'from: paid' and "
            + "'to: paid' instead",
          "till.yaml:15:23: error: undeclared output 'nothing'; declare it under 'outputs' or fix "
            + "the name",
          "till.yaml:15:32: error: undeclared state 'lost'; declare it under 'states' or fix the name",
          "till.yaml:15:38: error: undeclared output 'beep'; declare it under 'outputs' or fix the "
            + "name",
        ])
    }

    @Test("an unsupported spec version is reported")
    func version() {
      let check = SpecReader.check(
        "finita: 2\nfeature: X\nwishes: [a]\neffects: [b]\n", file: "v.yaml")
      #expect(check.diagnostics.map(\.code) == [.unsupportedVersion])
    }

    @Test("the shipped JSON Schema lists the keys the reader accepts")
    func schema() throws {
      let schema = SpecSchema.shipped
      #expect(schema.machine.required.contains("transitions"))
      #expect(schema.transition.allowed == ["from", "guard", "on", "output", "to", "within"])
      #expect(schema.machine.allowed.contains("entryOutputs"))
      #expect(schema.machine.allowed.contains("exitOutputs"))
      #expect(SpecReader.schema.contains("\"$schema\""))
    }

    /// A "billion laughs" file: nine levels of nine aliases, 9^9 values once expanded.
    static let aliasBomb: String = {
      var lines = [
        "finita: 1", "machine: Laughs", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
      ]
      let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
      for (previous, name) in zip(names, names.dropFirst()) {
        let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
        lines.append("\(name): &\(name) [\(aliases)]")
      }
      return lines.joined(separator: "\n") + "\n"
    }()

    @Test("an alias bomb fails with a located error before it is expanded")
    func aliasBomb() {
      let check = SpecReader.check(Self.aliasBomb, file: "laughs.yaml")
      #expect(check.spec == nil)
      #expect(check.diagnostics.map(\.code) == [.syntax])
      let diagnostic = check.diagnostics.first
      #expect(diagnostic?.location.file == "laughs.yaml")
      // At the alias that crossed the limit: `b` to `d` add 8,289 values, and the first `*d`
      // (7,381 values) passes 10,000.
      #expect(diagnostic?.location.line == 7)
      #expect(diagnostic?.location.column == 8)
      #expect(diagnostic?.message.contains("more than 10000 values") == true)
      #expect(diagnostic?.message.contains("write the repeated values out") == true)
    }

    @Test("an alias bomb used as a key fails before Yams hashes it")
    func aliasBombAsKey() {
      let check = SpecReader.check(Self.aliasBomb + "j: { *i: 1, *h: 2 }\n", file: "keys.yaml")
      #expect(check.spec == nil)
      #expect(check.diagnostics.map(\.code) == [.syntax])
      #expect(AliasBudget.overflow(in: "a: &a [1, 2]\nb: [*a, *a]\n") == nil)
      #expect(
        AliasBudget.overflow(in: "a: &a [1, 2]\nb: [*a, *a]\n", limit: 5).map {
          [$0.line, $0.column]
        } == [2, 9])
    }

    @Test("aliases used in moderation still read")
    func moderateAliases() throws {
      let text = """
        finita: 1
        machine: Door
        states: &states [closed, open]
        events: [push, pull]
        initial: closed
        final: []
        transitions:
          - &push { from: closed, on: push, to: open }
          - { from: open, on: pull, to: closed }
        scenarios:
          - &cycle [push, pull, push]
          - *cycle
          - *cycle
        """
      let spec = try SpecReader.read(text, file: "door.yaml")
      #expect(spec.machine?.scenarios.count == 3)
      #expect(spec.machine?.scenarios[2].steps.map(\.event.value) == ["push", "pull", "push"])
    }

    /// A machine with the given states, each reachable from the first through `go`.
    static func machine(states: [String], events: [String] = ["go"]) -> String {
      let transitions = zip(states, states.dropFirst() + states.prefix(1)).map {
        "  - { from: \($0), on: \(events[0]), to: \($1) }"
      }
      return """
        finita: 1
        machine: Names
        states: [\(states.joined(separator: ", "))]
        events: [\(events.joined(separator: ", "))]
        initial: \(states[0])
        transitions:
        \(transitions.joined(separator: "\n"))

        """
    }

    @Test(
      "a state whose class the generated code already uses is refused, at its name",
      arguments: ["String", "string", "State", "list", "effect", "Kind", "kind"])
    func reservedStateNames(name: String) {
      let check = SpecReader.check(Self.machine(states: ["idle", name]), file: "names.yaml")
      let errors = check.errors.filter { $0.code == .keyword }
      #expect(errors.count == 1, "\(check.diagnostics)")
      #expect(errors.first?.location.line == 3)
      #expect(errors.first?.location.column == 16)
      #expect(errors.first?.message.contains("already uses") == true)
    }

    @Test("names that differ only in case are refused, states and events alike")
    func namesDifferingInCase() {
      let states = SpecReader.check(Self.machine(states: ["idle", "Idle"]), file: "case.yaml")
      #expect(
        states.errors.map(\.description) == [
          "case.yaml:3:16: error: state 'Idle' differs from 'idle' (line 3) only in case; the "
            + "generated Kotlin classes and the files of case-insensitive file systems would "
            + "clash, so rename one"
        ])
      let events = SpecReader.check(
        Self.machine(states: ["idle", "busy"], events: ["go", "Go"])
          + "  - { from: idle, on: Go, to: busy }\n",
        file: "case.yaml")
      #expect(events.errors.map(\.code).contains(.duplicate))
      #expect(events.errors.contains { $0.message.contains("event 'Go' differs from 'go'") })
    }

    @Test("a Kotlin soft keyword is a name; a 300-character name is refused")
    func softKeywordsAndLongNames() {
      let soft = SpecReader.check(Self.machine(states: ["idle", "open", "data"]), file: "s.yaml")
      #expect(soft.errors.isEmpty, "\(soft.diagnostics)")
      let long = "s" + String(repeating: "x", count: 299)
      let check = SpecReader.check(Self.machine(states: ["idle", long]), file: "long.yaml")
      #expect(check.errors.map(\.code) == [.invalidIdentifier])
      #expect(check.errors.first?.message.contains("300 characters long") == true)
    }

    // Found by the random specs: `__` passed check, and kotlinc refused `object __`.
    @Test("a name made only of underscores is refused: Kotlin reserves it")
    func underscoreNames() {
      let check = SpecReader.check(
        Self.machine(states: ["idle", "busy"], events: ["__"]), file: "under.yaml")
      #expect(check.errors.map(\.code) == [.keyword], "\(check.diagnostics)")
      #expect(check.errors.first?.location.line == 4)
      #expect(check.errors.first?.message.contains("only underscores") == true)
      let mixed = SpecReader.check(
        Self.machine(states: ["idle", "busy"], events: ["_go"]), file: "mixed.yaml")
      #expect(mixed.errors.isEmpty, "\(mixed.diagnostics)")
    }

    // Found by the random specs: a state named "" passed check and generated `case ` in Swift.
    @Test("an empty name is refused where it is written; an empty summary is fine")
    func emptyNames() {
      let check = SpecReader.check(
        Self.machine(states: ["idle", "\"\""]), file: "empty.yaml")
      // At the state, and at the transitions that name it.
      #expect(!check.errors.isEmpty)
      #expect(check.errors.allSatisfy { $0.code == .invalidIdentifier }, "\(check.diagnostics)")
      #expect(check.errors.first?.location.line == 3)
      #expect(check.errors.first?.location.column == 16)
      #expect(check.errors.allSatisfy { $0.message.contains("is empty") })
      let summary = SpecReader.check(
        Self.machine(states: ["idle", "busy"]) + "summary: \"\"\n", file: "summary.yaml")
      #expect(summary.errors.isEmpty, "\(summary.diagnostics)")
    }

    @Test("the smallest Int64 and Int are written as Kotlin constants")
    func smallestIntegers() {
      #expect(
        SpecValues.kotlin(.scalar("-9223372036854775808", isPlain: true), type: "Int64")
          == "Long.MIN_VALUE")
      #expect(
        SpecValues.kotlin(.scalar("-2147483648", isPlain: true), type: "Int") == "Int.MIN_VALUE")
      #expect(SpecValues.kotlin(.scalar("-5", isPlain: true), type: "Int64") == "-5L")
    }

    @Test("a duplicate key is reported with every other error, not instead of them")
    func duplicateKeyKeepsOtherErrors() {
      let text = """
        finita: 1
        machine: Door
        states: [closed, open]
        states: [closed, open]
        events: [push]
        initial: closed
        transitions:
          - { from: closed, on: push, to: opne }
          - { from: open, on: push, on: push, to: closed }
        """
      let check = SpecReader.check(text, file: "door.yaml")
      #expect(
        check.errors.map(\.description) == [
          "door.yaml:3:1: error: key 'states' is written twice; keep one",
          "door.yaml:8:35: error: undeclared state 'opne'; declare it under 'states' or fix the "
            + "name (did you mean 'open'?)",
          "door.yaml:9:19: error: key 'on' is written twice; keep one",
        ])
    }

    @Test("a quoted version, a trailing comma in JSON and the step 'stop if and' are refused")
    func strictShapes() {
      let quoted = SpecReader.check(
        "finita: \"1\"\nfeature: X\nwishes: [a]\neffects: [b]\n", file: "v.yaml")
      #expect(quoted.errors.map(\.code) == [.unsupportedVersion])
      #expect(quoted.errors.first?.location.line == 1)
      let json = """
        {"finita": 1, "feature": "X", "wishes": ["a",], "effects": ["b"],
         "news": ["c"],
        }
        """
      let commas = SpecReader.check(json, file: "x.json")
      #expect(
        commas.errors.map(\.description) == [
          "x.json:1:45: error: JSON does not allow a comma before ']'; remove the comma",
          "x.json:2:15: error: JSON does not allow a comma before '}'; remove the comma",
        ])
      #expect(SpecReader.check(json, file: "x.yaml").errors.isEmpty)
      let steps =
        Self.machine(states: ["idle", "busy"]) + "scenarios:\n  - [go if and, go, go if a and]\n"
      let stepCheck = SpecReader.check(steps, file: "steps.yaml")
      #expect(stepCheck.errors.map(\.location.line) == [10, 10])
      #expect(stepCheck.errors.allSatisfy { $0.message.contains("cannot read the step") })
    }

    @Test("a misspelt key with two letters swapped gets a 'did you mean'")
    func swappedLetters() {
      let text = Self.machine(states: ["idle", "busy"]).replacingOccurrences(
        of: "to: busy }", with: "to: busy, gaurd: ready }")
      let check = SpecReader.check(text, file: "g.yaml")
      #expect(check.errors.first?.message.contains("did you mean 'guard'?") == true)
      #expect(SpecParser.editDistance("gaurd", "guard") == 1)
      #expect(SpecParser.editDistance("guard", "guard") == 0)
      #expect(SpecParser.editDistance("abc", "xyz") == 3)
    }

    @Test("a syntax error on a line indented with a tab says to indent with spaces")
    func tabHint() {
      let check = SpecReader.check(
        "finita: 1\nmachine: Door\nstates:\n\t- closed\n", file: "tab.yaml")
      #expect(check.errors.map(\.code) == [.syntax])
      #expect(check.errors.first?.message.contains("indent with spaces") == true)
      let plain = SpecReader.check("finita: 1\nmachine: [Door\n", file: "x.yaml")
      #expect(plain.errors.first?.message.contains("tab") == false)
    }
  }
#endif  // Spec
