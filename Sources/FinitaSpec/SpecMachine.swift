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
  /// The automaton: states, events and outputs are named by strings; a guard accepts an event
  /// when the event lists it in ``SpecEvent/accepting``.
  public let automaton: Automaton<String, SpecEvent, String>

  /// Builds the automaton of a machine spec.
  ///
  /// - Parameter spec: The machine; validate it first (``SpecReader`` does).
  public init(_ spec: MachineSpec) {
    self.spec = spec
    var components: [AutomatonComponent<String, SpecEvent, String>] = spec.states.map {
      .declaration($0.name.value)
    }
    if let initial = spec.initial {
      components.append(.initial(initial.value))
    }
    for row in spec.transitions {
      var transition =
        row.isInternal
        ? Transition<String, SpecEvent, String>(within: row.from.value, by: row.event.value)
        : Transition(from: row.from.value, to: row.to.value, by: row.event.value)
      if let guardName = row.guardName?.value {
        transition = transition.guarded(guardName) { _, event in
          event.accepting.contains(guardName)
        }
      }
      if let output = row.output?.value {
        transition = transition.output(output)
      }
      components.append(.transition(transition))
    }
    components += spec.finals.map { .final($0.value) }
    components += spec.stateOutputs.map { .stateOutput($0.state.value, $0.output.value) }
    automaton = Automaton(components: components)
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
  public var transitionCover: TransitionCover<String, SpecEvent, String> {
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
      // With the `.report` policy a step never throws.
      (try? machine.step(event)).map(String.init(describing:)) ?? "undefined \(event.name)"
    }
  }

  /// The trace of every scenario of the spec, each after a `scenario N: steps` line: what the
  /// generated Kotlin `main` prints.
  public var scenarioTrace: [String] {
    var lines: [String] = []
    for (index, scenario) in spec.scenarios.enumerated() {
      let steps = scenario.steps.map { SpecEvent($0.event.value, accepting: Set($0.accepting)) }
      lines.append(
        "scenario \(index + 1): " + scenario.steps.map(\.description).joined(separator: ", "))
      lines += trace(steps)
    }
    return lines
  }
}
