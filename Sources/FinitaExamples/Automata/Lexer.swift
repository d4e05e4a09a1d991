import FinitaAutomaton

/// A token of a small expression language: names, numbers and operators, with `#` comments.
public struct Token: Hashable, Sendable {
  /// What the token is.
  public enum Kind: Hashable, Sendable {
    case identifier, integer, decimal, symbol
  }

  /// What the token is.
  public let kind: Kind
  /// Its bytes in the source.
  public let range: Range<Int>

  /// Creates a token.
  ///
  /// - Parameters:
  ///   - kind: What the token is.
  ///   - range: Its bytes in the source.
  public init(_ kind: Kind, _ range: Range<Int>) {
    self.kind = kind
    self.range = range
  }
}

/// Source text that does not lex: where, and why.
public struct LexError: Error, Hashable, Sendable, CustomStringConvertible {
  internal enum Code: Hashable, Sendable {
    case unexpectedCharacter, incompleteToken
  }

  internal let code: Code
  /// The 1-based line of the offending byte.
  public let line: Int
  /// The 1-based column (in bytes) of the offending byte.
  public let column: Int
  /// What went wrong and how to fix it.
  public let message: String

  /// A byte that starts no token, such as `$`.
  public static var unexpectedCharacter: Self {
    Self(code: .unexpectedCharacter, line: 0, column: 0, message: "unexpected character")
  }

  /// A token cut short, such as `1.` without a digit or `!` without `=`.
  public static var incompleteToken: Self {
    Self(code: .incompleteToken, line: 0, column: 0, message: "incomplete token")
  }

  /// Errors of the same kind are equal, whatever their details.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

  /// Hashes the kind.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// The message.
  public var description: String { message }

  init(_ code: Code, in source: [UInt8], at offset: Int, _ reason: String) {
    var line = 1
    var lineStart = 0
    for index in 0..<offset where source[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    self.init(
      code: code, line: line, column: offset - lineStart + 1,
      message: "\(reason) at line \(line), column \(offset - lineStart + 1).")
  }

  private init(code: Code, line: Int, column: Int, message: String) {
    self.code = code
    self.line = line
    self.column = column
    self.message = message
  }
}

/// One byte of source, as the lexer's automaton sees it: its class is the event's kind.
public struct LexByte: AutomatonEvent {
  /// The classes of bytes the lexer tells apart.
  public enum Kind: UInt8, Hashable, CaseIterable, Sendable {
    case letter, digit, dot, single, equals, less, greater, bang, space, newline, hash, other
  }

  /// The byte.
  public let byte: UInt8
  /// Its class.
  public let kind: Kind

  /// Classifies `byte`.
  ///
  /// - Parameter byte: A byte of UTF-8 source.
  @inlinable
  public init(_ byte: UInt8) {
    self.byte = byte
    self.kind = Kind(rawValue: LexByte.classes[Int(byte)]) ?? .other
  }

  /// The class of every byte, by value.
  @usableFromInline
  static let classes: [UInt8] = (0...255).map { value -> UInt8 in
    let kind: Kind =
      switch UInt8(value) {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"):
        .letter
      case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
      case UInt8(ascii: "."): .dot
      case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"),
        UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ";"):
        .single
      case UInt8(ascii: "="): .equals
      case UInt8(ascii: "<"): .less
      case UInt8(ascii: ">"): .greater
      case UInt8(ascii: "!"): .bang
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): .space
      case UInt8(ascii: "\n"): .newline
      case UInt8(ascii: "#"): .hash
      default: .other
      }
    return kind.rawValue
  }
}

/// A lexer whose token rules are an automaton: a deterministic finite automaton over byte
/// classes, whose accepting states carry the kind of token they end (Moore outputs).
///
/// The lexer takes the longest match: it steps the automaton until a byte has no transition,
/// then emits the token of the state reached (or reports an error when that state accepts
/// nothing) and starts again from `start` with that byte. Whitespace and comments are read
/// and dropped. ``HandWrittenScanner`` reads the same language with `switch` statements, for
/// the benchmark and the differential test.
public enum AutomatonLexer {
  /// The lexer's states.
  public enum State: Hashable, CaseIterable, Sendable {
    case start, identifier, integer, integerDot, decimal, single
    case equals, less, greater, bang, comparison, space, comment
  }

  /// What an accepting state ends: a token, or text to drop.
  public enum Accepted: Hashable, Sendable {
    case token(Token.Kind)
    case skipped
  }

  /// The token rules.
  public static let automaton = Automaton<State, LexByte, Accepted> {
    Initial(.start)
    Transition(from: .start, to: .identifier, by: .letter)
    Transition(from: .start, to: .integer, by: .digit)
    Transition(from: .start, to: .single, by: .single)
    Transition(from: .start, to: .equals, by: .equals)
    Transition(from: .start, to: .less, by: .less)
    Transition(from: .start, to: .greater, by: .greater)
    Transition(from: .start, to: .bang, by: .bang)
    Transition(from: .start, to: .space, by: .space)
    Transition(from: .start, to: .space, by: .newline)
    Transition(from: .start, to: .comment, by: .hash)
    Transition(within: .identifier, by: .letter)
    Transition(within: .identifier, by: .digit)
    Transition(within: .integer, by: .digit)
    Transition(from: .integer, to: .integerDot, by: .dot)
    Transition(from: .integerDot, to: .decimal, by: .digit)
    Transition(within: .decimal, by: .digit)
    for state in [State.equals, .less, .greater, .bang] {
      Transition(from: state, to: .comparison, by: .equals)
    }
    Transition(within: .space, by: .space)
    Transition(within: .space, by: .newline)
    for kind in LexByte.Kind.allCases where kind != .newline {
      Transition(within: .comment, by: kind)
    }
    StateOutput(.identifier, .token(.identifier))
    StateOutput(.integer, .token(.integer))
    StateOutput(.decimal, .token(.decimal))
    for state in [State.single, .equals, .less, .greater, .comparison] {
      StateOutput(state, .token(.symbol))
    }
    StateOutput(.space, .skipped)
    StateOutput(.comment, .skipped)
  }

  /// The tokens of `source`, whitespace and comments dropped.
  ///
  /// - Parameter source: UTF-8 source text.
  /// - Returns: The tokens in order.
  /// - Throws: ``LexError`` at the first byte that starts no token or cuts one short.
  public static func tokens(in source: [UInt8]) throws(LexError) -> [Token] {
    let automaton = automaton
    var tokens: [Token] = []
    var machine = AutomatonMachine(automaton, state: .start, undefinedEvents: .report)
    var start = 0
    var index = 0
    while index <= source.count {
      if index < source.count {
        switch try? machine.step(LexByte(source[index])) {
        case .transitioned?, .stayed?:
          index += 1
          continue
        default:
          break
        }
      }
      // No transition (or the end): the longest match ends here.
      switch automaton.output(in: machine.state) {
      case .token(let kind)?:
        tokens.append(Token(kind, start..<index))
      case .skipped?:
        break
      case nil:
        if machine.state == .start {
          if index == source.count { return tokens }
          throw LexError(.unexpectedCharacter, in: source, at: index, "Unexpected character")
        }
        let reason =
          machine.state == .bang ? "Expected '=' after '!'" : "Expected a digit after '.'"
        throw LexError(.incompleteToken, in: source, at: index, reason)
      }
      machine = AutomatonMachine(automaton, state: .start, undefinedEvents: .report)
      start = index
    }
    return tokens
  }
}

/// The same language as ``AutomatonLexer``, scanned by hand with `switch` statements: the
/// baseline of the lexer benchmark and the reference of its differential test.
public enum HandWrittenScanner {
  /// The tokens of `source`, whitespace and comments dropped.
  ///
  /// - Parameter source: UTF-8 source text.
  /// - Returns: The tokens in order.
  /// - Throws: ``LexError`` as ``AutomatonLexer/tokens(in:)`` does.
  public static func tokens(in source: [UInt8]) throws(LexError) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    func kind(at index: Int) -> LexByte.Kind {
      index < source.count ? LexByte(source[index]).kind : .other
    }
    while index < source.count {
      let start = index
      switch kind(at: index) {
      case .letter:
        index += 1
        while kind(at: index) == .letter || kind(at: index) == .digit { index += 1 }
        tokens.append(Token(.identifier, start..<index))
      case .digit:
        while kind(at: index) == .digit { index += 1 }
        guard kind(at: index) == .dot else {
          tokens.append(Token(.integer, start..<index))
          continue
        }
        index += 1
        guard kind(at: index) == .digit else {
          throw LexError(.incompleteToken, in: source, at: index, "Expected a digit after '.'")
        }
        while kind(at: index) == .digit { index += 1 }
        tokens.append(Token(.decimal, start..<index))
      case .single:
        index += 1
        tokens.append(Token(.symbol, start..<index))
      case .equals, .less, .greater, .bang:
        let isBang = kind(at: index) == .bang
        index += 1
        if kind(at: index) == .equals {
          index += 1
        } else if isBang {
          throw LexError(.incompleteToken, in: source, at: index, "Expected '=' after '!'")
        }
        tokens.append(Token(.symbol, start..<index))
      case .space, .newline:
        index += 1
      case .hash:
        while index < source.count && kind(at: index) != .newline { index += 1 }
      case .dot, .other:
        throw LexError(.unexpectedCharacter, in: source, at: index, "Unexpected character")
      }
    }
    return tokens
  }
}
