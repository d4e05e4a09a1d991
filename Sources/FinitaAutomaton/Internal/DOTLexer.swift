/// A token of the DOT language, with where it starts.
internal struct DOTToken: Equatable {
  enum Kind: Equatable {
    /// A bare identifier or numeral.
    case identifier(String)
    /// A quoted string, with `\"` and line continuations already resolved.
    case quoted(String)
    /// An HTML string `<...>`, without the outer angle brackets.
    case html(String)
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
    case end
  }

  let kind: Kind
  let line: Int
  let column: Int

  /// The text of an identifier, quoted or HTML string, if the token is one.
  var text: String? {
    switch kind {
    case .identifier(let text), .quoted(let text), .html(let text): text
    default: nil
    }
  }

  /// How the token is shown in error messages.
  var display: String {
    switch kind {
    case .identifier(let text): "'\(text)'"
    case .quoted(let text): "\"\(text)\""
    case .html: "an HTML string"
    case .directedEdge: "'->'"
    case .undirectedEdge: "'--'"
    case .openBrace: "'{'"
    case .closeBrace: "'}'"
    case .openBracket: "'['"
    case .closeBracket: "']'"
    case .equals: "'='"
    case .semicolon: "';'"
    case .comma: "','"
    case .colon: "':'"
    case .end: "the end of the file"
    }
  }
}

/// Splits DOT source into tokens, tracking lines and columns (in characters, from 1).
internal struct DOTLexer {
  private let characters: [Character]
  private var index = 0
  private var line = 1
  private var column = 1

  init(_ text: String) {
    characters = Array(text)
  }

  static func tokens(of text: String) throws(DOTImportError) -> [DOTToken] {
    var lexer = DOTLexer(text)
    var tokens: [DOTToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end {
        return tokens
      }
    }
  }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  private func peek(_ offset: Int = 1) -> Character? {
    index + offset < characters.count ? characters[index + offset] : nil
  }

  private mutating func advance() {
    guard let character = current else { return }
    index += 1
    if character == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }

  private mutating func skipTrivia() throws(DOTImportError) {
    while let character = current {
      if character.isWhitespace {
        advance()
      } else if character == "/" && peek() == "/" {
        skipLine()
      } else if character == "#" && column == 1 {
        skipLine()
      } else if character == "/" && peek() == "*" {
        let (startLine, startColumn) = (line, column)
        advance()
        advance()
        while current != nil && !(current == "*" && peek() == "/") {
          advance()
        }
        guard current != nil else {
          throw DOTImportError(
            .syntax, line: startLine, column: startColumn,
            message: "The comment that starts here is never closed.",
            hint: "End it with */."
          )
        }
        advance()
        advance()
      } else {
        return
      }
    }
  }

  private mutating func skipLine() {
    while let character = current, character != "\n" {
      advance()
    }
  }

  private mutating func next() throws(DOTImportError) -> DOTToken {
    try skipTrivia()
    let (startLine, startColumn) = (line, column)
    func token(_ kind: DOTToken.Kind) -> DOTToken {
      DOTToken(kind: kind, line: startLine, column: startColumn)
    }
    guard let character = current else { return token(.end) }
    switch character {
    case "{":
      advance()
      return token(.openBrace)
    case "}":
      advance()
      return token(.closeBrace)
    case "[":
      advance()
      return token(.openBracket)
    case "]":
      advance()
      return token(.closeBracket)
    case "=":
      advance()
      return token(.equals)
    case ";":
      advance()
      return token(.semicolon)
    case ",":
      advance()
      return token(.comma)
    case ":":
      advance()
      return token(.colon)
    case "-" where peek() == ">":
      advance()
      advance()
      return token(.directedEdge)
    case "-" where peek() == "-":
      advance()
      advance()
      return token(.undirectedEdge)
    case "\"":
      return token(.quoted(try quotedString(line: startLine, column: startColumn)))
    case "<":
      return token(.html(try htmlString(line: startLine, column: startColumn)))
    default:
      if Self.isIdentifierStart(character) {
        var text = ""
        while let next = current, Self.isIdentifierStart(next) || next.isNumber {
          text.append(next)
          advance()
        }
        return token(.identifier(text))
      }
      if character.isNumber || character == "." || character == "-" {
        var text = ""
        while let next = current, next.isNumber || next == "." || (text.isEmpty && next == "-") {
          text.append(next)
          advance()
        }
        return token(.identifier(text))
      }
      throw DOTImportError(
        .syntax, line: startLine, column: startColumn,
        message: "Unexpected character '\(character)'.",
        hint: "Identifiers are letters, digits and underscores; quote other text: \"...\"."
      )
    }
  }

  private mutating func quotedString(line: Int, column: Int) throws(DOTImportError) -> String {
    advance()
    var text = ""
    while let character = current {
      if character == "\"" {
        advance()
        return text
      }
      if character == "\\" && peek() == "\"" {
        text.append("\"")
        advance()
        advance()
      } else if character == "\\" && peek() == "\\" {
        // An escaped backslash stays escaped for the label decoder, and cannot escape a quote.
        text += "\\\\"
        advance()
        advance()
      } else if character == "\\" && peek() == "\n" {
        advance()
        advance()
      } else {
        text.append(character)
        advance()
      }
    }
    throw DOTImportError(
      .syntax, line: line, column: column,
      message: "The string that starts here is never closed.",
      hint: "Add the closing quote; write a quote inside a string as \\\"."
    )
  }

  private mutating func htmlString(line: Int, column: Int) throws(DOTImportError) -> String {
    advance()
    var depth = 1
    var text = ""
    while let character = current {
      if character == "<" {
        depth += 1
      } else if character == ">" {
        depth -= 1
        if depth == 0 {
          advance()
          return text
        }
      }
      text.append(character)
      advance()
    }
    throw DOTImportError(
      .syntax, line: line, column: column,
      message: "The HTML string that starts here is never closed.",
      hint: "Balance its angle brackets, or use a quoted string instead."
    )
  }

  private static func isIdentifierStart(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }
}
