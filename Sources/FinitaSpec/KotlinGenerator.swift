#if Spec
  /// Generates Kotlin for Android from a spec, in MVICore's shapes.
  ///
  /// For a machine: sealed classes for the states, the events (wishes), the step taken (the
  /// effect) and the outputs (news); an Actor, a Reducer and a NewsPublisher over one transition
  /// table; and a replay `main` that prints the trace of event sequences exactly as
  /// ``SpecMachine/trace(_:)`` does in Swift. For a feature: a data class State, sealed classes for
  /// the Wish, Effect and News cases, an Actor and a Reducer to fill in, the Bootstrapper,
  /// PostProcessor and NewsPublisher the spec asks for, and a small feature class wiring them.
  ///
  /// ```swift
  /// let kotlin = try KotlinGenerator(spec: spec).source()
  /// ```
  ///
  /// The code compiles with Kotlin 1.3 and later: no sealed interfaces, value classes or newer
  /// standard library calls.
  public struct KotlinGenerator: Sendable {
    /// The spec generated from.
    public let spec: Spec
    /// The Kotlin package; the machine's name in lower case by default.
    public var package: String

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - spec: A valid machine spec.
    ///   - package: The Kotlin package; the machine's name in lower case when `nil`.
    public init(spec: Spec, package: String? = nil) {
      self.spec = spec
      self.package = package ?? spec.name.lowercased()
    }

    /// The name of the Kotlin file: `Turnstile.kt`; its class for `kotlin` is
    /// `<package>.TurnstileKt`.
    public var fileName: String { "\(spec.name).kt" }

    /// The class `kotlin` runs for the replay `main`: `turnstile.TurnstileKt`.
    public var mainClass: String { "\(package).\(spec.name)Kt" }

    /// The Kotlin source: for a machine, the replayable table; for a feature, the MVICore parts
    /// to fill in.
    ///
    /// - Returns: The file's text.
    /// - Throws: ``SpecError`` when the spec is neither a machine nor a feature.
    public func source() throws(SpecError) -> String {
      if let machine = spec.machine {
        return machineSource(machine)
      }
      if let feature = spec.feature {
        return featureSource(feature)
      }
      throw SpecError(diagnostics: [
        SpecDiagnostic(
          .wrongType, at: SpecLocation(file: spec.file, line: 1, column: 1),
          "the spec describes neither a machine nor a feature; write 'machine:' or 'feature:'")
      ])
    }

    static func className(_ name: String) -> String { Identifiers.upperFirst(name) }

    static func kotlinType(_ type: String) -> String {
      Identifiers.kotlinType(type)
    }

    static func zero(of type: String) -> String {
      if type.hasSuffix("?") { return "null" }
      if type.hasPrefix("[") { return "emptyList()" }
      switch type {
      case "Bool": return "false"
      case "String": return "\"\""
      case "Double": return "0.0"
      case "Int64": return "0L"
      default: return "0"
      }
    }

    /// A scenario step as a Kotlin `Step`: its label, its wish with the values the step gives
    /// (zero for the fields it leaves out), and the guards that accept it.
    static func step(_ step: SpecStep, in machine: MachineSpec) -> String {
      let event = machine.events.first { $0.name.value == step.event.value }
      let type = className(step.event.value)
      var wish = "Wish.\(type)"
      if let event, !event.payload.isEmpty {
        let values = event.payload.map { field in
          let given = step.arguments.first { $0.field.value == field.name.value }
          let value =
            given.map { SpecValues.kotlin($0.value, type: field.type.value) }
            ?? zero(of: field.type.value)
          return "\(field.name.value) = \(value)"
        }
        wish += "(" + values.joined(separator: ", ") + ")"
      }
      let accepting =
        step.accepting.isEmpty
        ? "emptyList()" : "listOf(" + step.accepting.map(quoted).joined(separator: ", ") + ")"
      return "Step(\(quoted(step.description)), \(wish), \(accepting))"
    }

    /// `text` inside a Kotlin string literal: backslashes, quotes and dollars escaped.
    static func escapedForTemplate(_ text: String) -> String {
      String(quoted(text).dropFirst().dropLast())
    }

    static func quoted(_ text: String) -> String {
      SpecValues.kotlinString(text)
    }

    /// `show`, `showText` and `showOptional`: the Kotlin functions that print values as Swift
    /// prints them in a case's payload, for machines and features alike.
    static func showFunctions(into out: inout CodeWriter) {
      out.line("/** A value as Swift prints it in a case's payload. */")
      out.block("fun show(value: Any): String {") { out in
        out.line(
          "if (value is List<*>) return value.joinToString(\", \", \"[\", \"]\") "
            + "{ if (it == null) \"nil\" else show(it) }")
        out.line("return if (value is String) showText(value) else value.toString()")
      }
      out.line()
      for line in showText {
        out.line(line)
      }
      out.line()
      out.line("/** An optional value as Swift prints it in a case's payload. */")
      out.line(
        "fun showOptional(value: Any?): String = "
          + "if (value == null) \"nil\" else \"Optional(\" + show(value) + \")\"")
    }

    /// The Kotlin function that prints a text as Swift's `String(reflecting:)` does, the one rule
    /// both traces follow: `\\`, `\"`, `\'`, `\0`, `\t`, `\n` and `\r` by name; the other ASCII
    /// control characters as `\u{1B}`; every other character as itself, except a combining one
    /// right after the opening quote or an escape, and a prepended one (such as U+0600) before
    /// the closing quote, which would merge with the quote or the escape on screen: those as
    /// `\u{0301}`, with 2, 4 or 8 hexadecimal digits.
    static let showText: [String] = [
      "/** A text as Swift's String(reflecting:) prints it: the rule both traces follow. */",
      "fun showText(value: String): String {",
      "    val points = mutableListOf<Int>()",
      "    var at = 0",
      "    while (at < value.length) {",
      "        points.add(Character.codePointAt(value, at))",
      "        at += Character.charCount(points.last())",
      "    }",
      "    val out = StringBuilder(\"\\\"\")",
      "    var afterEscape = true",
      "    for ((index, point) in points.withIndex()) {",
      "        val escape = when {",
      "            point == 0x5C -> \"\\\\\\\\\"",
      "            point == 0x22 -> \"\\\\\\\"\"",
      "            point == 0x27 -> \"\\\\'\"",
      "            point == 0 -> \"\\\\0\"",
      "            point == 9 -> \"\\\\t\"",
      "            point == 10 -> \"\\\\n\"",
      "            point == 13 -> \"\\\\r\"",
      "            point < 0x20 || point == 0x7F -> hexEscape(point)",
      "            point < 0x7F -> null",
      "            afterEscape && joinsPrevious(point) -> hexEscape(point)",
      "            index == points.size - 1 && isPrepend(point) -> hexEscape(point)",
      "            else -> null",
      "        }",
      "        if (escape == null) out.appendCodePoint(point) else out.append(escape)",
      "        afterEscape = escape != null",
      "    }",
      "    return out.append('\"').toString()",
      "}",
      "",
      "/** `\\u{1B}`, `\\u{0301}` or `\\u{0001F3FB}`, as Swift escapes a character. */",
      "fun hexEscape(point: Int): String {",
      "    val width = if (point < 0x100) 2 else if (point < 0x10000) 4 else 8",
      "    return \"\\\\u{\" + String.format(\"%0\" + width + \"X\", point) + \"}\"",
      "}",
      "",
      "/** Whether a character joins the one before it on screen (a combining mark, a joiner). */",
      "fun joinsPrevious(point: Int): Boolean {",
      "    val type = Character.getType(point)",
      "    return type == Character.NON_SPACING_MARK.toInt() ||",
      "        type == Character.ENCLOSING_MARK.toInt() ||",
      "        type == Character.COMBINING_SPACING_MARK.toInt() ||",
      "        point == 0x200C || point == 0x200D || point == 0x0E33 || point == 0x0EB3 ||",
      "        point in 0x1F3FB..0x1F3FF || point in 0xE0020..0xE007F",
      "}",
      "",
      "/** Whether a character joins the one after it on screen (Unicode's prepended marks). */",
      "fun isPrepend(point: Int): Boolean =",
      "    point in 0x0600..0x0605 || point == 0x06DD || point == 0x070F || point in 0x0890..0x0891 ||",
      "        point == 0x08E2 || point == 0x0D4E || point == 0x110BD || point == 0x110CD ||",
      "        point in 0x111C2..0x111C3 || point == 0x1193F || point == 0x11941 ||",
      "        point == 0x11A3A || point in 0x11A84..0x11A89 || point == 0x11D46 || point == 0x11F02",
    ]

    /// A sealed class with an object per case without payload and a data class per case with
    /// one; `printsPayload` makes data classes print as Swift prints the case: `paid(amount: 5)`.
    func sealedClass(
      _ name: String, doc: String, cases: [SpecCase], printsPayload: Bool = false,
      into out: inout CodeWriter
    ) {
      out.line("/** \(doc) */")
      if cases.isEmpty {
        out.line("sealed class \(name)")
        return
      }
      out.block("sealed class \(name)(val caseName: String) {") { out in
        for item in cases {
          let type = Self.className(item.name.value)
          let label = Self.quoted(item.name.value)
          if item.payload.isEmpty {
            out.line("object \(type) : \(name)(\(label))")
          } else {
            let fields = item.payload.map {
              "val \($0.name.value): \(Self.kotlinType($0.type.value))"
            }
            let head = "data class \(type)(\(fields.joined(separator: ", "))) : \(name)(\(label))"
            guard printsPayload else {
              out.line(head)
              continue
            }
            out.block(head + " {") { out in
              var text = "\"\(item.name.value)("
              for (index, field) in item.payload.enumerated() {
                let shown =
                  field.type.value.hasSuffix("?")
                  ? "showOptional(\(field.name.value))" : "show(\(field.name.value))"
                text += (index == 0 ? "" : " + \", ") + "\(field.name.value): \" + \(shown)"
              }
              out.line("override fun toString(): String = \(text) + \")\"")
            }
          }
        }
        out.line()
        out.line("override fun toString(): String = caseName")
      }
    }

    /// A planned state or output as a Kotlin expression: `State.Paid(amount = (w as Wish.Pay).amount)`.
    static func value(
      _ value: MachinePlan.Value, in type: String, row: MachinePlan.Row?
    ) -> String {
      let name = "\(type).\(className(value.name))"
      guard !value.fields.isEmpty else { return name }
      let arguments = value.fields.map { field, source in
        var expression = zero(of: field.type.value)
        if let row {
          switch source {
          case .event(let index):
            expression =
              "(w as Wish.\(className(row.event.name.value))).\(row.event.payload[index].name.value)"
          case .left(let index):
            expression =
              "(s as State.\(className(row.left.name.value))).\(row.left.payload[index].name.value)"
          case .zero: break
          }
        }
        return "\(field.name.value) = \(expression)"
      }
      return "\(name)(\(arguments.joined(separator: ", ")))"
    }

    /// A lambda `{ s, w -> body }`, with `_` for the parameters the body does not use.
    static func lambda(_ body: String) -> String {
      let state = body.contains("(s as ") || body == "s" ? "s" : "_"
      let wish = body.contains("(w as ") ? "w" : "_"
      return "{ \(state), \(wish) -> \(body) }"
    }

    func machineSource(_ machine: MachineSpec) -> String {
      let name = machine.name.value
      let plan = MachinePlan(machine)
      let guards = machine.guardNames
      var out = CodeWriter(indent: "    ")
      let file = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
      out.line(
        "// Generated by `finita generate kotlin` from \(file). Do not edit: change the spec")
      out.line("// and generate again. The same spec generates the Swift machine; both print the")
      out.line("// same trace for the same events.")
      out.line("package \(package)")
      out.line()
      sealedClass(
        "State", doc: "The states of \(name).", cases: machine.states, printsPayload: true,
        into: &out)
      out.line()
      sealedClass(
        "Wish", doc: "The events of \(name) (MVICore's wishes).", cases: machine.events, into: &out)
      out.line()
      sealedClass(
        "News",
        doc: machine.outputs.isEmpty
          ? "The outputs of \(name) (MVICore's news): it has none."
          : "The outputs of \(name) (MVICore's news).",
        cases: machine.outputs, printsPayload: true, into: &out)
      let payloads = (machine.states + machine.outputs).flatMap(\.payload)
      if !payloads.isEmpty {
        out.line()
        Self.showFunctions(into: &out)
      }
      out.line()
      out.line("/** The step the Actor took for a wish (MVICore's effect). */")
      out.block("sealed class Effect {") { out in
        out.line(
          "data class Transitioned(val from: State, val to: State, val outputs: List<News>) : Effect()"
        )
        out.line("data class Stayed(val state: State, val outputs: List<News>) : Effect()")
        out.line("data class Ignored(val state: State, val event: String) : Effect()")
        out.line("data class Undefined(val state: State, val event: String) : Effect()")
        out.line()
        out.line("/** The step as the Swift machine describes it. */")
        out.block("fun describe(): String = when (this) {", close: "}") { out in
          out.line("is Transitioned -> \"$from -> $to\" + suffix(outputs)")
          out.line("is Stayed -> \"stayed in $state\" + suffix(outputs)")
          out.line("is Ignored -> \"ignored $event in $state\"")
          out.line("is Undefined -> \"undefined $event in $state\"")
        }
        out.line()
        out.line(
          "private fun suffix(outputs: List<News>): String =")
        out.indented { out in
          out.line("if (outputs.isEmpty()) \"\" else \" / \" + outputs.joinToString(\", \")")
        }
      }
      out.line()
      out.line("/** The named guards: each decides whether the transitions it guards are taken. */")
      if guards.isEmpty {
        out.line("interface Guards")
      } else {
        out.block("interface Guards {") { out in
          for guardName in guards {
            out.line("fun \(guardName)(state: State, wish: Wish): Boolean")
          }
        }
      }
      out.line()
      out.line("/**")
      out.line(
        " * One row of the transition table: the cases of the state and the event it handles,")
      out.line(
        " * the state it enters and the outputs it emits (the exit output of the state left,")
      out.line(
        " * its own or the Moore output of the state entered, the entry output of that state).")
      out.line(" */")
      out.line("class Row(")
      out.indented { out in
        out.line("val from: String,")
        out.line("val event: String,")
        out.line("val internal: Boolean,")
        out.line("val guard: ((Guards, State, Wish) -> Boolean)?,")
        out.line("val next: (State, Wish) -> State,")
        out.line("val outputs: (State, Wish) -> List<News>")
      }
      out.line(")")
      out.line()
      out.line("/** The initial state. */")
      let initial = plan.initial.map { Self.value($0, in: "State", row: nil) } ?? ""
      out.line("val INITIAL: State = \(initial)")
      out.line()
      out.line("/** The cases of the final states. */")
      let finals = machine.finals.map { Self.quoted($0.value) }
      out.line("val FINAL: Set<String> = setOf(\(finals.joined(separator: ", ")))")
      out.line()
      out.line("/** The transitions; for one state and event they are tried in order. */")
      out.block("val TABLE: List<Row> = listOf(", close: ")") { out in
        for (index, row) in plan.rows.enumerated() {
          let transition = row.transition
          let guardText =
            transition.guardName.map { "{ g, s, w -> g.\($0.value)(s, w) }" } ?? "null"
          let next =
            transition.isInternal ? "s" : Self.value(row.target, in: "State", row: row)
          let outputs = row.outputs.map { Self.value($0, in: "News", row: row) }
          let outputList =
            outputs.isEmpty ? "emptyList()" : "listOf(\(outputs.joined(separator: ", ")))"
          let arguments = [
            Self.quoted(transition.from.value), Self.quoted(transition.event.value),
            "\(transition.isInternal)", guardText, Self.lambda(next), Self.lambda(outputList),
          ]
          let comma = index == plan.rows.count - 1 ? "" : ","
          let single = "Row(\(arguments.joined(separator: ", ")))\(comma)"
          if single.count + 4 <= 100 {
            out.line(single)
          } else {
            out.block("Row(", close: ")\(comma)") { out in
              for (position, argument) in arguments.enumerated() {
                out.line(argument + (position == arguments.count - 1 ? "" : ","))
              }
            }
          }
        }
      }
      out.line()
      out.line("/** MVICore's Actor: the step a wish takes from a state. */")
      out.block("class Actor(private val guards: Guards) : (State, Wish) -> Effect {") { out in
        out.block("override fun invoke(state: State, wish: Wish): Effect {") { out in
          out.line(
            "val rows = TABLE.filter { it.from == state.caseName && it.event == wish.caseName }")
          out.line("if (rows.isEmpty()) return Effect.Undefined(state, wish.caseName)")
          out.line("val row = rows.firstOrNull { it.guard?.invoke(guards, state, wish) ?: true }")
          out.indented { $0.line("?: return Effect.Ignored(state, wish.caseName)") }
          out.line("val outputs = row.outputs(state, wish)")
          out.line(
            "return if (row.internal) Effect.Stayed(state, outputs) "
              + "else Effect.Transitioned(state, row.next(state, wish), outputs)")
        }
      }
      out.line()
      out.line("/** MVICore's Reducer: the state after a step. */")
      out.block("class Reducer : (State, Effect) -> State {") { out in
        out.block("override fun invoke(state: State, effect: Effect): State = when (effect) {") {
          out in
          out.line("is Effect.Transitioned -> effect.to")
          out.line("else -> state")
        }
      }
      out.line()
      out.line(
        "/** MVICore's NewsPublisher: the outputs of a step, in order (none for most steps). */")
      out.block("class NewsPublisher : (Wish, Effect, State) -> List<News> {") { out in
        out.block(
          "override fun invoke(wish: Wish, effect: Effect, state: State): List<News> = when (effect) {"
        ) { out in
          out.line("is Effect.Transitioned -> effect.outputs")
          out.line("is Effect.Stayed -> effect.outputs")
          out.line("else -> emptyList()")
        }
      }
      out.line()
      out.line(
        "/** An event by name, with the values a step gives; the fields left out are zero. */")
      out.block("fun wish(name: String, values: Map<String, Arg>): Wish = when (name) {") { out in
        for event in machine.events {
          let type = Self.className(event.name.value)
          let fields = event.payload.map { Self.quoted($0.name.value) }.joined(separator: ", ")
          out.block("\(Self.quoted(event.name.value)) -> {") { out in
            out.line(
              "requireFields(\(Self.quoted(event.name.value)), values, "
                + (fields.isEmpty ? "emptyList()" : "listOf(\(fields))") + ")")
            if event.payload.isEmpty {
              out.line("Wish.\(type)")
            } else {
              out.block("Wish.\(type)(", close: ")") { out in
                for (index, field) in event.payload.enumerated() {
                  let comma = index == event.payload.count - 1 ? "" : ","
                  let key = Self.quoted(field.name.value)
                  let value = Self.argument(
                    field.type.value, "values.getValue(\(key))", field: key, depth: 0)
                  out.line(
                    "\(field.name.value) = if (\(key) in values) \(value) "
                      + "else \(Self.zero(of: field.type.value))\(comma)")
                }
              }
            }
          }
        }
        let events = machine.events.map(\.name.value).joined(separator: ", ")
        out.line(
          "else -> throw IllegalArgumentException(\"unknown event '$name'; the events: "
            + "\(Self.escapedForTemplate(events))\")")
      }
      out.line()
      out.line("/** The names of the guards, which a step may name after `if`. */")
      out.line(
        "val GUARDS: List<String> = "
          + (guards.isEmpty
            ? "emptyList()" : "listOf(" + guards.map(Self.quoted).joined(separator: ", ") + ")"))
      out.line()
      out.line(
        "/** A step of a scenario: how it prints, its wish, and the guards that accept it. */")
      out.line("class Step(val label: String, val wish: Wish, val accepting: List<String>)")
      out.line()
      for line in Self.stepReader.split(separator: "\n", omittingEmptySubsequences: false) {
        out.line(String(line))
      }
      out.line()
      out.line("/** The scenarios of the spec, replayed when `main` is given none. */")
      out.block("val SCENARIOS: List<List<Step>> = listOf(", close: ")") { out in
        for (index, scenario) in machine.scenarios.enumerated() {
          let comma = index == machine.scenarios.count - 1 ? "" : ","
          out.block("listOf(", close: ")\(comma)") { out in
            for (position, step) in scenario.steps.enumerated() {
              let stepComma = position == scenario.steps.count - 1 ? "" : ","
              out.line(Self.step(step, in: machine) + stepComma)
            }
          }
        }
      }
      out.line()
      out.line("/**")
      out.line(
        " * Replays scenarios (the arguments, or the spec's) from the initial state and prints each"
      )
      out.line(
        " * step. A scenario given as an argument lists steps separated by commas; a step is")
      out.line(
        " * `event`, `event(field: value, field: value)` or either followed by `if guard and")
      out.line(
        " * guard`: the guards named accept it, every other guard rejects it; a field left out")
      out.line(
        " * is zero. Values are written as the trace prints them: `5`, `\"a, b\"`, `[x, y]`,")
      out.line(" * `nil`.")
      out.line(" */")
      out.block("fun main(args: Array<String>) {") { out in
        // A mistyped argument is the user's mistake: a message and status 1, not a stack trace.
        out.block("val scenarios = try {", close: "} catch (problem: IllegalArgumentException) {") {
          out in
          out.block("if (args.isEmpty()) SCENARIOS else args.map { scenario ->") { out in
            out.line("splitSteps(scenario).map { step(it) }")
          }
        }
        out.indented { out in
          out.line("System.err.println(\"error: \" + problem.message)")
          out.line("kotlin.system.exitProcess(1)")
        }
        out.line("}")
        out.block("for ((index, steps) in scenarios.withIndex()) {") { out in
          out.line("val effects = mutableListOf<String>()")
          out.line("var state = INITIAL")
          out.block("for (step in steps) {") { out in
            if guards.isEmpty {
              out.line("val guards = object : Guards {}")
            } else {
              out.block("val guards = object : Guards {") { out in
                for guardName in guards {
                  out.line(
                    "override fun \(guardName)(state: State, wish: Wish) = "
                      + "\(Self.quoted(guardName)) in step.accepting")
                }
              }
            }
            out.line("val effect = Actor(guards).invoke(state, step.wish)")
            out.line("state = Reducer().invoke(state, effect)")
            out.line("effects.add(effect.describe())")
          }
          out.line(
            "println(\"scenario ${index + 1}: \" + steps.joinToString(\", \") { it.label })")
          out.line("effects.forEach { println(it) }")
        }
      }
      return out.text
    }
  }
#endif  // Spec
