/// Where a token starts in DOT source: its byte offset. The line and column are computed from
/// the source when a message names them (``DOTSource/location(of:in:)``), so reading a file
/// counts no lines and a token stays small.
package struct DOTPosition: Sendable, Equatable {
  package let offset: Int

  static let start = DOTPosition(offset: 0)
}

/// A token of the DOT language: its kind and the bytes it covers.
internal struct DOTToken {
  enum Kind: UInt8, Equatable {
    /// A bare identifier or numeral.
    case identifier
    /// A quoted string; `start..<end` is inside the quotes.
    case quoted
    /// An HTML string `<...>`; `start..<end` is inside the outer angle brackets.
    case html
    case directedEdge
    case undirectedEdge
    case openBrace
    case closeBrace
    case openBracket
    case closeBracket
    case equals
    case semicolon
    case comma
    case colon
    case plus
    case end
  }

  var kind: Kind
  /// The token's own text, without quotes or angle brackets.
  var start: Int
  var end: Int
  var position: DOTPosition
  /// A quoted string holds `\"`, `\\` or an escaped line break, so its text needs decoding.
  var escaped = false
  /// The keyword an identifier spells, in any case; found once by the lexer, since the parser
  /// asks several times per statement.
  var keyword: DOTKeyword?
}

/// The keywords of the DOT language.
internal enum DOTKeyword: UInt8 {
  case strict, graph, digraph, node, edge, subgraph

  /// The keyword `bytes[start..<end]` spells, in any case.
  @inline(__always)
  static func spelled(
    by bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> DOTKeyword? {
    let length = end - start
    guard length >= 4 && length <= 8 else { return nil }
    func spells(_ word: StaticString) -> Bool {
      guard word.utf8CodeUnitCount == length else { return false }
      let letters = word.utf8Start
      for offset in 0..<length where bytes[start + offset] | 0x20 != letters[offset] {
        return false
      }
      return true
    }
    switch bytes[start] | 0x20 {
    case UInt8(ascii: "s"):
      return spells("strict") ? .strict : spells("subgraph") ? .subgraph : nil
    case UInt8(ascii: "g"): return spells("graph") ? .graph : nil
    case UInt8(ascii: "d"): return spells("digraph") ? .digraph : nil
    case UInt8(ascii: "n"): return spells("node") ? .node : nil
    case UInt8(ascii: "e"): return spells("edge") ? .edge : nil
    default: return nil
    }
  }
}

/// Splits DOT source, as UTF-8 bytes, into tokens, one at a time.
///
/// Lines end at LF, CRLF or a lone CR. Comments are `//` and `/* */`; a line whose first
/// non-blank character is `#` is a preprocessor line and is skipped.
internal struct DOTLexer {
  let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// Nothing but blanks since the last line break, so `#` starts a preprocessor line.
  private var atLineStart = true

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var position: DOTPosition { DOTPosition(offset: index) }

  @inline(__always)
  private func byte(at offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }

  /// Consumes a line break at `index` (LF, CRLF or CR), if there is one.
  @inline(__always)
  private mutating func skipLineBreak() {
    let current = byte(at: index)
    if current == .lf {
      index += 1
    } else if current == .cr {
      index += byte(at: index + 1) == .lf ? 2 : 1
    }
  }

  private mutating func skipTrivia() throws(DOTImportError) {
    while index < bytes.count {
      let current = bytes[index]
      switch current {
      case .space, .tab, 0x0B, 0x0C:
        index += 1
      case .lf, .cr:
        index += 1
        atLineStart = true
      case .slash where byte(at: index + 1) == .slash:
        skipToLineEnd()
      case .slash where byte(at: index + 1) == .star:
        let start = position
        index += 2
        while index < bytes.count {
          if bytes[index] == .star && byte(at: index + 1) == .slash {
            break
          }
          index += 1
        }
        guard index < bytes.count else {
          throw DOTSource.error(
            .syntax, at: start, in: bytes,
            message: "The comment that starts here is never closed.",
            hint: "End it with */."
          )
        }
        index += 2
      case .hash:
        guard atLineStart else {
          throw DOTSource.error(
            .syntax, at: position, in: bytes,
            message: "Unexpected character '#'.",
            hint: """
              '#' starts a preprocessor line only as the first character of a line; quote text \
              that holds it: "a#b"; write comments as // or /* */.
              """
          )
        }
        skipToLineEnd()
      default:
        return
      }
    }
  }

  private mutating func skipToLineEnd() {
    while index < bytes.count && bytes[index] != .lf && bytes[index] != .cr {
      index += 1
    }
  }

  /// The next token; at the end of the source, an `.end` token.
  mutating func next() throws(DOTImportError) -> DOTToken {
    if index < bytes.count && Self.mayStartTrivia(bytes[index]) {
      try skipTrivia()
    }
    atLineStart = false
    let start = position
    var token = DOTToken(kind: .end, start: index, end: index, position: start)
    guard index < bytes.count else { return token }
    let current = bytes[index]
    index += 1
    switch current {
    case .openBrace: token.kind = .openBrace
    case .closeBrace: token.kind = .closeBrace
    case .openBracket: token.kind = .openBracket
    case .closeBracket: token.kind = .closeBracket
    case .equals: token.kind = .equals
    case .semicolon: token.kind = .semicolon
    case .comma: token.kind = .comma
    case .colon: token.kind = .colon
    case .plus: token.kind = .plus
    case .quote:
      token.kind = .quoted
      try quotedString(into: &token)
      return token
    case .less:
      token.kind = .html
      try htmlString(into: &token)
      return token
    case .minus where byte(at: index) == .greater:
      index += 1
      token.kind = .directedEdge
    case .minus where byte(at: index) == .minus:
      index += 1
      token.kind = .undirectedEdge
    default:
      if Self.isIdentifierStart(current) {
        while index < bytes.count && Self.isIdentifierPart(bytes[index]) {
          index += 1
        }
        token.kind = .identifier
        token.keyword = DOTKeyword.spelled(by: bytes, from: token.start, to: index)
      } else if current.isDigit || current == .dot || current == .minus {
        guard numeral(startingWith: current) else {
          throw unexpected(current, at: start)
        }
        token.kind = .identifier
      } else {
        throw unexpected(current, at: start)
      }
    }
    token.end = index
    return token
  }

  /// Reads the rest of a numeral `-?(.digits | digits(.digits?)?)` whose first byte is consumed.
  private mutating func numeral(startingWith first: UInt8) -> Bool {
    var sawDigit = first.isDigit
    var sawDot = first == .dot
    if first == .minus && byte(at: index) == .dot {
      sawDot = true
      index += 1
    }
    while index < bytes.count {
      let current = bytes[index]
      if current.isDigit {
        sawDigit = true
      } else if current == .dot && !sawDot && sawDigit {
        sawDot = true
      } else {
        break
      }
      index += 1
    }
    return sawDigit
  }

  private func unexpected(_ byte: UInt8, at start: DOTPosition) -> DOTImportError {
    if byte == .minus {
      return DOTSource.error(
        .syntax, at: start, in: bytes,
        message: "A lone '-' is neither an edge nor a number.",
        hint: "Write an edge as a -> b; quote a name that holds a dash: \"a-b\"."
      )
    }
    let text = DOTSource.character(at: start.offset, in: bytes)
    return DOTSource.error(
      .syntax, at: start, in: bytes,
      message: "Unexpected character '\(text)'.",
      hint: "Identifiers are letters, digits and underscores; quote other text: \"...\"."
    )
  }

  private mutating func quotedString(into token: inout DOTToken) throws(DOTImportError) {
    token.start = index
    while index < bytes.count {
      index = Self.plainStringBytes(in: bytes, from: index)
      guard index < bytes.count else { break }
      let current = bytes[index]
      if current == .quote {
        token.end = index
        index += 1
        return
      }
      if current == .backslash {
        let next = byte(at: index + 1)
        if next == .quote || next == .backslash {
          token.escaped = true
          index += 2
          continue
        }
        if next == .lf || next == .cr {
          token.escaped = true
          index += 1
          skipLineBreak()
          continue
        }
        index += 1
      } else {
        index += 1
      }
    }
    throw DOTSource.error(
      .syntax, at: token.position, in: bytes,
      message: "The string that starts here is never closed.",
      hint: "Add the closing quote; write a quote inside a string as \\\"."
    )
  }

  /// The index of the first quote, backslash, LF or CR at or after `start` (`bytes.count` when
  /// none): the end of the bytes a quoted string takes as they are.
  ///
  /// Eight bytes are tested at once (a byte equal to one of the four makes a zero byte in the
  /// word XORed with it, which the usual subtract-and-mask test finds), since labels are long
  /// and these four bytes rare in them.
  private static func plainStringBytes(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int
  {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool {
      (word &- ones) & ~word & highs != 0
    }
    var index = start
    while index + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if hasZeroByte(word ^ (ones &* UInt64(UInt8.quote)))
        || hasZeroByte(word ^ (ones &* UInt64(UInt8.backslash)))
        || hasZeroByte(word ^ (ones &* UInt64(UInt8.lf)))
        || hasZeroByte(word ^ (ones &* UInt64(UInt8.cr)))
      {
        break
      }
      index += 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte == .quote || byte == .backslash || byte == .lf || byte == .cr { return index }
      index += 1
    }
    return index
  }

  private mutating func htmlString(into token: inout DOTToken) throws(DOTImportError) {
    token.start = index
    var depth = 1
    while index < bytes.count {
      let current = bytes[index]
      if current == .less {
        depth += 1
      } else if current == .greater {
        depth -= 1
        if depth == 0 {
          token.end = index
          index += 1
          return
        }
      }
      index += 1
    }
    throw DOTSource.error(
      .syntax, at: token.position, in: bytes,
      message: "The HTML string that starts here is never closed.",
      hint: "Balance its angle brackets (<b>x</b>, <br/>), or use a quoted string instead."
    )
  }

  /// Whether the byte is in a set given as two bit masks: bit `n` of `low` for byte `n` below
  /// 64, bit `n - 64` of `high` for bytes up to 127; bytes from 128 (UTF-8 of non-ASCII
  /// characters) are in the set when `nonASCII` is.
  @inline(__always)
  private static func isIn(_ byte: UInt8, low: UInt64, high: UInt64, nonASCII: Bool) -> Bool {
    if byte < 64 { return (low >> byte) & 1 != 0 }
    if byte < 128 { return (high >> (byte - 64)) & 1 != 0 }
    return nonASCII
  }

  /// Blanks, line breaks, `/` and `#`: a byte that may start whitespace or a comment.
  @inline(__always)
  static func mayStartTrivia(_ byte: UInt8) -> Bool {
    // Bits 9-13 (tab, LF, vertical tab, form feed, CR), 32 (space), 35 (#), 47 (/).
    isIn(byte, low: 0x0000_8009_0000_3E00, high: 0, nonASCII: false)
  }

  @inline(__always)
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    // Letters (65-90, 97-122) and the underscore (95).
    isIn(byte, low: 0, high: 0x07FF_FFFE_87FF_FFFE, nonASCII: true)
  }

  @inline(__always)
  static func isIdentifierPart(_ byte: UInt8) -> Bool {
    // As isIdentifierStart, and digits (48-57).
    isIn(byte, low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE, nonASCII: true)
  }
}

/// Positions and errors over the source bytes.
internal enum DOTSource {
  /// The line of `position`, counted from 1 (a line ends at LF, CRLF or a lone CR), and its
  /// column, counted from 1 in characters (grapheme clusters).
  ///
  /// Counted from the start of the source: only messages ask, once each.
  static func location(
    of position: DOTPosition, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (line: Int, column: Int) {
    let end = min(position.offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end {
      let byte = bytes[index]
      // The CR of a CRLF is not a break of its own: its LF is.
      if byte == .lf || (byte == .cr && !(index + 1 < bytes.count && bytes[index + 1] == .lf)) {
        line += 1
        lineStart = index + 1
      }
    }
    let prefix = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
    return (line, String(decoding: prefix, as: UTF8.self).count + 1)
  }

  /// `line L, column C` of `position`, for messages that name a second place.
  static func describe(_ position: DOTPosition, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let (line, column) = location(of: position, in: bytes)
    return "line \(line), column \(column)"
  }

  /// The character that starts at `offset`, for messages.
  static func character(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let end = min(bytes.count, offset + 4)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    return text.first.map { String($0) } ?? ""
  }

  static func error(
    _ code: DOTImportError.Code, at position: DOTPosition, in bytes: UnsafeBufferPointer<UInt8>,
    message: String, hint: String
  ) -> DOTImportError {
    let (line, column) = location(of: position, in: bytes)
    return DOTImportError(code, line: line, column: column, message: message, hint: hint)
  }
}

extension UInt8 {
  static let tab = UInt8(ascii: "\t")
  static let lf = UInt8(ascii: "\n")
  static let cr = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
  static let hash = UInt8(ascii: "#")
  static let ampersand = UInt8(ascii: "&")
  static let plus = UInt8(ascii: "+")
  static let comma = UInt8(ascii: ",")
  static let minus = UInt8(ascii: "-")
  static let dot = UInt8(ascii: ".")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let less = UInt8(ascii: "<")
  static let equals = UInt8(ascii: "=")
  static let greater = UInt8(ascii: ">")
  static let exclamation = UInt8(ascii: "!")
  static let openBracket = UInt8(ascii: "[")
  static let backslash = UInt8(ascii: "\\")
  static let closeBracket = UInt8(ascii: "]")
  static let underscore = UInt8(ascii: "_")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")

  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
