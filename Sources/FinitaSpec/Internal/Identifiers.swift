#if Spec
  /// Names that generated Swift and Kotlin can use.
  enum Identifiers {
    /// Swift's keywords, including those usable only with backticks.
    static let swiftKeywords: Set<String> = [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
      "init", "inout", "internal", "let", "operator", "private", "precedencegroup",
      "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
      "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
      "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
      "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
      "Type", "Protocol",
    ]

    /// Kotlin's hard keywords, which cannot name anything. Its soft and modifier keywords
    /// (`open`, `data`, `value`, ...) are identifiers wherever the generated code puts a name,
    /// so they are allowed.
    static let kotlinKeywords: Set<String> = [
      "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
      "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
      "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// The Kotlin types the generated code names where a case's class (the case's name with
    /// its first letter upper-cased, nested in `State`, `Wish` or `News`) would shadow them: the
    /// standard types, MVICore's names and the generated code's own.
    static let kotlinReservedTypeNames: Set<String> = [
      "Any", "Array", "Boolean", "Byte", "Char", "Character", "Double", "Float", "Int", "List",
      "Long", "Map", "MutableList", "Nothing", "Set", "Short", "String", "StringBuilder",
      "System", "Unit", "IllegalArgumentException",
      "State", "Wish", "Effect", "News", "Actor", "Reducer", "NewsPublisher", "PostProcessor",
      "Bootstrapper", "Guards", "Row", "Step", "Transitioned", "Stayed", "Ignored", "Undefined",
      "Arg", "StepText",
    ]

    /// The type names a state's or an event's case must not become: the Kotlin names above,
    /// and `Kind`, the generated Swift enum's case without its payload (a case named `kind`
    /// would also redeclare the enum's `kind` property).
    static let caseReservedTypeNames: Set<String> = kotlinReservedTypeNames.union(["Kind"])

    /// The type names a machine or a feature must not take, as its name becomes a Swift type
    /// (and prefixes others) and the Kotlin file's: the Kotlin names above, and Swift's
    /// standard types and Finita's names the generated Swift uses.
    static let reservedTypeNames: Set<String> = kotlinReservedTypeNames.union([
      "AnyObject", "Bool", "Dictionary", "Duration", "Equatable", "Error", "Hashable", "Int64",
      "Never", "Optional", "Result", "Sendable", "Task", "Void", "CaseIterable",
      "CustomStringConvertible", "Testing", "Feature", "FeatureDefinition", "FeatureTester",
      "UIStateMapper", "Automaton", "AutomatonEvent", "Machine", "Computed", "Kind", "Effects",
      "Finita", "FinitaAutomaton", "FinitaTesting",
    ])

    /// The longest name a spec may give: every name becomes part of a file or class name, and
    /// file systems refuse names past 255 bytes.
    static let maximumNameLength = 100

    /// The payload types both generators map: Swift's name to Kotlin's.
    static let payloadTypes: [String: String] = [
      "Int": "Int", "Int64": "Long", "Double": "Double", "Bool": "Boolean", "String": "String",
    ]

    /// The element type of an array type (`[Int]` to `Int`), or `nil` for another type.
    static func elementType(_ type: String) -> String? {
      guard type.hasPrefix("["), type.hasSuffix("]"), type.count > 2 else { return nil }
      return String(type.dropFirst().dropLast())
    }

    /// The Kotlin type of a spec type: `Int64?` to `Long?`, `[String]` to `List<String>`.
    static func kotlinType(_ type: String) -> String {
      let optional = type.hasSuffix("?")
      let base = optional ? String(type.dropLast()) : type
      let kotlin: String
      if let element = elementType(base) {
        kotlin = "List<\(payloadTypes[element] ?? element)>"
      } else {
        kotlin = payloadTypes[base] ?? base
      }
      return kotlin + (optional ? "?" : "")
    }

    static func isIdentifier(_ name: String) -> Bool {
      guard let first = name.unicodeScalars.first,
        first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
      else { return false }
      return name.unicodeScalars.allSatisfy {
        $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
          || ("0"..."9").contains($0)
      }
    }

    /// The language whose keyword `name` is, or `nil`.
    static func keywordLanguage(_ name: String) -> String? {
      switch (swiftKeywords.contains(name), kotlinKeywords.contains(name)) {
      case (true, true): "Swift and Kotlin"
      case (true, false): "Swift"
      case (false, true): "Kotlin"
      case (false, false): nil
      }
    }

    /// `name` with its first letter upper-cased: `awaitingPayment` to `AwaitingPayment`.
    static func upperFirst(_ name: String) -> String {
      name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `name` with its first letter lower-cased.
    static func lowerFirst(_ name: String) -> String {
      name.prefix(1).lowercased() + name.dropFirst()
    }
  }
#endif  // Spec
