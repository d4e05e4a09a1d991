#if Spec
  /// What the generators and ``SpecMachine`` do with each transition of a machine, worked out
  /// once so that the Swift, the Kotlin and the Swift trace cannot disagree.
  ///
  /// Payloads are filled by name. A field of the state entered takes the event's field of the same
  /// name, else the state left's, else the zero value of its type (0, 0.0, false, "" or nil). A
  /// field of an output takes the event's field, else the state entered's, else the state left's,
  /// else zero. A transition from or to a state with a payload, or emitting an output with a
  /// payload, is computed (a `ComputedTransition` in Swift); so are the other transitions on the
  /// same state and event, as the table is tried before computed transitions.
  struct MachinePlan {
    /// Where a payload field's value comes from.
    enum Source: Hashable {
      /// The field of the event at this position.
      case event(Int)
      /// The field of the state left at this position.
      case left(Int)
      /// The zero value of the field's type.
      case zero
    }

    /// A state or an output with the source of each of its fields.
    struct Value: Hashable {
      var name: String
      var fields: [(field: SpecField, source: Source)]

      static func == (lhs: Value, rhs: Value) -> Bool {
        lhs.name == rhs.name && lhs.fields.map(\.field) == rhs.fields.map(\.field)
          && lhs.fields.map(\.source) == rhs.fields.map(\.source)
      }

      func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(fields.map(\.source))
      }
    }

    /// One transition, planned.
    struct Row {
      var transition: SpecTransition
      /// Whether the transition is computed rather than a row of the table.
      var isComputed: Bool
      /// The state entered, with where its fields come from; for an internal transition, the
      /// state itself, unchanged.
      var target: Value
      /// The outputs of the step, in order: the exit output of the state left, the transition's
      /// output (or the Moore output of the state entered), the entry output of the state entered.
      var outputs: [Value]
      /// The event's case.
      var event: SpecCase
      /// The state left's case.
      var left: SpecCase
    }

    let machine: MachineSpec
    let rows: [Row]
    /// Whether a step emits a list of outputs (the machine has entry or exit outputs).
    let hasOutputList: Bool
    /// Whether a state has a payload, so the state type names its kinds.
    let hasStatePayloads: Bool
    /// Whether some transition is computed.
    let hasComputedRows: Bool
    /// Fields whose source has another type: the spec is invalid.
    let mismatches: [SpecDiagnostic]

    init(_ machine: MachineSpec) {
      self.machine = machine
      let states = Self.index(machine.states)
      let events = Self.index(machine.events)
      let outputs = Self.index(machine.outputs)
      let moore = Self.index(machine.stateOutputs)
      let entries = Self.index(machine.entryOutputs)
      let exits = Self.index(machine.exitOutputs)
      hasOutputList = !machine.entryOutputs.isEmpty || !machine.exitOutputs.isEmpty
      hasStatePayloads = machine.states.contains { !$0.payload.isEmpty }
      var mismatches: [SpecDiagnostic] = []
      var rows: [Row] = []
      for transition in machine.transitions {
        let event = events[transition.event.value] ?? SpecCase(name: transition.event)
        let left = states[transition.from.value] ?? SpecCase(name: transition.from)
        let entered = states[transition.to.value] ?? SpecCase(name: transition.to)
        let target: Value
        if transition.isInternal {
          target = Value(
            name: left.name.value,
            fields: left.payload.indices.map { (left.payload[$0], .left($0)) })
        } else {
          target = Value(
            name: entered.name.value,
            fields: entered.payload.map { field in
              (
                field,
                Self.source(
                  of: field, for: entered.name.value,
                  in: [(event, { .event($0) }), (left, { .left($0) })],
                  at: transition.location, into: &mismatches)
              )
            })
        }
        var names: [String] = []
        if !transition.isInternal, let exit = exits[left.name.value] {
          names.append(exit)
        }
        if let output = transition.output?.value ?? moore[target.name] {
          names.append(output)
        }
        if !transition.isInternal, let entry = entries[entered.name.value] {
          names.append(entry)
        }
        let values = names.map { name in
          let output = outputs[name] ?? SpecCase(name: Located(name, at: transition.location))
          return Value(
            name: name,
            fields: output.payload.map { field in
              (field, Self.outputSource(of: field, event, target, left, transition, &mismatches))
            })
        }
        rows.append(
          Row(
            transition: transition, isComputed: false, target: target, outputs: values,
            event: event, left: left))
      }
      // A group of transitions on one state and event is computed as a whole.
      var computedGroups: Set<String> = []
      for row in rows
      where !row.left.payload.isEmpty || !row.target.fields.isEmpty
        || row.outputs.contains(where: { !$0.fields.isEmpty })
      {
        computedGroups.insert(Self.group(row.transition))
      }
      for index in rows.indices where computedGroups.contains(Self.group(rows[index].transition)) {
        rows[index].isComputed = true
      }
      self.rows = rows
      hasComputedRows = !computedGroups.isEmpty
      self.mismatches = mismatches
    }

    static func group(_ transition: SpecTransition) -> String {
      "\(transition.from.value) \(transition.event.value)"
    }

    static func index(_ cases: [SpecCase]) -> [String: SpecCase] {
      Dictionary(cases.map { ($0.name.value, $0) }) { first, _ in first }
    }

    static func index(_ pairs: [SpecStateOutput]) -> [String: String] {
      Dictionary(pairs.map { ($0.state.value, $0.output.value) }) { first, _ in first }
    }

    /// The first of `candidates` with a field named as `field`; a field of another type is an error.
    static func source(
      of field: SpecField, for state: String, in candidates: [(SpecCase, (Int) -> Source)],
      at location: SpecLocation,
      into mismatches: inout [SpecDiagnostic]
    ) -> Source {
      for (owner, make) in candidates {
        guard let index = owner.payload.firstIndex(where: { $0.name.value == field.name.value })
        else { continue }
        let found = owner.payload[index]
        if found.type.value != field.type.value {
          mismatches.append(
            SpecDiagnostic(
              .unsupportedType, at: location,
              "field '\(field.name.value)' of state '\(state)' is \(field.type.value), but "
                + "'\(owner.name.value)', which fills it on this transition, carries it as "
                + "\(found.type.value); give both the same type or rename one"))
          return .zero
        }
        return make(index)
      }
      return .zero
    }

    static func outputSource(
      of field: SpecField, _ event: SpecCase, _ target: Value, _ left: SpecCase,
      _ transition: SpecTransition, _ mismatches: inout [SpecDiagnostic]
    ) -> Source {
      let entered = SpecCase(
        name: Located(target.name, at: transition.location), payload: target.fields.map(\.field))
      for (owner, kind) in [(event, 0), (entered, 1), (left, 2)] {
        guard let index = owner.payload.firstIndex(where: { $0.name.value == field.name.value })
        else { continue }
        let found = owner.payload[index]
        if found.type.value != field.type.value {
          mismatches.append(
            SpecDiagnostic(
              .unsupportedType, at: transition.location,
              "field '\(field.name.value)' of an output is \(field.type.value), but "
                + "'\(owner.name.value)', which fills it on this transition, carries it as "
                + "\(found.type.value); give both the same type or rename one"))
          return .zero
        }
        switch kind {
        case 0: return .event(index)
        case 1: return target.fields[index].source
        default: return .left(index)
        }
      }
      return .zero
    }

    /// The initial state, its payload filled with zero values.
    var initial: Value? {
      guard let name = machine.initial?.value else { return nil }
      let fields = machine.state(name)?.payload ?? []
      return Value(name: name, fields: fields.map { ($0, .zero) })
    }
  }
#endif  // Spec
