#if Spec
  /// The checks that need the whole spec: names, references, reachability, determinism.
  enum SpecValidator {
    static func validate(_ spec: Spec) -> [SpecDiagnostic] {
      var diagnostics: [SpecDiagnostic] = []
      if let machine = spec.machine {
        validate(machine, into: &diagnostics)
      }
      if let feature = spec.feature {
        validate(feature, into: &diagnostics)
      }
      return diagnostics
    }

    /// Checks that a step's values name the event's fields and fit their types; `kind` names
    /// what the step sends in the messages: an event, or a feature's wish.
    static func arguments(
      of step: SpecStep, event: SpecCase, kind: String = "event",
      into diagnostics: inout [SpecDiagnostic]
    ) {
      for argument in step.arguments {
        guard let field = event.payload.first(where: { $0.name.value == argument.field.value })
        else {
          let names = event.payload.map(\.name.value)
          let hint =
            names.isEmpty
            ? "the \(kind) '\(event.name.value)' has no payload; write the step as "
              + "'\(step.event.value)'"
            : "its fields: " + names.joined(separator: ", ")
          diagnostics.append(
            SpecDiagnostic(
              .undeclared, at: argument.field.location,
              "the \(kind) '\(event.name.value)' has no field '\(argument.field.value)'; \(hint)"))
          continue
        }
        if let problem = SpecValues.problem(argument.value, type: field.type.value) {
          diagnostics.append(
            SpecDiagnostic(
              .wrongType, at: argument.location,
              "the value of '\(field.name.value)' in '\(step.event.value)' does not fit its type "
                + "\(field.type.value): \(problem)"))
        }
      }
    }

    static func identifier(
      _ name: Located<String>, what: String, into diagnostics: inout [SpecDiagnostic]
    ) {
      guard !name.value.isEmpty else { return }
      if name.value.count > Identifiers.maximumNameLength {
        diagnostics.append(
          SpecDiagnostic(
            .invalidIdentifier, at: name.location,
            "\(what) '\(name.value.prefix(20))…' is \(name.value.count) characters long; names "
              + "become file and class names, so keep them to \(Identifiers.maximumNameLength) "
              + "characters"))
      } else if !Identifiers.isIdentifier(name.value) {
        diagnostics.append(
          SpecDiagnostic(
            .invalidIdentifier, at: name.location,
            "\(what) '\(name.value)' is not a Swift and Kotlin identifier; use letters, digits "
              + "and '_', starting with a letter, such as 'awaitingPayment'"))
      } else if name.value.allSatisfy({ $0 == "_" }) {
        diagnostics.append(
          SpecDiagnostic(
            .keyword, at: name.location,
            "\(what) '\(name.value)' is only underscores, which Kotlin reserves; add a letter, "
              + "such as '\(name.value)x'"))
      } else if let language = Identifiers.keywordLanguage(name.value) {
        diagnostics.append(
          SpecDiagnostic(
            .keyword, at: name.location,
            "\(what) '\(name.value)' is a keyword in \(language); choose another name, such as "
              + "'\(name.value)Case'"))
      }
    }

    static func type(_ field: SpecField, into diagnostics: inout [SpecDiagnostic]) {
      identifier(field.name, what: "field", into: &diagnostics)
      if field.name.value == "caseName" {
        diagnostics.append(
          SpecDiagnostic(
            .keyword, at: field.name.location,
            "field 'caseName' clashes with the 'caseName' property of the generated Kotlin "
              + "classes; rename it"))
      }
      var base = field.type.value
      if base.hasSuffix("?") {
        base.removeLast()
      }
      if let element = Identifiers.elementType(base) {
        base = element
      }
      let allowed =
        "use Int, Int64, Double, Bool or String, or an array of one such as [String], optionally "
        + "followed by '?'"
      if !Identifiers.isIdentifier(base) {
        diagnostics.append(
          SpecDiagnostic(
            .invalidIdentifier, at: field.type.location,
            "type '\(field.type.value)' of '\(field.name.value)' is not a Swift and Kotlin "
              + "identifier; \(allowed)"))
      } else if Identifiers.payloadTypes[base] == nil {
        diagnostics.append(
          SpecDiagnostic(
            .unsupportedType, at: field.type.location,
            "type '\(field.type.value)' of '\(field.name.value)' has no Kotlin counterpart the "
              + "generators know; \(allowed)"))
      }
    }

    /// Reports a name whose generated type would be one the generated code already uses.
    ///
    /// - Parameter typeName: The type the name becomes: the name itself for a machine or a
    ///   feature, the name with its first letter upper-cased for a case.
    static func reserved(
      _ name: Located<String>, typeName: String, what: String, among reserved: Set<String>,
      into diagnostics: inout [SpecDiagnostic]
    ) {
      guard reserved.contains(typeName) else { return }
      let becomes = typeName == name.value ? "" : " becomes the type '\(typeName)', which"
      diagnostics.append(
        SpecDiagnostic(
          .keyword, at: name.location,
          "\(what) '\(name.value)'\(becomes.isEmpty ? " is" : becomes) a type name the generated "
            + "Swift or Kotlin already uses; choose another name, such as '\(name.value)Case'"))
    }

    /// Reports invalid names and duplicates among `cases`; returns the declared names.
    @discardableResult
    static func declare(
      _ cases: [SpecCase], what: String, into diagnostics: inout [SpecDiagnostic]
    ) -> [String: SpecLocation] {
      var declared: [String: SpecLocation] = [:]
      var folded: [String: Located<String>] = [:]
      for item in cases {
        identifier(item.name, what: what, into: &diagnostics)
        reserved(
          item.name, typeName: Identifiers.upperFirst(item.name.value), what: what,
          among: Identifiers.caseReservedTypeNames, into: &diagnostics)
        let key = item.name.value.lowercased()
        if let other = folded[key], other.value != item.name.value {
          diagnostics.append(
            SpecDiagnostic(
              .duplicate, at: item.name.location,
              "\(what) '\(item.name.value)' differs from '\(other.value)' (line "
                + "\(other.location.line)) only in case; the generated Kotlin classes and the "
                + "files of case-insensitive file systems would clash, so rename one"))
        } else if folded[key] == nil {
          folded[key] = item.name
        }
        if let first = declared[item.name.value] {
          diagnostics.append(
            SpecDiagnostic(
              .duplicate, at: item.name.location,
              "\(what) '\(item.name.value)' is declared twice (first on line \(first.line)); "
                + "remove one or rename it"))
        } else {
          declared[item.name.value] = item.name.location
        }
        var fieldNames: Set<String> = []
        for field in item.payload {
          type(field, into: &diagnostics)
          if !fieldNames.insert(field.name.value).inserted {
            diagnostics.append(
              SpecDiagnostic(
                .duplicate, at: field.name.location,
                "field '\(field.name.value)' is declared twice in '\(item.name.value)'"))
          }
        }
      }
      return declared
    }

    static func reference(
      _ name: Located<String>, to kind: String, in declared: [String: SpecLocation],
      list: String, into diagnostics: inout [SpecDiagnostic]
    ) -> Bool {
      guard declared[name.value] == nil else { return true }
      let hint = SpecParser.suggestion(for: name.value, among: declared.keys.sorted())
        .map { " (did you mean '\($0)'?)" }
      diagnostics.append(
        SpecDiagnostic(
          .undeclared, at: name.location,
          "undeclared \(kind) '\(name.value)'; declare it under '\(list)' or fix the name"
            + (hint ?? "")))
      return false
    }

    static func validate(_ machine: MachineSpec, into diagnostics: inout [SpecDiagnostic]) {
      identifier(machine.name, what: "machine name", into: &diagnostics)
      reserved(
        machine.name, typeName: machine.name.value, what: "machine name",
        among: Identifiers.reservedTypeNames, into: &diagnostics)
      let states = declare(machine.states, what: "state", into: &diagnostics)
      let events = declare(machine.events, what: "event", into: &diagnostics)
      let outputs = declare(machine.outputs, what: "output", into: &diagnostics)
      for event in machine.events where event.name.value == "kind" {
        diagnostics.append(
          SpecDiagnostic(
            .keyword, at: event.name.location,
            "event 'kind' clashes with the generated 'kind' property; rename it"))
      }
      var known = true
      if let initial = machine.initial {
        known =
          reference(initial, to: "state", in: states, list: "states", into: &diagnostics) && known
      }
      for final in machine.finals {
        known =
          reference(final, to: "state", in: states, list: "states", into: &diagnostics) && known
      }
      for pair in machine.stateOutputs + machine.entryOutputs + machine.exitOutputs {
        known =
          reference(pair.state, to: "state", in: states, list: "states", into: &diagnostics)
          && known
        _ = reference(pair.output, to: "output", in: outputs, list: "outputs", into: &diagnostics)
      }
      for transition in machine.transitions {
        let names = transition.isInternal ? [transition.from] : [transition.from, transition.to]
        for name in names {
          known =
            reference(name, to: "state", in: states, list: "states", into: &diagnostics) && known
        }
        known =
          reference(transition.event, to: "event", in: events, list: "events", into: &diagnostics)
          && known
        if let output = transition.output {
          _ = reference(output, to: "output", in: outputs, list: "outputs", into: &diagnostics)
        }
        if let guardName = transition.guardName {
          identifier(guardName, what: "guard", into: &diagnostics)
        }
      }
      let guards = Set(machine.guardNames)
      for scenario in machine.scenarios {
        if scenario.steps.isEmpty {
          diagnostics.append(
            SpecDiagnostic(
              .wrongType, at: scenario.location, "a scenario lists at least one event"))
        }
        for step in scenario.steps {
          _ = reference(step.event, to: "event", in: events, list: "events", into: &diagnostics)
          if let event = machine.events.first(where: { $0.name.value == step.event.value }) {
            arguments(of: step, event: event, into: &diagnostics)
          }
          for name in step.accepting where !guards.contains(name) {
            diagnostics.append(
              SpecDiagnostic(
                .undeclared, at: step.event.location,
                "step '\(step)' names the guard '\(name)', which no transition has"))
          }
        }
      }
      // The plan tolerates undeclared names, so its errors are reported with the others.
      let plan = MachinePlan(machine)
      for mismatch in plan.mismatches where !diagnostics.contains(mismatch) {
        diagnostics.append(mismatch)
      }
      for row in plan.rows where row.isComputed && row.transition.isInternal {
        diagnostics.append(
          SpecDiagnostic(
            .wrongType, at: row.transition.location,
            "a transition with 'within' cannot be computed, as its state or an output of the "
              + "transitions on '\(row.transition.event.value)' carries a payload; write "
              + "'from: \(row.transition.from.value)' and 'to: \(row.transition.to.value)' instead")
        )
      }
      guard known, let initial = machine.initial else { return }
      structure(machine, initial: initial.value, into: &diagnostics)
    }

    /// Reachability, dead ends, determinism and unhandled events, once every name is known.
    static func structure(
      _ machine: MachineSpec, initial: String, into diagnostics: inout [SpecDiagnostic]
    ) {
      var reached: Set<String> = [initial]
      var queue = [initial]
      while let state = queue.popLast() {
        for transition in machine.transitions where transition.from.value == state {
          if reached.insert(transition.to.value).inserted {
            queue.append(transition.to.value)
          }
        }
      }
      let finals = Set(machine.finals.map(\.value))
      for state in machine.states {
        let name = state.name.value
        if !reached.contains(name) {
          diagnostics.append(
            SpecDiagnostic(
              .unreachableState, at: state.name.location,
              "state '\(name)' cannot be reached from the initial state '\(initial)'; add a "
                + "transition into it or remove it"))
        } else if !finals.contains(name),
          !machine.transitions.contains(where: { $0.from.value == name && $0.to.value != name })
        {
          diagnostics.append(
            SpecDiagnostic(
              .deadEndState, at: state.name.location,
              "state '\(name)' is a dead end: it is not final and no transition leaves it; add "
                + "one or list it under 'final'"))
        }
      }
      var seen: [String: [SpecTransition]] = [:]
      for transition in machine.transitions {
        let key = "\(transition.from.value) \(transition.event.value)"
        for earlier in seen[key] ?? [] {
          if earlier.guardName == nil {
            diagnostics.append(
              SpecDiagnostic(
                .nondeterministic, at: transition.location,
                "state '\(transition.from.value)' already handles '\(transition.event.value)' "
                  + "without a guard on line \(earlier.location.line), so this transition is "
                  + "never taken; give the first one a guard or remove this one"))
            break
          }
          if earlier.guardName?.value == transition.guardName?.value {
            diagnostics.append(
              SpecDiagnostic(
                .nondeterministic, at: transition.location,
                "state '\(transition.from.value)' handles '\(transition.event.value)' with the "
                  + "same guard '\(earlier.guardName?.value ?? "")' on line "
                  + "\(earlier.location.line); give one of them another guard"))
            break
          }
        }
        seen[key, default: []].append(transition)
      }
      let handled = Set(machine.transitions.map(\.event.value))
      for event in machine.events where !handled.contains(event.name.value) {
        diagnostics.append(
          SpecDiagnostic(
            .unhandledEvent, at: event.name.location,
            "event '\(event.name.value)' is never handled; add a transition on it or remove it"))
      }
      let used = Set(
        machine.transitions.compactMap(\.output?.value)
          + (machine.stateOutputs + machine.entryOutputs + machine.exitOutputs).map(\.output.value))
      for output in machine.outputs where !used.contains(output.name.value) {
        diagnostics.append(
          SpecDiagnostic(
            .unhandledEvent, severity: .warning, at: output.name.location,
            "output '\(output.name.value)' is never emitted"))
      }
    }

    static func validate(_ feature: FeatureSpec, into diagnostics: inout [SpecDiagnostic]) {
      identifier(feature.name, what: "feature name", into: &diagnostics)
      reserved(
        feature.name, typeName: feature.name.value, what: "feature name",
        among: Identifiers.reservedTypeNames, into: &diagnostics)
      var fieldNames: [String: SpecLocation] = [:]
      for field in feature.stateFields {
        type(field, into: &diagnostics)
        if let first = fieldNames[field.name.value] {
          diagnostics.append(
            SpecDiagnostic(
              .duplicate, at: field.name.location,
              "state field '\(field.name.value)' is declared twice (first on line \(first.line))"))
        } else {
          fieldNames[field.name.value] = field.name.location
        }
      }
      declare(feature.wishes, what: "wish", into: &diagnostics)
      declare(feature.effects, what: "effect", into: &diagnostics)
      declare(feature.news, what: "news", into: &diagnostics)
      if feature.wishes.isEmpty {
        diagnostics.append(
          SpecDiagnostic(
            .missingKey, at: feature.name.location, "a feature has at least one wish"))
      }
      if feature.effects.isEmpty {
        diagnostics.append(
          SpecDiagnostic(
            .missingKey, at: feature.name.location, "a feature has at least one effect"))
      }
      scenarios(of: feature, into: &diagnostics)
    }

    /// Checks a feature's scenarios: each step names a wish and gives values that fit its
    /// fields, or is `dispose`; no step names a guard.
    static func scenarios(of feature: FeatureSpec, into diagnostics: inout [SpecDiagnostic]) {
      let wishes = Dictionary(feature.wishes.map { ($0.name.value, $0.name.location) }) {
        first, _ in first
      }
      for scenario in feature.scenarios {
        if scenario.steps.isEmpty {
          diagnostics.append(
            SpecDiagnostic(.wrongType, at: scenario.location, "a scenario lists at least one wish"))
        }
        for step in scenario.steps {
          if !step.accepting.isEmpty {
            diagnostics.append(
              SpecDiagnostic(
                .wrongType, at: step.event.location,
                "step '\(step)' names a guard, and a feature has none; write the wish alone, "
                  + "'\(step.event.value)'"))
          }
          if step.event.value == "dispose" {
            if let wish = wishes["dispose"] {
              diagnostics.append(
                SpecDiagnostic(
                  .duplicate, at: step.event.location,
                  "the step 'dispose' disposes the feature, and the wish on line \(wish.line) "
                    + "is also named 'dispose'; rename the wish"))
            } else if !step.arguments.isEmpty {
              diagnostics.append(
                SpecDiagnostic(
                  .wrongType, at: step.event.location,
                  "the step 'dispose' takes no values; write it alone"))
            }
            continue
          }
          _ = reference(step.event, to: "wish", in: wishes, list: "wishes", into: &diagnostics)
          if let wish = feature.wishes.first(where: { $0.name.value == step.event.value }) {
            arguments(of: step, event: wish, kind: "wish", into: &diagnostics)
          }
        }
      }
    }
  }
#endif  // Spec
