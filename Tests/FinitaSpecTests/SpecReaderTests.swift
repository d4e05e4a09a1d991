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
  }
#endif  // Spec
