#if Spec
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

    mutating func block(_ opening: String, close: String = "}", _ body: (inout CodeWriter) -> Void)
    {
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

    /// Writes `head`, the items separated by commas and `tail` on one line when they fit, else as
    /// swift-format lays out what does not fit: `head` alone, the items filled into indented lines
    /// as far as each line allows, and `tail` right after the last item, or on a line of its own
    /// when `tailOnItsOwnLine` (a declaration with a body: `head` up to its `(`, `tail` from
    /// its `)`).
    mutating func fill(
      _ head: String, _ items: [String], tail: String, tailOnItsOwnLine: Bool = false
    ) {
      let single = head + items.joined(separator: ", ") + tail
      guard !fits(single), !items.isEmpty else {
        line(single)
        return
      }
      line(head)
      depth += 1
      let last = tailOnItsOwnLine ? "" : tail
      var current = ""
      for (index, item) in items.enumerated() {
        let piece = item + (index == items.count - 1 ? last : ",")
        let candidate = current.isEmpty ? piece : current + " " + piece
        if current.isEmpty || fits(candidate) {
          current = candidate
        } else {
          line(current)
          current = piece
        }
      }
      line(current)
      depth -= 1
      if tailOnItsOwnLine { line(tail) }
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
      depth += 1
      body(&self)
      depth -= 1
    }
  }
#endif  // Spec
