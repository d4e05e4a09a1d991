#if Spec
  extension SwiftGenerator {
    /// A Swift expression that reads `value`, an `Arg`, as a value of the spec's `type`, in
    /// closures whose parameters are named by `depth` for lists and optionals.
    static func argument(_ type: String, _ value: String, field: String, depth: Int) -> String {
      let name = "v\(depth)"
      if type.hasSuffix("?") {
        let inner = argument(String(type.dropLast()), name, field: field, depth: depth + 1)
        return "try optional(\(value)) { \(name) in \(inner) }"
      }
      if type.hasPrefix("["), type.hasSuffix("]") {
        let inner = argument(
          String(type.dropFirst().dropLast()), name, field: field, depth: depth + 1)
        return "try list(\(value), \(field)).map { \(name) in \(inner) }"
      }
      let reader =
        switch type {
        case "Int": "int"
        case "Int64": "int64"
        case "Double": "double"
        case "Bool": "bool"
        default: "text"
        }
      return "try \(reader)(\(value), \(field))"
    }

    /// `static func event(_:_:)` of a machine's replay: an event by name, with the values a step
    /// gives, the fields left out zero.
    func eventReader(_ machine: MachineSpec, into out: inout CodeWriter) {
      let name = machine.name.value
      out.line("/// An event by name, with the values a step gives; the fields left out are zero.")
      out.block(
        "static func event(_ name: String, _ values: Values) throws -> \(name)Event {"
      ) { out in
        out.switchBlock("switch name {") { out in
          for event in machine.events {
            let fields = event.payload.map { Self.quoted($0.name.value) }.joined(separator: ", ")
            out.line("case \(Self.quoted(event.name.value)):")
            out.indented { out in
              out.line(
                "try requireFields(\(Self.quoted(event.name.value)), values, [\(fields)])")
              guard !event.payload.isEmpty else {
                out.line("return .\(event.name.value)")
                return
              }
              // One statement per field: one expression for all of them is too slow to type-check.
              for (index, field) in event.payload.enumerated() {
                let key = Self.quoted(field.name.value)
                let value = Self.argument(field.type.value, "$0", field: key, depth: 0)
                out.line(
                  "let field\(index): \(field.type.value) = try value(values, \(key)).map { \(value) } "
                    + "?? \(Self.zero(of: field.type.value))")
              }
              let arguments = event.payload.enumerated().map { "\($1.name.value): field\($0)" }
              out.line("return .\(event.name.value)(\(arguments.joined(separator: ", ")))")
            }
          }
          let events = machine.events.map(\.name.value).joined(separator: ", ")
          out.line("default:")
          out.indented { out in
            out.line(
              "throw StepError(\"unknown event '\\(name)'; the events: \(events)\")")
          }
        }
      }
      out.line()
      let guards = machine.guardNames.map { Self.quoted($0) }.joined(separator: ", ")
      out.line("/// The names of the guards, which a step may name after `if`.")
      out.line("static let guardNames: [String] = [\(guards)]")
    }

    /// The reader of the steps a replay program is given, the same in every replay and as the
    /// Kotlin `main` reads them: steps are split at the commas outside quotes, brackets and
    /// parentheses, and each step is read as `event`, `event(field: value, ...)`, then an
    /// optional `if guard and guard`. A value is written as the trace prints it: plain (`5`,
    /// `it's`), quoted with Swift's escapes (`"a, b\n"`), a list (`[1, 2]`) or `nil`.
    static let stepReader = #"""
      /// A value a step gives a field: text (plain or quoted), a list, or nil, with its source.
      enum Arg {
        case text(String, source: String)
        case items([Arg], source: String)
        case none(source: String)

        /// The value as written.
        var source: String {
          switch self {
          case .text(_, let source), .items(_, let source), .none(let source): source
          }
        }
      }

      /// A step that cannot be replayed; the program prints it and ends with status 1.
      struct StepError: Error, CustomStringConvertible {
        /// What is wrong, and where.
        var description: String

        /// Creates an error.
        init(_ description: String) { self.description = description }
      }

      /// The values a step gives, by field, in the order written.
      typealias Values = [(field: String, arg: Arg)]

      /// The value a step gives `field`, if any.
      static func value(_ values: Values, _ field: String) -> Arg? {
        values.first { $0.field == field }?.arg
      }

      /// A step read: how it prints, its event, and the guards that accept it.
      struct Step {
        /// The step as the `scenario` line prints it.
        var label: String
        /// Its event.
        var event: Event
        /// The guards that accept it.
        var accepting: Set<String>
      }

      static func text(_ arg: Arg, _ field: String) throws -> String {
        guard case .text(let text, _) = arg else {
          throw StepError("\(field) takes a value, not \(arg.source)")
        }
        return text
      }

      static func int(_ arg: Arg, _ field: String) throws -> Int {
        // The Kotlin `Int` has 32 bits: both programs refuse what does not fit in it.
        guard let value = Int32(try text(arg, field)) else {
          throw StepError("\(field) takes an integer (Int), not \(arg.source)")
        }
        return Int(value)
      }

      static func int64(_ arg: Arg, _ field: String) throws -> Int64 {
        guard let value = Int64(try text(arg, field)) else {
          throw StepError("\(field) takes an integer (Int64), not \(arg.source)")
        }
        return value
      }

      static func double(_ arg: Arg, _ field: String) throws -> Double {
        guard let value = Double(try text(arg, field)), value.isFinite else {
          throw StepError("\(field) takes a number (Double), not \(arg.source)")
        }
        return value
      }

      static func bool(_ arg: Arg, _ field: String) throws -> Bool {
        switch try text(arg, field) {
        case "true": return true
        case "false": return false
        default: throw StepError("\(field) takes true or false (Bool), not \(arg.source)")
        }
      }

      static func list(_ arg: Arg, _ field: String) throws -> [Arg] {
        guard case .items(let items, _) = arg else {
          throw StepError("\(field) takes a list such as [1, 2], not \(arg.source)")
        }
        return items
      }

      static func optional<Value>(_ arg: Arg, _ read: (Arg) throws -> Value) throws -> Value? {
        if case .none = arg { return nil }
        return try read(arg)
      }

      /// Refuses the fields `event` does not have.
      static func requireFields(_ event: String, _ values: Values, _ fields: [String]) throws {
        for (field, _) in values where !fields.contains(field) {
          throw StepError(
            "the event '\(event)' has no field '\(field)'"
              + (fields.isEmpty ? "; it has no payload" : "; its fields: " + fields.joined(separator: ", ")))
        }
      }

      /// The steps of a scenario: split at the commas outside quotes, brackets and parentheses.
      static func splitSteps(_ scenario: String) -> [String] {
        let characters = Array(scenario)
        var steps: [String] = []
        var depth = 0
        var quoted = false
        var start = 0
        var index = 0
        while index < characters.count {
          let character = characters[index]
          if quoted && character == "\\" {
            index += 1
          } else if character == "\"" {
            quoted.toggle()
          } else if !quoted {
            if character == "(" || character == "[" {
              depth += 1
            } else if character == ")" || character == "]" {
              depth -= 1
            } else if character == "," && depth == 0 {
              steps.append(String(characters[start..<index]))
              start = index + 1
            }
          }
          index += 1
        }
        steps.append(String(characters[min(start, characters.count)...]))
        return steps.map { step in
          String(step.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }.filter { !$0.isEmpty }
      }

      /// Reads one step's text, from left to right.
      struct StepText {
        let text: String
        let characters: [Character]
        var at = 0

        init(_ text: String) {
          self.text = text
          characters = Array(text)
        }

        var current: Character? { at < characters.count ? characters[at] : nil }

        func failure() -> StepError {
          StepError(
            "cannot read the step '\(text)'; write 'event', 'event(field: value)' or "
              + "'event if guard and guard'")
        }

        mutating func spaces() {
          while current == " " { at += 1 }
        }

        mutating func word() throws -> String {
          let start = at
          while let character = current, character.isLetter || character.isNumber || character == "_" {
            at += 1
          }
          if start == at { throw failure() }
          return String(characters[start..<at])
        }

        mutating func value() throws -> Arg {
          spaces()
          let start = at
          switch current {
          case "\"":
            at += 1
            var out = ""
            while true {
              guard let character = current else { throw failure() }
              at += 1
              if character == "\"" { break }
              if character == "\\" { out += try escape() } else { out.append(character) }
            }
            return .text(out, source: String(characters[start..<at]))
          case "[":
            at += 1
            var items: [Arg] = []
            spaces()
            if current == "]" {
              at += 1
            } else {
              while true {
                items.append(try value())
                spaces()
                guard let character = current else { throw failure() }
                at += 1
                if character == "]" { break }
                if character != "," { throw failure() }
              }
            }
            return .items(items, source: String(characters[start..<at]))
          default:
            while let character = current, character != ",", character != ")", character != "]" {
              at += 1
            }
            var plain = String(characters[start..<at])
            while plain.last?.isWhitespace == true { plain.removeLast() }
            if plain.isEmpty { throw failure() }
            return ["nil", "null", "~"].contains(plain) ? .none(source: plain) : .text(plain, source: plain)
          }
        }

        mutating func escape() throws -> String {
          guard let character = current else { throw failure() }
          at += 1
          switch character {
          case "n": return "\n"
          case "t": return "\t"
          case "r": return "\r"
          case "0": return "\0"
          case "\"", "'", "\\": return String(character)
          case "u":
            guard current == "{", let end = characters[at...].firstIndex(of: "}"),
              let code = UInt32(String(characters[(at + 1)..<end]), radix: 16),
              let scalar = Unicode.Scalar(code)
            else { throw failure() }
            at = end + 1
            return String(Character(scalar))
          default: throw failure()
          }
        }
      }

      /// A step written `event`, `event(field: value, ...)`, either followed by `if guard and
      /// guard`; a field left out is zero. A step that cannot be read, names an unknown event,
      /// field or guard, or gives a value of the wrong type throws a StepError.
      static func step(_ text: String) throws -> Step {
        var reader = StepText(text)
        let name = try reader.word()
        var values: Values = []
        if reader.current == "(" {
          reader.at += 1
          reader.spaces()
          while reader.current != ")" {
            reader.spaces()
            let field = try reader.word()
            reader.spaces()
            if reader.current != ":" { throw reader.failure() }
            reader.at += 1
            guard value(values, field) == nil else {
              throw StepError("'\(field)' is given twice in the step '\(text)'")
            }
            values.append((field, try reader.value()))
            reader.spaces()
            switch reader.current {
            case ",": reader.at += 1
            case ")": break
            default: throw reader.failure()
            }
          }
          reader.at += 1
        }
        let words = String(reader.characters[reader.at...]).split(separator: " ").map(String.init)
        let guards = Array(words.dropFirst())
        let wellFormed =
          words.isEmpty
          || (words[0] == "if" && guards.count % 2 == 1
            && guards.enumerated().allSatisfy { ($0.offset % 2 == 1) == ($0.element == "and") })
        if !wellFormed { throw reader.failure() }
        let accepting = guards.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        for guardName in accepting where !guardNames.contains(guardName) {
          throw StepError(
            "unknown guard '\(guardName)' in the step '\(text)'; the guards: "
              + guardNames.joined(separator: ", "))
        }
        let arguments =
          values.isEmpty
          ? "" : "(" + values.map { "\($0.field): \($0.arg.source)" }.joined(separator: ", ") + ")"
        let label =
          name + arguments + (accepting.isEmpty ? "" : " if " + accepting.joined(separator: " and "))
        return Step(label: label, event: try event(name, values), accepting: Set(accepting))
      }
      """#
  }
#endif  // Spec
