#if Spec
  import FinitaAutomaton

  /// A machine spec as an `Automaton` over strings, to run, draw and explore it without
  /// generating code.
  ///
  /// ```swift
  /// let machine = SpecMachine(spec.machine!)
  /// print(machine.automaton.mermaid())
  /// print(machine.trace(machine.spec.scenarios[0]).joined(separator: "\n"))
  /// ```
  public struct SpecMachine: Sendable {
    /// The spec.
    public let spec: MachineSpec
    /// The automaton: states are named by their case and payload, outputs by their text; a guard
    /// accepts an event when the event lists it in ``SpecEvent/accepting``. Transitions from or to
    /// states with payloads are computed, as in the generated Swift.
    public let automaton: Automaton<SpecState, SpecEvent, String>

    /// Builds the automaton of a machine spec.
    ///
    /// - Parameter spec: The machine; validate it first (``SpecReader`` does).
    public init(_ spec: MachineSpec) {
      self.spec = spec
      let plan = MachinePlan(spec)
      let plain = Set(spec.states.filter { $0.payload.isEmpty }.map(\.name.value))
      var components: [AutomatonComponent<SpecState, SpecEvent, String>] = spec.states.map {
        .declaration(
          Self.state(
            MachinePlan.Value(name: $0.name.value, fields: $0.payload.map { ($0, .zero) }), nil, nil
          ))
      }
      if let initial = plan.initial {
        components.append(.initial(Self.state(initial, nil, nil)))
      }
      for row in plan.rows {
        components.append(
          row.isComputed
            ? .computed(Self.computed(row))
            : .transition(Self.transition(row, hasOutputList: plan.hasOutputList)))
      }
      components += spec.finals.filter { plain.contains($0.value) }.map {
        .final(SpecState($0.value))
      }
      let payloadFinals = spec.finals.map(\.value).filter { !plain.contains($0) }
      if !payloadFinals.isEmpty {
        components.append(.final(kinds: payloadFinals))
      }
      let plainOutputs = Set(spec.outputs.filter { $0.payload.isEmpty }.map(\.name.value))
      for pair in spec.stateOutputs
      where plain.contains(pair.state.value) && plainOutputs.contains(pair.output.value) {
        components.append(.stateOutput(SpecState(pair.state.value), pair.output.value))
      }
      automaton = Automaton(components: components)
    }

    static func transition(_ row: MachinePlan.Row, hasOutputList: Bool) -> Transition<
      SpecState, SpecEvent, String
    > {
      let from = SpecState(row.transition.from.value)
      let event = row.transition.event.value
      var transition =
        row.transition.isInternal
        ? Transition<SpecState, SpecEvent, String>(within: from, by: event)
        : Transition(from: from, to: SpecState(row.transition.to.value), by: event)
      if let guardName = row.transition.guardName?.value {
        transition = transition.guarded(guardName) { _, event in
          event.accepting.contains(guardName)
        }
      }
      // As in the generated Swift: a step's list of outputs is written on every row, a single
      // output only on the rows that have their own (the table falls back to the Moore output).
      if hasOutputList ? !row.outputs.isEmpty : row.transition.output != nil {
        transition = transition.output(
          row.outputs.map { state($0, nil, nil).description }.joined(separator: ", "))
      }
      return transition
    }

    static func computed(_ row: MachinePlan.Row) -> ComputedTransition<SpecState, SpecEvent, String>
    {
      let guardName = row.transition.guardName?.value
      let eventFields = row.event.payload
      let target = row.target
      let outputs = row.outputs
      let step: @Sendable (SpecState, SpecEvent) -> (state: SpecState, output: String?)? = {
        state, event in
        if let guardName, !event.accepting.contains(guardName) { return nil }
        let next = Self.state(target, eventFields, state, event)
        let text = outputs.map { Self.state($0, eventFields, state, event).description }
        return (next, text.isEmpty ? nil : text.joined(separator: ", "))
      }
      let to = [
        row.isComputed && row.transition.isInternal ? row.transition.from.value : target.name
      ]
      if outputs.isEmpty {
        return ComputedTransition(
          from: row.transition.from.value, to: to, by: row.transition.event.value,
          name: guardName
        ) { step($0, $1)?.state }
      }
      return ComputedTransition(
        from: row.transition.from.value, to: to, by: row.transition.event.value, name: guardName,
        output: outputs.map(\.name).joined(separator: ", "), step)
    }

    /// A planned state or output with its values: the event's fields take the values the event
    /// gives them, else zero.
    static func state(
      _ value: MachinePlan.Value, _ eventFields: [SpecField]?, _ left: SpecState?,
      _ event: SpecEvent? = nil
    ) -> SpecState {
      let values = value.fields.map { field, source in
        switch source {
        case .left(let index):
          left.map { $0.values[index] } ?? SpecState.zero(of: field.type.value)
        case .event(let index):
          eventFields.flatMap { event?.values[$0[index].name.value] }
            ?? SpecState.zero(of: eventFields?[index].type.value ?? field.type.value)
        case .zero:
          SpecState.zero(of: field.type.value)
        }
      }
      return SpecState(value.name, fields: value.fields.map(\.field.name.value), values: values)
    }

    /// The sample events exploration tries: each event with no guard accepting, then with each
    /// of its guards accepting alone.
    public var samples: [SpecEvent] {
      spec.events.flatMap { event in
        let name = event.name.value
        var guards: [String] = []
        for row in spec.transitions where row.event.value == name {
          if let guardName = row.guardName?.value, !guards.contains(guardName) {
            guards.append(guardName)
          }
        }
        return [SpecEvent(name)] + guards.map { SpecEvent(name, accepting: [$0]) }
      }
    }

    /// Event sequences from the initial state that together take every reachable transition.
    public var transitionCover: TransitionCover<SpecState, SpecEvent, String> {
      AutomatonExplorer(automaton, samples: samples).transitionCover()
    }

    /// Runs `steps` from the initial state and describes each step as `AutomatonStep` does:
    /// `locked -> unlocked / green`, `stayed in locked`, `undefined push in paid`.
    ///
    /// - Parameter steps: The events, with the guards that accept each.
    /// - Returns: One line per step.
    public func trace(_ steps: [SpecEvent]) -> [String] {
      guard let initial = automaton.initialState else { return [] }
      var machine = AutomatonMachine(automaton, state: initial, undefinedEvents: .report)
      return steps.map { event in
        // With the `.report` policy a step never throws, and computed transitions enter only the
        // kinds they declare.
        (try? machine.step(event)).map(String.init(describing:)) ?? "undefined \(event.name)"
      }
    }

    /// The event of a scenario step, its values printed as Swift prints them.
    ///
    /// - Parameter step: A step of one of the spec's scenarios.
    /// - Returns: The event with the guards that accept it and the values of its fields.
    public func event(_ step: SpecStep) -> SpecEvent {
      let fields = spec.events.first { $0.name.value == step.event.value }?.payload ?? []
      var values: [String: String] = [:]
      for argument in step.arguments {
        guard let field = fields.first(where: { $0.name.value == argument.field.value }) else {
          continue
        }
        values[field.name.value] = SpecValues.swiftPrinted(argument.value, type: field.type.value)
      }
      return SpecEvent(step.event.value, accepting: Set(step.accepting), values: values)
    }

    /// The trace of every scenario of the spec, each after a `scenario N: steps` line: what the
    /// generated Kotlin `main` prints.
    public var scenarioTrace: [String] {
      var lines: [String] = []
      for (index, scenario) in spec.scenarios.enumerated() {
        let steps = scenario.steps.map(event)
        lines.append(
          "scenario \(index + 1): " + scenario.steps.map(\.description).joined(separator: ", "))
        lines += trace(steps)
      }
      return lines
    }
  }
#endif  // Spec
