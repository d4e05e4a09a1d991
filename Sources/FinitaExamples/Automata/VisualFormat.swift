import FinitaAutomaton

/// A layout described in Apple's Visual Format Language, such as `H:|-[button]-8-[label(>=50)]-|`.
public struct VisualFormat: Hashable, Sendable {
  /// The axis the format lays out along.
  public enum Orientation: Hashable, Sendable {
    case horizontal, vertical
  }

  /// A relation in a predicate: `==`, `<=` or `>=`.
  public enum Relation: String, Hashable, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
  }

  /// A constraint on a size or a space: `>=50`, `==button`, `20@750`.
  public struct Predicate: Hashable, Sendable {
    /// The relation; `==` when none is written.
    public var relation: Relation
    /// A number, or the name of a metric or of another view.
    public var object: String
    /// The priority after `@`, or `nil`.
    public var priority: Int?

    /// Creates a predicate.
    ///
    /// - Parameters:
    ///   - relation: The relation.
    ///   - object: A number or a name.
    ///   - priority: The priority, if any.
    public init(_ relation: Relation, _ object: String, priority: Int? = nil) {
      self.relation = relation
      self.object = object
      self.priority = priority
    }

    /// Creates a predicate with the relation `==`.
    ///
    /// - Parameters:
    ///   - object: A number or a name.
    ///   - priority: The priority, if any.
    public init(_ object: String, priority: Int? = nil) {
      self.init(.equal, object, priority: priority)
    }
  }

  /// The space between two neighbours.
  public enum Spacing: Hashable, Sendable {
    /// `-`: the standard space.
    case standard
    /// Nothing between them: `[a][b]` or `|[a]`.
    case flush
    /// `-8-` or `-gap-`: one predicate, a number or a metric.
    case predicates([Predicate])
  }

  /// One element of the format, left to right.
  public enum Item: Hashable, Sendable {
    /// `|`: the superview's edge.
    case superview
    /// `[name(predicates)]`: a view and the predicates on its size.
    case view(String, [Predicate])
    /// The space between the items on either side.
    case space(Spacing)
  }

  /// The axis; horizontal unless `V:` is written.
  public var orientation: Orientation
  /// The items in order.
  public var items: [Item]

  /// Parses a format string; the characters are read by ``VisualFormatParser/automaton``.
  ///
  /// - Parameter format: The format, such as `"H:|-[button]-8-[label(>=50)]-|"`.
  /// - Throws: ``VisualFormatError`` pointing at the first character that does not fit.
  public init(parsing format: String) throws(VisualFormatError) {
    self = try VisualFormatParser.parse(format)
  }

  init(orientation: Orientation, items: [Item]) {
    self.orientation = orientation
    self.items = items
  }
}

/// A format string that does not parse: what was found, where, and what would fit there.
public struct VisualFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  internal enum Code: Hashable, Sendable {
    case unexpectedCharacter, unexpectedEnd
  }

  internal let code: Code
  /// The 1-based column of the offending character, or one past the end.
  public let column: Int
  /// The characters, or `end of format`, that the parser accepts there.
  public let expected: [String]
  /// What went wrong and how to fix it, with the format and a caret under the column.
  public let message: String

  /// A character that no rule accepts where it stands.
  public static var unexpectedCharacter: Self {
    Self(code: .unexpectedCharacter, column: 0, expected: [], message: "unexpected character")
  }

  /// The format ends where something else must follow.
  public static var unexpectedEnd: Self {
    Self(code: .unexpectedEnd, column: 0, expected: [], message: "unexpected end")
  }

  /// Errors of the same kind are equal, whatever their details.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// The message.
  public var description: String { message }
}

/// One character of a format, as the automaton sees it: its class is the event's kind.
public struct VisualFormatCharacter: AutomatonEvent {
  /// The classes of characters the grammar tells apart.
  public enum Kind: String, Hashable, CaseIterable, Sendable {
    case letter = "a letter"
    case digit = "a digit"
    case bar = "'|'"
    case dash = "'-'"
    case colon = "':'"
    case openBracket = "'['"
    case closeBracket = "']'"
    case openParen = "'('"
    case closeParen = "')'"
    case equals = "'='"
    case less = "'<'"
    case greater = "'>'"
    case comma = "','"
    case at = "'@'"
    case end = "end of format"
    case other = "anything else"
  }

  /// The character, or `nil` at the end.
  public let character: Character?
  /// Its class.
  public let kind: Kind

  /// Classifies `character`; `nil` is the end of the format.
  ///
  /// - Parameter character: The character.
  public init(_ character: Character?) {
    self.character = character
    guard let character else {
      kind = .end
      return
    }
    switch character {
    case "|": kind = .bar
    case "-": kind = .dash
    case ":": kind = .colon
    case "[": kind = .openBracket
    case "]": kind = .closeBracket
    case "(": kind = .openParen
    case ")": kind = .closeParen
    case "=": kind = .equals
    case "<": kind = .less
    case ">": kind = .greater
    case ",": kind = .comma
    case "@": kind = .at
    case _ where character.isASCII && character.isNumber: kind = .digit
    case _ where character.isASCII && (character.isLetter || character == "_"): kind = .letter
    default: kind = .other
    }
  }
}

/// Where the parser stands in a format; the predicate states exist once inside a view's
/// parentheses and once inside a space's.
public enum VisualFormatState: Hashable, Sendable, CustomStringConvertible {
  /// Where a predicate list is.
  public enum Context: Hashable, Sendable {
    case view, space
  }

  case start, orientation, afterColon, leadingBar
  case viewOpen, viewName, afterView
  case dash, spaceNumber, spaceMetric, spaceEnd, trailingBar, done
  case predicateStart(Context)
  case relation(Context)
  case relationEnd(Context)
  case predicateNumber(Context)
  case predicateName(Context)
  case priorityStart(Context)
  case priority(Context)
  case predicatesClosed(Context)

  /// What the parser was reading, for error messages.
  public var description: String {
    switch self {
    case .start: "at the start"
    case .orientation: "after the orientation"
    case .afterColon: "after ':'"
    case .leadingBar: "after the leading '|'"
    case .viewOpen: "after '['"
    case .viewName: "in a view name"
    case .afterView: "after a view"
    case .dash: "after '-'"
    case .spaceNumber, .spaceMetric: "in a space"
    case .spaceEnd: "after a space"
    case .trailingBar: "after the trailing '|'"
    case .done: "after the end"
    case .predicateStart: "at the start of a predicate"
    case .relation, .relationEnd: "in a relation"
    case .predicateNumber, .predicateName: "in a predicate"
    case .priorityStart, .priority: "in a priority"
    case .predicatesClosed: "after ')'"
    }
  }
}

/// The parser: an automaton over character classes accepts the grammar, and the parser reads
/// names, numbers and relations off the transitions it takes.
public enum VisualFormatParser {
  typealias Row = Transition<VisualFormatState, VisualFormatCharacter, Never>

  /// The grammar as a transition table over character classes.
  public static let automaton = Automaton<VisualFormatState, VisualFormatCharacter, Never> {
    Initial(.start)
    Transition(from: .start, to: .orientation, by: .letter)
      .guarded("H or V") { _, event in event.character == "H" || event.character == "V" }
    Transition(from: .start, to: .leadingBar, by: .bar)
    Transition(from: .start, to: .viewOpen, by: .openBracket)
    Transition(from: .orientation, to: .afterColon, by: .colon)
    Transition(from: .afterColon, to: .leadingBar, by: .bar)
    Transition(from: .afterColon, to: .viewOpen, by: .openBracket)
    Transition(from: .leadingBar, to: .dash, by: .dash)
    Transition(from: .leadingBar, to: .viewOpen, by: .openBracket)
    // A view: [name] or [name(predicates)].
    Transition(from: .viewOpen, to: .viewName, by: .letter)
    Transition(from: .viewName, to: .viewName, by: .letter)
    Transition(from: .viewName, to: .viewName, by: .digit)
    Transition(from: .viewName, to: .afterView, by: .closeBracket)
    Transition(from: .viewName, to: .predicateStart(.view), by: .openParen)
    Transition(from: .predicatesClosed(.view), to: .afterView, by: .closeBracket)
    Transition(from: .afterView, to: .dash, by: .dash)
    Transition(from: .afterView, to: .viewOpen, by: .openBracket)
    Transition(from: .afterView, to: .trailingBar, by: .bar)
    Transition(from: .afterView, to: .done, by: .end)
    // A space: -, -8-, -gap- or -(predicates)-.
    Transition(from: .dash, to: .viewOpen, by: .openBracket)
    Transition(from: .dash, to: .trailingBar, by: .bar)
    Transition(from: .dash, to: .spaceNumber, by: .digit)
    Transition(from: .dash, to: .spaceMetric, by: .letter)
    Transition(from: .dash, to: .predicateStart(.space), by: .openParen)
    Transition(from: .spaceNumber, to: .spaceNumber, by: .digit)
    Transition(from: .spaceNumber, to: .spaceEnd, by: .dash)
    Transition(from: .spaceMetric, to: .spaceMetric, by: .letter)
    Transition(from: .spaceMetric, to: .spaceMetric, by: .digit)
    Transition(from: .spaceMetric, to: .spaceEnd, by: .dash)
    Transition(from: .predicatesClosed(.space), to: .spaceEnd, by: .dash)
    Transition(from: .spaceEnd, to: .viewOpen, by: .openBracket)
    Transition(from: .spaceEnd, to: .trailingBar, by: .bar)
    Transition(from: .trailingBar, to: .done, by: .end)
    Final(.done)
    for context in [VisualFormatState.Context.view, .space] {
      predicateRows(context)
    }
  }

  /// `(relation? object (@priority)?, ...)` inside a view or a space.
  static func predicateRows(_ context: VisualFormatState.Context) -> [Row] {
    [
      Row(from: .predicateStart(context), to: .relation(context), by: .equals),
      Row(from: .predicateStart(context), to: .relation(context), by: .less),
      Row(from: .predicateStart(context), to: .relation(context), by: .greater),
      Row(from: .relation(context), to: .relationEnd(context), by: .equals),
      Row(from: .predicateStart(context), to: .predicateNumber(context), by: .digit),
      Row(from: .predicateStart(context), to: .predicateName(context), by: .letter),
      Row(from: .relationEnd(context), to: .predicateNumber(context), by: .digit),
      Row(from: .relationEnd(context), to: .predicateName(context), by: .letter),
      Row(from: .predicateNumber(context), to: .predicateNumber(context), by: .digit),
      Row(from: .predicateName(context), to: .predicateName(context), by: .letter),
      Row(from: .predicateName(context), to: .predicateName(context), by: .digit),
      Row(from: .priorityStart(context), to: .priority(context), by: .digit),
      Row(from: .priority(context), to: .priority(context), by: .digit),
    ]
      + [VisualFormatState.predicateNumber(context), .predicateName(context), .priority(context)]
      .flatMap { state in
        [
          Row(from: state, to: .predicateStart(context), by: .comma),
          Row(from: state, to: .predicatesClosed(context), by: .closeParen),
        ]
      }
      + [
        Row(from: .predicateNumber(context), to: .priorityStart(context), by: .at),
        Row(from: .predicateName(context), to: .priorityStart(context), by: .at),
      ]
  }

  /// Parses `format` by stepping ``automaton`` through its characters.
  static func parse(_ format: String) throws(VisualFormatError) -> VisualFormat {
    var reader = Reader()
    var machine = AutomatonMachine(automaton, state: .start, undefinedEvents: .report)
    var column = 0
    for character in Array(format) + [nil] {
      column += 1
      let event = VisualFormatCharacter(character)
      let from = machine.state
      guard case .transitioned(_, let to, _) = try? machine.step(event) else {
        throw error(format, column: column, state: from, event: event)
      }
      reader.read(event.character, from: from, to: to)
    }
    return VisualFormat(orientation: reader.orientation, items: reader.items)
  }

  /// The error for `event`, which no row takes in `state`; the expected characters come from
  /// the table itself.
  static func error(
    _ format: String, column: Int, state: VisualFormatState, event: VisualFormatCharacter
  ) -> VisualFormatError {
    var expected = automaton.transitions.filter { $0.from == state }.map(\.kind.rawValue)
    if state == .start {
      expected[0] = "'H' or 'V'"
    }
    expected = expected.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    let found = event.character.map { "'\($0)'" } ?? "end of format"
    let list =
      expected.count > 1
      ? expected.dropLast().joined(separator: ", ") + " or " + expected[expected.count - 1]
      : expected.first ?? "nothing"
    let caret = String(repeating: " ", count: column - 1) + "^"
    return VisualFormatError(
      code: event.character == nil ? .unexpectedEnd : .unexpectedCharacter,
      column: column,
      expected: expected,
      message: """
        Unexpected \(found) at column \(column) \(state): expected \(list).
        \(format)
        \(caret)
        """
    )
  }

  /// Builds the items from the transitions taken.
  struct Reader {
    var orientation = VisualFormat.Orientation.horizontal
    var items: [VisualFormat.Item] = []
    var text = ""
    var viewName = ""
    var predicates: [VisualFormat.Predicate] = []
    var predicate = VisualFormat.Predicate("")
    var relationText = ""
    var spacing = VisualFormat.Spacing.standard

    mutating func read(
      _ character: Character?, from: VisualFormatState, to: VisualFormatState
    ) {
      if from != to { finish(from) }
      switch to {
      case .orientation:
        orientation = character == "V" ? .vertical : .horizontal
      case .leadingBar:
        items.append(.superview)
      case .viewOpen, .trailingBar:
        switch from {
        case .leadingBar, .afterView: items.append(.space(.flush))
        case .dash, .spaceEnd: items.append(.space(spacing))
        default: break
        }
        if to == .trailingBar { items.append(.superview) }
        predicates = []
      case .dash:
        spacing = .standard
      case .viewName, .spaceNumber, .spaceMetric, .predicateNumber, .predicateName, .priority:
        if from != to { text = "" }
        if let character { text.append(character) }
      case .predicateStart:
        if from != to, case .dash = from { predicates = [] }
        if case .viewName = from { predicates = [] }
        predicate = VisualFormat.Predicate("")
        relationText = ""
      case .relation, .relationEnd:
        if let character { relationText.append(character) }
      case .afterView:
        items.append(.view(viewName, predicates))
      case .spaceEnd:
        if case .predicatesClosed = from { spacing = .predicates(predicates) }
      default:
        break
      }
    }

    /// Ends the token read in `state`.
    mutating func finish(_ state: VisualFormatState) {
      switch state {
      case .viewName:
        viewName = text
      case .spaceNumber, .spaceMetric:
        spacing = .predicates([VisualFormat.Predicate(text)])
      case .relationEnd:
        predicate.relation = VisualFormat.Relation(rawValue: relationText) ?? .equal
      case .predicateNumber, .predicateName:
        predicate.object = text
        predicates.append(predicate)
      case .priority:
        predicates[predicates.count - 1].priority = Int(text)
      default:
        break
      }
    }
  }
}
