#if Spec
  import FinitaFixtures

  /// Random machine specs, drawn from a seed: names from both languages' keyword and standard
  /// library lists and from the generated code's own names, payload values at their types' limits,
  /// and texts with control characters, combining marks and other awkward Unicode. Each spec
  /// either fails `check` or must generate Swift and Kotlin that compile and print the same
  /// traces (RandomSpecTests).
  enum RandomSpecs {
    /// Names a spec may give, most of which one language or the other reserves.
    static let names: [String] = [
      // Swift's keywords and contextual keywords.
      "class", "func", "init", "let", "var", "self", "Self", "Type", "Protocol", "Any", "some",
      "any", "willSet", "didSet", "get", "set", "mutating", "convenience", "required", "optional",
      "lazy", "weak", "unowned", "indirect", "prefix", "postfix", "infix", "none", "actor", "async",
      "await", "isolated", "nonisolated", "consume", "borrowing", "consuming", "copy", "each",
      "macro", "package", "open", "final", "override", "dynamic", "default", "case", "where", "in",
      "_",
      // Kotlin's hard and soft keywords.
      "fun", "val", "when", "object", "interface", "typeof", "is", "as", "null", "this", "data",
      "value", "sealed", "inner", "companion", "by", "field", "it", "constructor", "out",
      "reified", "suspend", "vararg", "lateinit", "tailrec", "operator", "inline", "external",
      "annotation", "crossinline", "noinline", "expect", "actual", "const", "enum", "abstract",
      "internal", "private", "protected", "public", "import", "catch", "finally", "file", "param",
      "property", "receiver", "setparam", "delegate", "typealias",
      // Standard library names of both.
      "String", "string", "Int", "Long", "Array", "List", "Map", "Set", "Optional", "Result",
      "Error", "Unit", "Nothing", "Pair", "Triple", "Sequence", "Character", "Bool", "Boolean",
      "Double", "Float", "Char", "Byte", "Short", "println", "print", "main", "require", "error",
      "TODO", "listOf", "emptyList", "mapOf", "to", "run", "apply", "also", "with", "repeat",
      "hashCode", "equals", "toString", "component1", "values", "valueOf", "name", "ordinal",
      "Companion", "description", "hash", "kotlin", "java", "Swift", "Foundation",
      // The generated code's own names.
      "State", "Wish", "Effect", "News", "Actor", "Reducer", "Guards", "Row", "Step",
      "Transitioned", "Stayed", "Ignored", "Undefined", "INITIAL", "SCENARIOS", "GUARDS", "show",
      "showText", "showOptional", "sample", "step", "describe", "suffix", "invoke", "state",
      "wish", "effect", "accepting", "label", "words", "guards", "effects", "index", "steps",
      "scenario", "machine", "automaton", "event", "outputs", "from", "Kind", "kind", "Machine",
      "Computed", "Event", "Output", "trace", "Replay", "scenarioTrace", "lines", "Arg", "Text",
      "Items", "Nil", "StepText", "argText", "argInt", "argLong", "argDouble", "argBool",
      "argList", "requireFields", "splitSteps", "values", "source", "fail", "spaces", "word",
      "value", "escape", "text", "fields",
      // Names that differ only in case, and plain ones.
      "idle", "Idle", "go", "Go", "ready", "running", "done", "start", "stop", "tick", "reset",
      "loaded", "failed", "open1", "x", "y", "count", "text",
      // Names neither language takes.
      "café", "naïve", "e\u{301}", "日本", "a b", "9lives", "__", "$x", "x$", "a-b", "",
      String(repeating: "a", count: 120), "tab\tname",
    ]

    /// Names no language reserves.
    static let plain = ["idle", "ready", "busy", "done", "go", "stop", "tick", "load", "count"]

    /// The payload types.
    static let types = [
      "Int", "Int64", "Double", "Bool", "String", "Int?", "Int64?", "String?", "[Int]", "[String]",
      "[Int64]?", "Bool?", "Double?",
    ]

    /// Texts for String values: control characters, combining marks, quotes and escapes.
    static let texts = [
      "", "plain", "\u{0}", "\u{01}\u{7F}\u{1B}", "\u{301}e\u{301}", "tab\there", "line\nbreak",
      "cr\r", "quote\"", "apostrophe'", "back\\slash", "$dollar", "${x}", "\u{200B}\u{FEFF}\u{AD}",
      "\u{85}\u{2028}\u{2029}", "😀👍🏽", "日本語", "Ω≈ç√", "\u{9F}\u{80}", "nul\u{0}mid",
    ]

    /// Values of `type` at its limits, written as YAML flow values.
    static func value(of type: String, using random: inout SeededGenerator) -> String {
      if type.hasSuffix("?") {
        return Int.random(in: 0..<4, using: &random) == 0
          ? "null" : value(of: String(type.dropLast()), using: &random)
      }
      if type.hasPrefix("[") {
        let element = String(type.dropFirst().dropLast())
        let count = Int.random(in: 0...3, using: &random)
        return "["
          + (0..<count).map { _ in value(of: element, using: &random) }.joined(separator: ", ")
          + "]"
      }
      switch type {
      case "Int":
        return ["0", "-1", "2147483647", "-2147483648", "2147483648", "7"].randomElement(
          using: &random) ?? "0"
      case "Int64":
        return [
          "0", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-42",
          "4294967296",
        ].randomElement(using: &random) ?? "0"
      case "Double":
        return ["0.0", "1.5", "-0.25", "-0.0", "100.0", "3"].randomElement(using: &random) ?? "0.0"
      case "Bool":
        return Bool.random(using: &random) ? "true" : "false"
      default:
        return quoted(texts.randomElement(using: &random) ?? "")
      }
    }

    /// `text` as a YAML double-quoted scalar: control characters escaped, the rest as is.
    static func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}":
          result += "\\u" + hex(scalar.value, width: 4)
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
          result += "\\x" + hex(scalar.value, width: 2)
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }

    static func hex(_ value: UInt32, width: Int) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// One random machine spec named after its index, so that many can share a Swift module.
    static func spec(_ index: Int, using random: inout SeededGenerator) -> String {
      // Most names are plain, so that many specs get past `check` to the compilers; how many
      // are not varies from spec to spec.
      let awkward = [4, 8, 16, 40].randomElement(using: &random) ?? 8
      func draw() -> String {
        Int.random(in: 0..<100, using: &random) >= awkward
          ? "\(plain.randomElement(using: &random) ?? "x")\(Int.random(in: 0..<3, using: &random))"
          : names.randomElement(using: &random) ?? "x"
      }
      // Distinct names, but now and then a repeated one.
      func pick(_ count: ClosedRange<Int>) -> [String] {
        var picked: [String] = []
        for _ in 0..<Int.random(in: count, using: &random) {
          let name = draw()
          if !picked.contains(name) || Int.random(in: 0..<10, using: &random) == 0 {
            picked.append(name)
          }
        }
        return picked.isEmpty ? [draw()] : picked
      }
      // Mostly a unique name with a drawn tail; sometimes the drawn name alone.
      let drawn = draw()
      let machine =
        Int.random(in: 0..<8, using: &random) == 0
        ? drawn : "R\(index)" + drawn.prefix(1).uppercased() + drawn.dropFirst()
      // Field names are drawn once per spec with one type each, so payloads agree.
      var fieldTypes: [String: String] = [:]
      for name in pick(0...4) where fieldTypes[name] == nil {
        fieldTypes[name] = types.randomElement(using: &random)
      }
      let fields = fieldTypes.keys.sorted()
      func payload() -> [String] {
        guard !fields.isEmpty, Int.random(in: 0..<3, using: &random) == 0 else { return [] }
        return Array(
          Set(
            (0..<Int.random(in: 1...2, using: &random)).compactMap { _ in
              fields.randomElement(using: &random)
            })
        ).sorted()
      }
      var payloads: [String: [String]] = [:]
      func cases(_ names: [String]) -> String {
        names.map { name in
          let fields = payload()
          if payloads[name] == nil { payloads[name] = fields }
          guard !fields.isEmpty else { return "  - \(quoted(name))\n" }
          let payload = fields.map { "\(quoted($0)): \(quoted(fieldTypes[$0] ?? "Int"))" }
          return "  - name: \(quoted(name))\n    payload: { \(payload.joined(separator: ", ")) }\n"
        }.joined()
      }
      let states = pick(2...4)
      let events = pick(1...4)
      let outputs = Int.random(in: 0..<2, using: &random) == 0 ? [] : pick(1...2)
      let guardNames = pick(0...2)
      let stateText = cases(states)
      var text = "finita: 1\nmachine: \(quoted(machine))\n"
      text += "states:\n" + stateText
      payloads = [:]
      text += "events:\n" + cases(events)
      let eventPayloads = payloads
      if !outputs.isEmpty {
        text += "outputs:\n" + cases(outputs)
      }
      text += "initial: \(quoted(states.first ?? "x"))\n"
      if let state = states.randomElement(using: &random), let output = outputs.first,
        Int.random(in: 0..<4, using: &random) == 0
      {
        text += "stateOutputs: { \(quoted(state)): \(quoted(output)) }\n"
      }
      text += "transitions:\n"
      // Guarded rows first: an unguarded row for the same state and event is their fallback.
      var used: Set<String> = []
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        guard let guardName = guardNames.randomElement(using: &random) else { break }
        let from = quoted(states.randomElement(using: &random) ?? "x")
        let event = quoted(events.randomElement(using: &random) ?? "x")
        guard used.insert("\(from) \(event) \(guardName)").inserted else { continue }
        var row: String
        if Int.random(in: 0..<6, using: &random) == 0 {
          row = "within: \(from), on: \(event)"
        } else {
          row =
            "from: \(from), on: \(event), to: \(quoted(states.randomElement(using: &random) ?? "x"))"
        }
        row += ", guard: \(quoted(guardName))"
        if let output = outputs.randomElement(using: &random), Bool.random(using: &random) {
          row += ", output: \(quoted(output))"
        }
        text += "  - { \(row) }\n"
      }
      // A ring through every state, so that most specs have no unreachable or dead-end state,
      // and a transition for every event.
      for position in 0..<max(states.count, events.count) {
        let state = states[position % states.count]
        let event = quoted(events[position % events.count])
        let next = quoted(states[(position + 1) % states.count])
        var row = "from: \(quoted(state)), on: \(event), to: \(next)"
        if let output = outputs.randomElement(using: &random), Bool.random(using: &random) {
          row += ", output: \(quoted(output))"
        }
        text += "  - { \(row) }\n"
      }
      // Only the guards some row names can accept a scenario's step.
      let guardsUsed = guardNames.filter { name in used.contains { $0.hasSuffix(" \(name)") } }
      text += "scenarios:\n"
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        text += "  -\n"
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          let event = events.randomElement(using: &random) ?? "x"
          var step = event
          let accepting = guardsUsed.filter { _ in Bool.random(using: &random) }
          if !accepting.isEmpty {
            step += " if " + accepting.joined(separator: " and ")
          }
          let given = eventPayloads[event] ?? []
          if !given.isEmpty, Int.random(in: 0..<4, using: &random) != 0 {
            let values = given.filter { _ in Bool.random(using: &random) }.map {
              "\(quoted($0)): \(value(of: fieldTypes[$0] ?? "Int", using: &random))"
            }
            text += "    - { \(quoted(step)): { \(values.joined(separator: ", ")) } }\n"
          } else {
            text += "    - \(quoted(step))\n"
          }
        }
      }
      return text
    }
  }
#endif  // Spec
