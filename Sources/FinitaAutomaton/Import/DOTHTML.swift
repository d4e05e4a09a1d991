/// HTML-like labels (`label=<a<br/>b>`): their markup is checked as Graphviz checks it, and
/// their text is read as a state or transition name.
///
/// The markup is XML: Graphviz's elements (`<b>`, `<br/>`, `<font color="red">`, `<table>` ...)
/// in any case, properly nested and closed, attribute values quoted, `&` only in an entity,
/// comments `<!-- -->`. The text keeps character data with entities decoded; `<br/>` is a line
/// break (`"\n"`), a line break or tab of the source is a space, and other tags are dropped.
internal enum DOTHTML {
  /// A problem in the markup: where (a byte offset) and what.
  struct Problem: Error {
    let offset: Int
    let message: String
    let hint: String
  }

  /// The text of well-formed markup, and whether it holds a table.
  struct Content {
    var text: [UInt8] = []
    var hasTable = false
  }

  private static let elements: Set<String> = [
    "table", "tr", "td", "font", "b", "i", "u", "o", "s", "sub", "sup", "br", "hr", "vr", "img",
  ]

  /// Checks the markup of the HTML string `token`, reporting a problem at its position.
  static func validate(_ token: DOTToken, in bytes: UnsafeBufferPointer<UInt8>)
    throws(DOTImportError)
  {
    do throws(Problem) {
      _ = try read(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    } catch {
      let position = DOTPosition(offset: token.start + error.offset)
      throw DOTSource.error(
        .syntax, at: position, in: bytes, message: "In an HTML label: \(error.message)",
        hint: error.hint)
    }
  }

  /// The text of an HTML label already checked by ``validate(_:in:)``.
  static func content(of html: String) -> Content {
    var html = html
    return html.withUTF8 { bytes in
      do throws(Problem) {
        return try read(bytes)
      } catch {
        preconditionFailure("Internal inconsistency: an HTML label was not checked: \(error)")
      }
    }
  }

  private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> Content {
    var content = Content()
    var open: [(name: String, offset: Int)] = []
    var index = 0
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case .less where at(index + 1) == .exclamation:
        guard at(index + 2) == .minus, at(index + 3) == .minus else {
          throw Problem(
            offset: index, message: "'<!' starts neither a comment nor an element.",
            hint: "Write a comment as <!-- ... -->; write '<' in text as &lt;.")
        }
        var end = index + 4
        while end < bytes.count && !(bytes[end] == .minus && at(end + 1) == .minus) {
          end += 1
        }
        guard at(end + 2) == .greater else {
          throw Problem(
            offset: index, message: "The comment is not closed with '-->'.",
            hint: "End it with -->, and do not write '--' inside it.")
        }
        index = end + 3
      case .less:
        let start = index
        index += 1
        let closing = at(index) == .slash
        if closing {
          index += 1
        }
        let nameStart = index
        while index < bytes.count && DOTLexer.isIdentifierPart(bytes[index]) {
          index += 1
        }
        let name = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self
        ).lowercased()
        guard !name.isEmpty else {
          throw Problem(
            offset: start, message: "'<' is not followed by an element name.",
            hint: "Write '<' in text as &lt;.")
        }
        guard elements.contains(name) else {
          throw Problem(
            offset: start, message: "<\(name)> is not an element Graphviz knows.",
            hint: "Use <b>, <i>, <u>, <s>, <o>, <sub>, <sup>, <font>, <br/> or a <table>.")
        }
        let selfClosing = try skipAttributes(bytes, from: &index, tag: start, closing: closing)
        if closing {
          guard let last = open.last, last.name == name else {
            throw Problem(
              offset: start,
              message: open.last.map { "</\(name)> closes <\($0.name)>." }
                ?? "</\(name)> closes no element.",
              hint: "Close elements in the reverse order they were opened: <b><i>x</i></b>.")
          }
          open.removeLast()
        } else if !selfClosing {
          open.append((name, start))
        }
        if !closing {
          if name == "br" {
            content.text.append(.lf)
          } else if name == "table" {
            content.hasTable = true
          }
        }
      case .ampersand:
        let (scalar, length) = try entity(bytes, at: index)
        content.text.append(contentsOf: String(Character(scalar)).utf8)
        index += length
      case .lf, .cr, .tab:
        content.text.append(.space)
        index += byte == .cr && at(index + 1) == .lf ? 2 : 1
      case .greater:
        // Graphviz's XML reader takes a lone '>' in text as text.
        content.text.append(byte)
        index += 1
      default:
        content.text.append(byte)
        index += 1
      }
    }
    if let last = open.last {
      throw Problem(
        offset: last.offset, message: "<\(last.name)> is never closed.",
        hint: "Close it with </\(last.name)>, or write an empty element as <\(last.name)/>.")
    }
    return content
  }

  /// Skips a tag's attributes up to its `>`; returns whether it ends with `/>`.
  private static func skipAttributes(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, tag: Int, closing: Bool
  ) throws(Problem) -> Bool {
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    func isBlank(_ byte: UInt8) -> Bool {
      byte == .space || byte == .tab || byte == .lf || byte == .cr
    }
    let malformed = Problem(
      offset: tag, message: "The tag is malformed.",
      hint: "Write attributes as name=\"value\": <font color=\"red\">.")
    while true {
      while isBlank(at(index)) { index += 1 }
      if at(index) == .greater {
        index += 1
        return false
      }
      if at(index) == .slash && at(index + 1) == .greater && !closing {
        index += 2
        return true
      }
      guard !closing, DOTLexer.isIdentifierStart(at(index)) else { throw malformed }
      while DOTLexer.isIdentifierPart(at(index)) || at(index) == .minus || at(index) == .colon {
        index += 1
      }
      while isBlank(at(index)) { index += 1 }
      guard at(index) == .equals else { throw malformed }
      index += 1
      while isBlank(at(index)) { index += 1 }
      let quote = at(index)
      guard quote == .quote || quote == .apostrophe else { throw malformed }
      index += 1
      while index < bytes.count && bytes[index] != quote {
        if bytes[index] == .less { throw malformed }
        index += 1
      }
      guard index < bytes.count else { throw malformed }
      index += 1
    }
  }

  /// The character of the entity at `index` (`&amp;`, `&#92;`, `&#x5C;`) and its length.
  private static func entity(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) throws(Problem) -> (Unicode.Scalar, Int) {
    guard let found = DOTLabel.entity(in: bytes, at: index) else {
      throw Problem(
        offset: index, message: "'&' does not start a known entity.",
        hint: "Write '&' as &amp;; entities read &lt; &gt; &quot; &#92; &#x5C; or &nbsp;.")
    }
    return found
  }
}
