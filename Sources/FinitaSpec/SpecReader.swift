#if Spec
  import Foundation
  import Yams

  /// Reads specs from YAML or JSON text and validates them, reporting every problem at once.
  ///
  /// ```swift
  /// let spec = try SpecReader.read(contentsOf: "Specs/turnstile.yaml")
  /// let report = SpecReader.check(text, file: "turnstile.yaml")  // diagnostics, no throw
  /// ```
  ///
  /// JSON is read as the YAML it is, so both formats give the same locations and messages.
  public enum SpecReader {
    /// Reads and validates the spec in `text`.
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - file: The path printed in diagnostics.
    /// - Returns: The spec and every diagnostic, errors and warnings, sorted by location. The spec
    ///   is `nil` when the text cannot be read as a spec at all.
    public static func check(_ text: String, file: String) -> SpecCheck {
      var parser = SpecParser(file: file, schema: .shipped)
      let spec = parser.parse(text)
      var diagnostics = parser.diagnostics
      if let spec {
        diagnostics += SpecValidator.validate(spec)
      }
      diagnostics.sort { ($0.location, $0.message) < ($1.location, $1.message) }
      return SpecCheck(spec: spec, diagnostics: diagnostics)
    }

    /// Reads and validates the spec in the file at `path`.
    ///
    /// - Parameter path: The file's path, printed in diagnostics as given.
    /// - Returns: The spec and its diagnostics.
    public static func check(contentsOf path: String) -> SpecCheck {
      switch SpecFile.text(at: path) {
      case .success(let text):
        return check(text, file: path)
      case .failure(let problem):
        return SpecCheck(
          spec: nil,
          diagnostics: [
            SpecDiagnostic(
              .unreadable, at: SpecLocation(file: path, line: 1, column: 1), problem.message)
          ])
      }
    }

    /// Reads the spec in `text`, throwing when it has errors.
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - file: The path printed in diagnostics.
    /// - Returns: The valid spec.
    /// - Throws: ``SpecError`` with every diagnostic when there is at least one error.
    public static func read(_ text: String, file: String) throws(SpecError) -> Spec {
      try check(text, file: file).validSpec()
    }

    /// Reads the spec in the file at `path`, throwing when it has errors.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The valid spec.
    /// - Throws: ``SpecError`` with every diagnostic when there is at least one error.
    public static func read(contentsOf path: String) throws(SpecError) -> Spec {
      try check(contentsOf: path).validSpec()
    }

    /// The JSON Schema of specs, as shipped with this module.
    public static var schema: String { SpecSchema.text }
  }

  /// What checking a spec found: the spec, when it could be read, and every diagnostic.
  public struct SpecCheck: Sendable, Hashable {
    /// The spec, or `nil` when the text could not be read as one.
    public let spec: Spec?
    /// Every error and warning, sorted by location.
    public let diagnostics: [SpecDiagnostic]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - spec: The spec read.
    ///   - diagnostics: The problems found.
    public init(spec: Spec?, diagnostics: [SpecDiagnostic]) {
      self.spec = spec
      self.diagnostics = diagnostics
    }

    /// The errors alone.
    public var errors: [SpecDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The spec, or a ``SpecError`` with every diagnostic when there is an error.
    ///
    /// - Returns: The valid spec.
    /// - Throws: ``SpecError`` when there is an error.
    public func validSpec() throws(SpecError) -> Spec {
      guard let spec, errors.isEmpty else {
        throw SpecError(diagnostics: diagnostics)
      }
      return spec
    }
  }

  /// Turns the node tree into the model, recording a diagnostic for each problem and going on.
  struct SpecParser {
    let file: String
    let schema: SpecSchema
    var diagnostics: [SpecDiagnostic] = []
    /// The text being read, for hints about its lines.
    var text = ""
    /// The keys written twice whose first occurrence was renamed, to be skipped.
    var renamedKeys: Set<SpecLocation> = []

    /// How many duplicate keys are reported before reading stops.
    static let duplicateKeyLimit = 32

    /// `text` with the key at `mark` renamed to a name no spec uses: its first character (after
    /// a quote) replaced by a private-use character, so that no column moves.
    static func renamingKey(at mark: Mark, in text: String, marker: Int) -> String? {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        Array(String($0).unicodeScalars)
      }
      let row = mark.line - 1
      var column = mark.column - 1
      guard lines.indices.contains(row), lines[row].indices.contains(column) else { return nil }
      if lines[row][column] == "\"" || lines[row][column] == "'" {
        column += 1
      }
      guard lines[row].indices.contains(column),
        let replacement = Unicode.Scalar(0xE000 + UInt32(marker))
      else { return nil }
      lines[row][column] = replacement
      return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }

    init(file: String, schema: SpecSchema) {
      self.file = file
      self.schema = schema
    }

    var start: SpecLocation { SpecLocation(file: file, line: 1, column: 1) }

    mutating func error(_ code: SpecDiagnostic.Code, _ location: SpecLocation, _ message: String) {
      diagnostics.append(SpecDiagnostic(code, at: location, message))
    }

    mutating func parse(_ text: String) -> Spec? {
      self.text = text
      if file.lowercased().hasSuffix(".json") {
        trailingCommas(text)
      }
      // Before Yams composes anything: hashing keys and copying the tree walk every alias's
      // expansion, which an alias bomb makes exponential.
      if let (line, column) = AliasBudget.overflow(in: text) {
        error(
          .syntax, SpecLocation(file: file, line: line, column: column),
          "aliases ('*name') would expand this spec by more than \(AliasBudget.limit) values, "
            + "far more than any spec needs (an alias bomb?); write the repeated values out, or "
            + "repeat fewer of them through aliases")
        return nil
      }
      var root: Node?
      var source = text
      // Yams stops at the first duplicate key, which would hide every other error: the first
      // of the two keys is renamed where it stands, reported once, and skipped when read.
      for renaming in 0...Self.duplicateKeyLimit {
        do {
          root = try Yams.Parser(yaml: source).singleRoot()
          break
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
          let location = SpecLocation(
            file: file, line: max(context.mark.line, 1), column: max(context.mark.column, 1))
          error(
            .duplicate, location, "key '\(duplicates.first ?? "")' is written twice; keep one")
          guard renaming < Self.duplicateKeyLimit, !renamedKeys.contains(location),
            let renamed = Self.renamingKey(at: context.mark, in: source, marker: renaming)
          else { return nil }
          renamedKeys.insert(location)
          source = renamed
        } catch let error as YamlError {
          syntaxError(error)
          return nil
        } catch {
          self.error(.syntax, start, "cannot read the spec: \(error)")
          return nil
        }
      }
      guard let root else {
        self.error(.missingKey, start, "the spec is empty; start it with 'finita: 1'")
        return nil
      }
      let node = SpecNode(root, file: file, fallback: start)
      guard case .mapping(let pairs, _) = node else {
        error(
          .wrongType, node.location,
          "a spec is a mapping of keys such as 'finita', 'machine' or 'feature', not "
            + node.kindDescription)
        return nil
      }
      let keys = Set(pairs.compactMap { $0.key.scalarText })
      let isFeature = keys.contains("feature") && !keys.contains("machine")
      let object = isFeature ? schema.feature : schema.machine
      guard
        let fields = mapping(node, object, what: isFeature ? "a feature spec" : "a machine spec")
      else { return nil }
      var version = 1
      if let value = fields["finita"] {
        if case .scalar(_, isPlain: true, _) = value,
          let number = value.scalarText.flatMap(Int.init), Spec.supportedVersions.contains(number)
        {
          version = number
        } else {
          error(
            .unsupportedVersion, value.location,
            "spec version \(value.kindDescription) is not supported; write 'finita: 1', a "
              + "number without quotes")
        }
      }
      if isFeature {
        return Spec(file: file, version: version, feature: feature(fields, at: node.location))
      }
      return Spec(file: file, version: version, machine: machine(fields, at: node.location))
    }

    mutating func syntaxError(_ error: YamlError) {
      switch error {
      case .scanner(let context, let problem, let mark, _),
        .parser(let context, let problem, let mark, _),
        .composer(let context, let problem, let mark, _):
        let location = SpecLocation(
          file: file, line: max(mark.line, 1), column: max(mark.column, 1))
        let detail = context.map { " (\($0.text))" } ?? ""
        self.error(
          .syntax, location,
          "malformed YAML or JSON: \(problem)\(detail)\(tabHint(near: mark.line))")
      case .reader(let problem, let offset, _, _):
        self.error(
          .syntax, start,
          "cannot read the text: \(problem)\(offset.map { " at byte \($0)" } ?? "")")
      case .duplicatedKeysInMapping(let duplicates, let context):
        let location = SpecLocation(
          file: file, line: max(context.mark.line, 1), column: max(context.mark.column, 1))
        self.error(
          .duplicate, location,
          "key '\(duplicates.joined(separator: "', '"))' is written twice; keep one")
      default:
        self.error(.syntax, start, "malformed YAML or JSON: \(error)")
      }
    }

    /// Reports each comma before a closing `]` or `}`: YAML reads it, JSON does not allow it.
    mutating func trailingCommas(_ text: String) {
      var line = 1
      var column = 0
      var inString = false
      var escaped = false
      var comma: SpecLocation?
      for character in text {
        column += 1
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          }
        } else if character == "\"" {
          inString = true
          comma = nil
        } else if character == "," {
          comma = SpecLocation(file: file, line: line, column: column)
        } else if character == "]" || character == "}", let location = comma {
          error(
            .syntax, location,
            "JSON does not allow a comma before '\(character)'; remove the comma")
          comma = nil
        } else if !character.isWhitespace {
          comma = nil
        }
        if character.isNewline {
          line += 1
          column = 0
        }
      }
    }

    /// A hint when the lines around a syntax error are indented with tabs, which YAML refuses.
    func tabHint(near line: Int) -> String {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let nearby = lines[max(0, line - 2)..<min(lines.count, max(0, line + 1))]
      guard nearby.contains(where: { $0.prefix { $0 == " " || $0 == "\t" }.contains("\t") })
      else { return "" }
      return "; the line is indented with a tab, which YAML does not allow: indent with spaces"
    }

    // MARK: Shapes

    /// The values of a mapping by key, after reporting unknown, duplicate and missing keys.
    mutating func mapping(_ node: SpecNode, _ object: SpecSchema.Object, what: String)
      -> [String: SpecNode]?
    {
      guard case .mapping(let pairs, let location) = node else {
        error(
          .wrongType, node.location, "expected \(what) (a mapping), found \(node.kindDescription)")
        return nil
      }
      var values: [String: SpecNode] = [:]
      for (key, value) in pairs where !renamedKeys.contains(key.location) {
        guard let name = key.scalarText else {
          error(
            .wrongType, key.location, "a key in \(what) must be a name, not \(key.kindDescription)")
          continue
        }
        guard object.allowed.contains(name) else {
          let hint = Self.suggestion(for: name, among: object.allowed).map {
            "did you mean '\($0)'? "
          }
          error(
            .unknownKey, key.location,
            "unknown key '\(name)' in \(what); \(hint ?? "")allowed keys: "
              + object.allowed.joined(separator: ", "))
          continue
        }
        if values[name] != nil {
          error(.duplicate, key.location, "key '\(name)' is written twice in \(what); keep one")
          continue
        }
        values[name] = value
      }
      for name in object.required where values[name] == nil {
        error(.missingKey, location, "\(what) needs the key '\(name)'")
      }
      return values
    }

    /// A name: a scalar that is not empty.
    mutating func name(_ node: SpecNode?, what: String) -> Located<String>? {
      let located = text(node, what: what)
      if let located, located.value.isEmpty {
        error(
          .invalidIdentifier, located.location,
          "\(what) is empty; give it a name, such as 'awaitingPayment'")
      }
      return located
    }

    /// A scalar's text, empty or not.
    mutating func text(_ node: SpecNode?, what: String) -> Located<String>? {
      guard let node else { return nil }
      guard case .scalar(let text, _, let location) = node, !node.isNull else {
        error(.wrongType, node.location, "expected \(what) (a name), found \(node.kindDescription)")
        return nil
      }
      return Located(text, at: location)
    }

    mutating func list(_ node: SpecNode?, what: String) -> [SpecNode] {
      guard let node, !node.isNull else { return [] }
      guard case .sequence(let items, _) = node else {
        error(.wrongType, node.location, "expected \(what) (a list), found \(node.kindDescription)")
        return []
      }
      return items
    }

    mutating func bool(_ node: SpecNode?, what: String) -> Bool {
      guard let node else { return false }
      switch node.scalarText {
      case "true", "yes", "True": return true
      case "false", "no", "False": return false
      default:
        error(
          .wrongType, node.location,
          "expected \(what) (true or false), found \(node.kindDescription)"
        )
        return false
      }
    }

    mutating func fields(_ node: SpecNode?, what: String) -> [SpecField] {
      guard let node, !node.isNull else { return [] }
      guard case .mapping(let pairs, _) = node else {
        error(
          .wrongType, node.location,
          "expected \(what) (a mapping of names to types), found \(node.kindDescription)")
        return []
      }
      var fields: [SpecField] = []
      for (key, value) in pairs where !renamedKeys.contains(key.location) {
        // YAML reads `[String]` unquoted as a list of one name: the array type.
        if case .sequence(let items, let location) = value, items.count == 1,
          let fieldName = name(key, what: "a field name"),
          let element = name(items[0], what: "the element type of '\(key.scalarText ?? "")'")
        {
          fields.append(
            SpecField(name: fieldName, type: Located("[\(element.value)]", at: location)))
          continue
        }
        guard let fieldName = name(key, what: "a field name"),
          let type = name(value, what: "the type of '\(key.scalarText ?? "")'")
        else { continue }
        fields.append(SpecField(name: fieldName, type: type))
      }
      return fields
    }

    mutating func cases(_ node: SpecNode?, what: String) -> [SpecCase] {
      var cases: [SpecCase] = []
      for item in list(node, what: "the \(what)") {
        if case .mapping = item {
          guard let values = mapping(item, schema.caseObject, what: "a \(what) entry"),
            let caseName = name(values["name"], what: "a name")
          else { continue }
          let summary = values["summary"].flatMap { text($0, what: "a summary") }?.value
          cases.append(
            SpecCase(
              name: caseName, payload: fields(values["payload"], what: "a payload"),
              summary: summary))
        } else if let caseName = name(item, what: "a name in the \(what)") {
          cases.append(SpecCase(name: caseName))
        }
      }
      return cases
    }

    // MARK: Machine and feature

    mutating func machine(_ fields: [String: SpecNode], at location: SpecLocation) -> MachineSpec {
      let machineName =
        name(fields["machine"], what: "the machine's name") ?? Located("", at: location)
      var machine = MachineSpec(name: machineName)
      machine.summary = text(fields["summary"], what: "a summary")?.value
      machine.states = cases(fields["states"], what: "states")
      machine.events = cases(fields["events"], what: "events")
      machine.outputs = cases(fields["outputs"], what: "outputs")
      machine.initial = name(fields["initial"], what: "the initial state")
      machine.finals = list(fields["final"], what: "the final states").compactMap {
        name($0, what: "a final state")
      }
      machine.stateOutputs = stateOutputs(fields["stateOutputs"], key: "stateOutputs")
      machine.entryOutputs = stateOutputs(fields["entryOutputs"], key: "entryOutputs")
      machine.exitOutputs = stateOutputs(fields["exitOutputs"], key: "exitOutputs")
      for item in list(fields["transitions"], what: "the transitions") {
        if let transition = transition(item) {
          machine.transitions.append(transition)
        }
      }
      for item in list(fields["scenarios"], what: "the scenarios") {
        let steps = list(item, what: "a scenario").compactMap { step($0) }
        machine.scenarios.append(SpecScenario(steps: steps, location: item.location))
      }
      return machine
    }

    /// A mapping of states to outputs: `stateOutputs`, `entryOutputs` or `exitOutputs`.
    mutating func stateOutputs(_ node: SpecNode?, key: String) -> [SpecStateOutput] {
      guard let node, !node.isNull else { return [] }
      guard case .mapping(let pairs, _) = node else {
        error(
          .wrongType, node.location,
          "expected '\(key)' to map states to outputs, found \(node.kindDescription)")
        return []
      }
      var outputs: [SpecStateOutput] = []
      for (key, value) in pairs where !renamedKeys.contains(key.location) {
        guard let state = name(key, what: "a state"), let output = name(value, what: "an output")
        else { continue }
        outputs.append(SpecStateOutput(state: state, output: output))
      }
      return outputs
    }

    mutating func transition(_ node: SpecNode) -> SpecTransition? {
      guard let values = mapping(node, schema.transition, what: "a transition"),
        let event = name(values["on"], what: "an event")
      else { return nil }
      let guardName = name(values["guard"], what: "a guard name")
      let output = name(values["output"], what: "an output")
      if let within = values["within"] {
        for key in ["from", "to"] where values[key] != nil {
          error(
            .wrongType, values[key]?.location ?? node.location,
            "a transition with 'within' stays in its state; remove '\(key)'")
        }
        guard let state = name(within, what: "a state") else { return nil }
        return SpecTransition(
          from: state, event: event, to: state, guardName: guardName, output: output,
          isInternal: true, location: node.location)
      }
      var missing = false
      for key in ["from", "to"] where values[key] == nil {
        error(
          .missingKey, node.location,
          "a transition needs '\(key)' (or 'within' for one that stays in its state)")
        missing = true
      }
      guard !missing, let from = name(values["from"], what: "a state"),
        let to = name(values["to"], what: "a state")
      else { return nil }
      return SpecTransition(
        from: from, event: event, to: to, guardName: guardName, output: output,
        location: node.location)
    }

    mutating func step(_ node: SpecNode) -> SpecStep? {
      if case .mapping(let pairs, let location) = node {
        guard pairs.count == 1, let (key, value) = pairs.first else {
          error(
            .wrongType, location,
            "a step with values maps one event to its fields' values, such as "
              + "'{ scan: { total: 120 } }'; write one event per step")
          return nil
        }
        guard var step = step(key) else { return nil }
        step.arguments = arguments(value, step: step)
        return step
      }
      guard let text = name(node, what: "a step ('event' or 'event if guard')") else { return nil }
      let words = text.value.split(separator: " ").map(String.init)
      guard let first = words.first else {
        error(.wrongType, node.location, "a step names an event: 'coin' or 'insert if enough'")
        return nil
      }
      var accepting: [String] = []
      if words.count > 1 {
        // After `if`: a guard, then `and guard` as often as needed.
        let guards = Array(words.dropFirst(2))
        let wellFormed =
          words[1] == "if" && guards.count % 2 == 1
          && guards.enumerated().allSatisfy { ($0.offset % 2 == 1) == ($0.element == "and") }
        guard wellFormed else {
          error(
            .wrongType, node.location,
            "cannot read the step '\(text.value)'; write 'event' or 'event if guard and guard', "
              + "a guard on each side of every 'and'")
          return nil
        }
        accepting = guards.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      }
      return SpecStep(event: Located(first, at: text.location), accepting: accepting)
    }

    /// The values of a step's fields: a mapping of field names to values.
    mutating func arguments(_ node: SpecNode, step: SpecStep) -> [SpecArgument] {
      guard !node.isNull else { return [] }
      guard case .mapping(let pairs, _) = node else {
        error(
          .wrongType, node.location,
          "expected the values of '\(step.event.value)' (a mapping of field names to values, such "
            + "as '{ total: 120 }'), found \(node.kindDescription)")
        return []
      }
      var arguments: [SpecArgument] = []
      for (key, value) in pairs where !renamedKeys.contains(key.location) {
        guard let field = name(key, what: "a field name") else { continue }
        if arguments.contains(where: { $0.field.value == field.value }) {
          error(.duplicate, key.location, "the field '\(field.value)' is given twice; keep one")
          continue
        }
        guard let literal = literal(value) else { continue }
        arguments.append(SpecArgument(field: field, value: literal, location: value.location))
      }
      return arguments
    }

    /// A value as written: a scalar, a list of values, or null.
    mutating func literal(_ node: SpecNode) -> SpecLiteral? {
      switch node {
      case .scalar(let text, let isPlain, _):
        return node.isNull ? .null : .scalar(text, isPlain: isPlain)
      case .sequence(let items, _):
        var values: [SpecLiteral] = []
        for item in items {
          guard let value = literal(item) else { return nil }
          values.append(value)
        }
        return .list(values)
      case .mapping, .alias:
        error(
          .wrongType, node.location,
          "expected a value (a number, true or false, a text or a list), found "
            + node.kindDescription)
        return nil
      }
    }

    mutating func feature(_ fields: [String: SpecNode], at location: SpecLocation) -> FeatureSpec {
      let featureName =
        name(fields["feature"], what: "the feature's name") ?? Located("", at: location)
      var feature = FeatureSpec(name: featureName)
      feature.summary = text(fields["summary"], what: "a summary")?.value
      feature.stateFields = self.fields(fields["state"], what: "the state")
      feature.wishes = cases(fields["wishes"], what: "wishes")
      feature.effects = cases(fields["effects"], what: "effects")
      feature.news = cases(fields["news"], what: "news")
      if let parts = fields["parts"], !parts.isNull,
        let values = mapping(parts, schema.parts, what: "the parts")
      {
        feature.hasBootstrapper = bool(values["bootstrapper"], what: "'bootstrapper'")
        feature.hasPostProcessor = bool(values["postProcessor"], what: "'postProcessor'")
        feature.isAsync = bool(values["async"], what: "'async'")
      }
      for item in list(fields["scenarios"], what: "the scenarios") {
        let steps = list(item, what: "a scenario").compactMap { step($0) }
        feature.scenarios.append(SpecScenario(steps: steps, location: item.location))
      }
      return feature
    }

    /// The closest of `candidates` to `name`, when one is close enough to be a typo.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
      let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
      guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, name.count / 3) else {
        return nil
      }
      return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
      let a = Array(a)
      let b = Array(b)
      guard !a.isEmpty else { return b.count }
      guard !b.isEmpty else { return a.count }
      var beforePrevious = Array(0...b.count)
      var previous = Array(0...b.count)
      for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
          current[j] = min(
            previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
          // Two neighbours swapped (`gaurd` for `guard`) count as one typo.
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            current[j] = min(current[j], beforePrevious[j - 2] + 1)
          }
        }
        beforePrevious = previous
        previous = current
      }
      return previous[b.count]
    }
  }

  extension SpecNode {
    /// The text of a scalar that is not null.
    var scalarText: String? {
      if case .scalar(let text, _, _) = self, !isNull { return text }
      return nil
    }
  }
#endif  // Spec
