#if Spec
  extension KotlinGenerator {
    /// A Kotlin expression that reads `value`, an `Arg`, as a value of the spec's `type`, in
    /// lambdas named by `depth` for lists and optionals.
    static func argument(_ type: String, _ value: String, field: String, depth: Int) -> String {
      let name = "v\(depth)"
      if type.hasSuffix("?") {
        let inner = argument(String(type.dropLast()), name, field: field, depth: depth + 1)
        return "\(value).let { \(name) -> if (\(name) is Arg.Nil) null else \(inner) }"
      }
      if type.hasPrefix("["), type.hasSuffix("]") {
        let inner = argument(
          String(type.dropFirst().dropLast()), name, field: field, depth: depth + 1)
        return "argList(\(value), \(field)).map { \(name) -> \(inner) }"
      }
      let reader =
        switch type {
        case "Int": "argInt"
        case "Int64": "argLong"
        case "Double": "argDouble"
        case "Bool": "argBool"
        default: "argText"
        }
      return "\(reader)(\(value), \(field))"
    }

    /// The reader of the steps `main` is given, the same in every generated file: steps are
    /// split at the commas outside quotes, brackets and parentheses, and each step is read as
    /// `event`, `event(field: value, ...)`, then an optional `if guard and guard`. A value is
    /// written as the trace prints it: plain (`5`, `it's`), quoted with Swift's escapes
    /// (`"a, b\n"`), a list (`[1, 2]`) or `nil`.
    static let stepReader = #"""
      /** A value a step gives a field: text (plain or quoted), a list, or nil; [source] as written. */
      sealed class Arg(val source: String) {
          class Text(val text: String, source: String) : Arg(source)
          class Items(val items: List<Arg>, source: String) : Arg(source)
          class Nil(source: String) : Arg(source)
      }

      fun argText(arg: Arg, field: String): String =
          (arg as? Arg.Text)?.text ?: throw IllegalArgumentException("$field takes a value, not ${arg.source}")

      fun argInt(arg: Arg, field: String): Int = argText(arg, field).toIntOrNull()
          ?: throw IllegalArgumentException("$field takes an integer (Int), not ${arg.source}")

      fun argLong(arg: Arg, field: String): Long = argText(arg, field).toLongOrNull()
          ?: throw IllegalArgumentException("$field takes an integer (Int64), not ${arg.source}")

      fun argDouble(arg: Arg, field: String): Double = argText(arg, field).toDoubleOrNull()?.takeIf { it.isFinite() }
          ?: throw IllegalArgumentException("$field takes a number (Double), not ${arg.source}")

      fun argBool(arg: Arg, field: String): Boolean = when (argText(arg, field)) {
          "true" -> true
          "false" -> false
          else -> throw IllegalArgumentException("$field takes true or false (Bool), not ${arg.source}")
      }

      fun argList(arg: Arg, field: String): List<Arg> = (arg as? Arg.Items)?.items
          ?: throw IllegalArgumentException("$field takes a list such as [1, 2], not ${arg.source}")

      /** Refuses the fields [event] does not have. */
      fun requireFields(event: String, values: Map<String, Arg>, fields: List<String>) {
          for (field in values.keys) {
              require(field in fields) {
                  "the event '$event' has no field '$field'" +
                      if (fields.isEmpty()) "; it has no payload" else "; its fields: " + fields.joinToString(", ")
              }
          }
      }

      /** The steps of a scenario: split at the commas outside quotes, brackets and parentheses. */
      fun splitSteps(scenario: String): List<String> {
          val steps = ArrayList<String>()
          var depth = 0
          var quoted = false
          var start = 0
          var index = 0
          while (index < scenario.length) {
              val char = scenario[index]
              when {
                  quoted && char == '\\' -> index++
                  char == '"' -> quoted = !quoted
                  quoted -> {}
                  char == '(' || char == '[' -> depth++
                  char == ')' || char == ']' -> depth--
                  char == ',' && depth == 0 -> {
                      steps.add(scenario.substring(start, index))
                      start = index + 1
                  }
              }
              index++
          }
          steps.add(scenario.substring(start))
          return steps.map { it.trim() }.filter { it.isNotEmpty() }
      }

      /** Reads one step's text, from left to right. */
      class StepText(val text: String) {
          var at = 0

          fun fail(): Nothing = throw IllegalArgumentException(
              "cannot read the step '$text'; write 'event', 'event(field: value)' or " +
                  "'event if guard and guard'"
          )

          fun spaces() {
              while (at < text.length && text[at] == ' ') at++
          }

          fun word(): String {
              val start = at
              while (at < text.length && (text[at].isLetterOrDigit() || text[at] == '_')) at++
              if (start == at) fail()
              return text.substring(start, at)
          }

          fun value(): Arg {
              spaces()
              val start = at
              when (text.getOrNull(at)) {
                  '"' -> {
                      at++
                      val out = StringBuilder()
                      while (true) {
                          val char = text.getOrNull(at) ?: fail()
                          at++
                          if (char == '"') break
                          out.append(if (char == '\\') escape() else char.toString())
                      }
                      return Arg.Text(out.toString(), text.substring(start, at))
                  }
                  '[' -> {
                      at++
                      val items = ArrayList<Arg>()
                      spaces()
                      if (text.getOrNull(at) == ']') {
                          at++
                      } else {
                          while (true) {
                              items.add(value())
                              spaces()
                              val char = text.getOrNull(at) ?: fail()
                              at++
                              if (char == ']') break
                              if (char != ',') fail()
                          }
                      }
                      return Arg.Items(items, text.substring(start, at))
                  }
                  else -> {
                      while (at < text.length && text[at] != ',' && text[at] != ')' && text[at] != ']') at++
                      val plain = text.substring(start, at).trimEnd()
                      if (plain.isEmpty()) fail()
                      return if (plain == "nil" || plain == "null" || plain == "~") Arg.Nil(plain)
                      else Arg.Text(plain, plain)
                  }
              }
          }

          fun escape(): String {
              val char = text.getOrNull(at) ?: fail()
              at++
              return when (char) {
                  'n' -> "\n"
                  't' -> "\t"
                  'r' -> "\r"
                  '0' -> "\u0000"
                  '"', '\'', '\\' -> char.toString()
                  'u' -> {
                      val end = text.indexOf('}', at)
                      if (text.getOrNull(at) != '{' || end < 0) fail()
                      val code = text.substring(at + 1, end).toIntOrNull(16) ?: fail()
                      at = end + 1
                      String(Character.toChars(code))
                  }
                  else -> fail()
              }
          }
      }

      /**
       * A step written `event`, `event(field: value, ...)`, either followed by `if guard and
       * guard`; a field left out is zero. A step that cannot be read, names an unknown event,
       * field or guard, or gives a value of the wrong type is an IllegalArgumentException.
       */
      fun step(text: String): Step {
          val reader = StepText(text)
          val name = reader.word()
          val values = LinkedHashMap<String, Arg>()
          if (text.getOrNull(reader.at) == '(') {
              reader.at++
              reader.spaces()
              while (text.getOrNull(reader.at) != ')') {
                  reader.spaces()
                  val field = reader.word()
                  reader.spaces()
                  if (text.getOrNull(reader.at) != ':') reader.fail()
                  reader.at++
                  require(values.put(field, reader.value()) == null) { "'$field' is given twice in the step '$text'" }
                  reader.spaces()
                  when (text.getOrNull(reader.at)) {
                      ',' -> reader.at++
                      ')' -> {}
                      else -> reader.fail()
                  }
              }
              reader.at++
          }
          val words = text.substring(reader.at).split(" ").filter { it.isNotEmpty() }
          val guards = words.drop(1)
          val wellFormed = words.isEmpty() || (words[0] == "if" && guards.size % 2 == 1 &&
              guards.withIndex().all { (it.index % 2 == 1) == (it.value == "and") })
          if (!wellFormed) reader.fail()
          val accepting = guards.filterIndexed { index, _ -> index % 2 == 0 }
          for (guardName in accepting) {
              require(guardName in GUARDS) {
                  "unknown guard '$guardName' in the step '$text'; the guards: " + GUARDS.joinToString(", ")
              }
          }
          val arguments = if (values.isEmpty()) "" else
              values.entries.joinToString(", ", "(", ")") { it.key + ": " + it.value.source }
          val label = name + arguments + if (accepting.isEmpty()) "" else " if " + accepting.joinToString(" and ")
          return Step(label, wish(name, values), accepting)
      }
      """#
  }
#endif  // Spec
