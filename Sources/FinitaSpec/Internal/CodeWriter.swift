/// Builds source text line by line with two-space indentation.
struct CodeWriter {
  private(set) var text = ""
  private var depth = 0
  let unit: String

  init(indent unit: String = "  ") {
    self.unit = unit
  }

  /// The width of the current indentation.
  var indentWidth: Int { depth * unit.count }

  /// Whether `content` fits on one line at the current indentation.
  func fits(_ content: String, limit: Int = 100) -> Bool {
    indentWidth + content.count <= limit
  }

  mutating func line(_ content: String = "") {
    if content.isEmpty {
      text += "\n"
    } else {
      text += String(repeating: unit, count: depth) + content + "\n"
    }
  }

  mutating func block(_ opening: String, close: String = "}", _ body: (inout CodeWriter) -> Void) {
    line(opening)
    depth += 1
    body(&self)
    depth -= 1
    line(close)
  }

  /// A `switch` as swift-format lays it out: `case` labels at the level of `switch`.
  mutating func switchBlock(_ opening: String, _ body: (inout CodeWriter) -> Void) {
    line(opening)
    body(&self)
    line("}")
  }

  mutating func indented(_ body: (inout CodeWriter) -> Void) {
    depth += 1
    body(&self)
    depth -= 1
  }
}
