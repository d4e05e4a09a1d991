#if Spec
  /// A spec read from a YAML or JSON file: a machine or a feature, with where every part of it
  /// was written.
  ///
  /// ```yaml
  /// finita: 1
  /// machine: Turnstile
  /// states: [locked, unlocked]
  /// events: [coin, push]
  /// initial: locked
  /// transitions:
  ///   - { from: locked, on: coin, to: unlocked }
  ///   - { from: unlocked, on: push, to: locked }
  /// ```
  ///
  /// Read one with ``SpecReader``, which validates it; generate code from it with
  /// ``SwiftGenerator`` and ``KotlinGenerator``.
  public struct Spec: Sendable, Hashable {
    /// The spec versions this tool reads.
    public static let supportedVersions = [1]

    /// The path of the file the spec was read from.
    public var file: String
    /// The spec version (the value of `finita:`).
    public var version: Int
    /// The machine, when the spec describes one.
    public var machine: MachineSpec?
    /// The feature, when the spec describes one.
    public var feature: FeatureSpec?

    /// Creates a spec.
    ///
    /// - Parameters:
    ///   - file: The path of the file.
    ///   - version: The spec version.
    ///   - machine: The machine, for a machine spec.
    ///   - feature: The feature, for a feature spec.
    public init(
      file: String, version: Int = 1, machine: MachineSpec? = nil, feature: FeatureSpec? = nil
    ) {
      self.file = file
      self.version = version
      self.machine = machine
      self.feature = feature
    }

    /// The name of the machine or the feature.
    public var name: String {
      machine?.name.value ?? feature?.name.value ?? ""
    }
  }

  /// A named field with a type: an event's payload or a feature's state field.
  public struct SpecField: Sendable, Hashable {
    /// The field's name.
    public var name: Located<String>
    /// The field's type: `Int`, `Int64`, `Double`, `Bool` or `String`, or an array of one such as
    /// `[String]`, optionally followed by `?`.
    public var type: Located<String>

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - type: The type.
    public init(name: Located<String>, type: Located<String>) {
      self.name = name
      self.type = type
    }
  }

  /// A named case, with an optional payload: a state, an event, an output, a wish, an effect or a
  /// piece of news.
  public struct SpecCase: Sendable, Hashable {
    /// The case's name.
    public var name: Located<String>
    /// The payload's fields, in order; empty for a case without payload.
    public var payload: [SpecField]
    /// A one-line description, written into the generated documentation.
    public var summary: String?

    /// Creates a case.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - payload: The payload's fields.
    ///   - summary: A one-line description.
    public init(name: Located<String>, payload: [SpecField] = [], summary: String? = nil) {
      self.name = name
      self.payload = payload
      self.summary = summary
    }
  }

  /// One row of a machine's transition table.
  public struct SpecTransition: Sendable, Hashable {
    /// The state left.
    public var from: Located<String>
    /// The event handled.
    public var event: Located<String>
    /// The state entered; equal to ``from`` for an internal transition.
    public var to: Located<String>
    /// The named guard, when the transition is taken only if it accepts the event.
    public var guardName: Located<String>?
    /// The Mealy output emitted when the transition is taken.
    public var output: Located<String>?
    /// Whether the transition stays in its state without leaving it (`within:`).
    public var isInternal: Bool
    /// Where the transition was written.
    public var location: SpecLocation

    /// Creates a transition.
    ///
    /// - Parameters:
    ///   - from: The state left.
    ///   - event: The event handled.
    ///   - to: The state entered.
    ///   - guardName: The named guard.
    ///   - output: The Mealy output.
    ///   - isInternal: Whether the transition is internal.
    ///   - location: Where it was written.
    public init(
      from: Located<String>, event: Located<String>, to: Located<String>,
      guardName: Located<String>? = nil, output: Located<String>? = nil, isInternal: Bool = false,
      location: SpecLocation
    ) {
      self.from = from
      self.event = event
      self.to = to
      self.guardName = guardName
      self.output = output
      self.isInternal = isInternal
      self.location = location
    }
  }

  /// An output attached to a state: its Moore output, or the output emitted on entering or on
  /// leaving it.
  public struct SpecStateOutput: Sendable, Hashable {
    /// The state.
    public var state: Located<String>
    /// Its output.
    public var output: Located<String>

    /// Creates a state output.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - output: Its output.
    public init(state: Located<String>, output: Located<String>) {
      self.state = state
      self.output = output
    }
  }

  /// A value written in a scenario for a field of an event's payload, as the YAML or JSON wrote
  /// it; the checker compares it with the field's type.
  public indirect enum SpecLiteral: Sendable, Hashable, CustomStringConvertible {
    /// A number, a boolean or a text: the text as written, and whether it was written without
    /// quotes.
    case scalar(String, isPlain: Bool)
    /// A list of values.
    case list([SpecLiteral])
    /// Nothing: `null` or `~`, the value of an optional field left empty.
    case null

    /// The value as a scenario prints it: `120`, `"coffee"`, `[1, 2]`, `nil`.
    public var description: String {
      switch self {
      case .scalar(let text, let isPlain): isPlain ? text : String(reflecting: text)
      case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
      case .null: "nil"
      }
    }
  }

  /// A value given to one field of the event in a scenario step: `total: 120`.
  public struct SpecArgument: Sendable, Hashable {
    /// The field's name.
    public var field: Located<String>
    /// The value.
    public var value: SpecLiteral
    /// Where the value was written.
    public var location: SpecLocation

    /// Creates an argument.
    ///
    /// - Parameters:
    ///   - field: The field's name.
    ///   - value: The value.
    ///   - location: Where the value was written.
    public init(field: Located<String>, value: SpecLiteral, location: SpecLocation) {
      self.field = field
      self.value = value
      self.location = location
    }
  }

  /// One step of a scenario: an event, the values of its payload's fields, and the guards that
  /// accept it.
  public struct SpecStep: Sendable, Hashable, CustomStringConvertible {
    /// The event.
    public var event: Located<String>
    /// The guards that accept the event in this step; every other guard rejects it.
    public var accepting: [String]
    /// The values given to the event's fields, in the order written; a field left out is zero.
    public var arguments: [SpecArgument]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - accepting: The guards that accept it.
    ///   - arguments: The values of the event's fields.
    public init(
      event: Located<String>, accepting: [String] = [], arguments: [SpecArgument] = []
    ) {
      self.event = event
      self.accepting = accepting
      self.arguments = arguments
    }

    /// The step as a trace prints it: `insert if enough`, `pay(paid: 200) if enough`.
    public var description: String {
      let values =
        arguments.isEmpty
        ? ""
        : "(" + arguments.map { "\($0.field.value): \($0.value)" }.joined(separator: ", ") + ")"
      return accepting.isEmpty
        ? event.value + values
        : "\(event.value)\(values) if \(accepting.joined(separator: " and "))"
    }
  }

  /// A sequence of events replayed by the generated Kotlin `main` and by ``SpecMachine``.
  public struct SpecScenario: Sendable, Hashable {
    /// The steps.
    public var steps: [SpecStep]
    /// Where the scenario was written.
    public var location: SpecLocation

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - steps: The steps.
    ///   - location: Where it was written.
    public init(steps: [SpecStep], location: SpecLocation) {
      self.steps = steps
      self.location = location
    }
  }

  /// A machine: states, events, outputs and the transition table.
  public struct MachineSpec: Sendable, Hashable {
    /// The machine's name, which prefixes the generated types.
    public var name: Located<String>
    /// A one-line description.
    public var summary: String?
    /// The states, in declaration order.
    public var states: [SpecCase]
    /// The events, in declaration order.
    public var events: [SpecCase]
    /// The outputs, in declaration order; empty for a machine without outputs.
    public var outputs: [SpecCase]
    /// The initial state.
    public var initial: Located<String>?
    /// The final states.
    public var finals: [Located<String>]
    /// The Moore outputs.
    public var stateOutputs: [SpecStateOutput]
    /// The outputs emitted on entering a state, after the transition's own output.
    public var entryOutputs: [SpecStateOutput] = []
    /// The outputs emitted on leaving a state, before the transition's own output.
    public var exitOutputs: [SpecStateOutput] = []
    /// The transitions, in declaration order.
    public var transitions: [SpecTransition]
    /// Event sequences to replay.
    public var scenarios: [SpecScenario]

    /// Creates a machine.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - summary: A one-line description.
    ///   - states: The states.
    ///   - events: The events.
    ///   - outputs: The outputs.
    ///   - initial: The initial state.
    ///   - finals: The final states.
    ///   - stateOutputs: The Moore outputs.
    ///   - transitions: The transitions.
    ///   - scenarios: Event sequences to replay.
    public init(
      name: Located<String>, summary: String? = nil, states: [SpecCase] = [],
      events: [SpecCase] = [], outputs: [SpecCase] = [], initial: Located<String>? = nil,
      finals: [Located<String>] = [], stateOutputs: [SpecStateOutput] = [],
      transitions: [SpecTransition] = [], scenarios: [SpecScenario] = []
    ) {
      self.name = name
      self.summary = summary
      self.states = states
      self.events = events
      self.outputs = outputs
      self.initial = initial
      self.finals = finals
      self.stateOutputs = stateOutputs
      self.transitions = transitions
      self.scenarios = scenarios
    }

    /// The state named `name`, if it is declared.
    public func state(_ name: String) -> SpecCase? {
      states.first { $0.name.value == name }
    }

    /// The guard names, in order of first use.
    public var guardNames: [String] {
      var seen: Set<String> = []
      return transitions.compactMap(\.guardName?.value).filter { seen.insert($0).inserted }
    }
  }

  /// A feature: its State fields, Wish, Effect and News cases, and which parts it has.
  public struct FeatureSpec: Sendable, Hashable {
    /// The feature's name, which prefixes the generated types.
    public var name: Located<String>
    /// A one-line description.
    public var summary: String?
    /// The State's fields.
    public var stateFields: [SpecField]
    /// The Wish cases.
    public var wishes: [SpecCase]
    /// The Effect cases.
    public var effects: [SpecCase]
    /// The News cases; empty for a feature without news.
    public var news: [SpecCase]
    /// Whether the feature has a Bootstrapper.
    public var hasBootstrapper: Bool
    /// Whether the feature has a PostProcessor.
    public var hasPostProcessor: Bool
    /// Whether the Actor starts asynchronous work.
    public var isAsync: Bool
    /// Wish sequences to replay, each on a new feature; the step `dispose` disposes it.
    public var scenarios: [SpecScenario]

    /// Creates a feature.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - summary: A one-line description.
    ///   - stateFields: The State's fields.
    ///   - wishes: The Wish cases.
    ///   - effects: The Effect cases.
    ///   - news: The News cases.
    ///   - hasBootstrapper: Whether it has a Bootstrapper.
    ///   - hasPostProcessor: Whether it has a PostProcessor.
    ///   - isAsync: Whether the Actor starts asynchronous work.
    ///   - scenarios: Wish sequences to replay.
    public init(
      name: Located<String>, summary: String? = nil, stateFields: [SpecField] = [],
      wishes: [SpecCase] = [], effects: [SpecCase] = [], news: [SpecCase] = [],
      hasBootstrapper: Bool = false, hasPostProcessor: Bool = false, isAsync: Bool = false,
      scenarios: [SpecScenario] = []
    ) {
      self.name = name
      self.summary = summary
      self.stateFields = stateFields
      self.wishes = wishes
      self.effects = effects
      self.news = news
      self.hasBootstrapper = hasBootstrapper
      self.hasPostProcessor = hasPostProcessor
      self.isAsync = isAsync
      self.scenarios = scenarios
    }
  }
#endif  // Spec
