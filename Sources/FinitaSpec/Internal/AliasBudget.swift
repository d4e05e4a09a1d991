#if Spec
  import CYaml

  /// Measures how far YAML aliases would expand a text, from libyaml's event stream, before any
  /// value is built.
  ///
  /// An alias (`*name`) stands for the whole value its anchor (`&name`) holds, and an anchored
  /// value may itself hold aliases, so nine lines of nine aliases stand for 9^9 values: a
  /// "billion laughs" file. Yams shares an aliased node, but hashing a mapping's keys and copying
  /// the tree both walk the expansion. The events give each anchored value's expanded size as it
  /// closes, so the sum the aliases add is known in one linear pass, and the alias that takes it
  /// past the limit is located.
  enum AliasBudget {
    /// The most values that aliases may add to a spec: far beyond what a spec needs, far below
    /// what an alias bomb makes.
    static let limit = 10_000

    /// Where the alias that takes the expansion past `limit` is, or `nil` when the text stays
    /// within it (or cannot be parsed: the reader reports that).
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - limit: The most values the aliases may add.
    /// - Returns: The alias's line and column, from 1.
    static func overflow(in text: String, limit: Int = limit) -> (line: Int, column: Int)? {
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else { return nil }
      defer { yaml_parser_delete(&parser) }
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var scan = Scan(limit: limit)
        while true {
          var event = yaml_event_t()
          guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
          defer { yaml_event_delete(&event) }
          switch event.type {
          case YAML_SCALAR_EVENT:
            scan.close(size: 1, anchor: name(event.data.scalar.anchor))
          case YAML_SEQUENCE_START_EVENT:
            scan.open(anchor: name(event.data.sequence_start.anchor))
          case YAML_MAPPING_START_EVENT:
            scan.open(anchor: name(event.data.mapping_start.anchor))
          case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            scan.closeCollection()
          case YAML_ALIAS_EVENT:
            if !scan.alias(name(event.data.alias.anchor)) {
              return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
            }
          case YAML_STREAM_END_EVENT:
            return nil
          default:
            break
          }
        }
      }
    }

    static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      anchor.map { String(cString: $0) }
    }

    /// The sizes of the values open and anchored so far, and the values aliases added.
    struct Scan {
      let limit: Int
      /// Expanded sizes by anchor; a later anchor of the same name replaces an earlier one.
      var sizes: [String: Int] = [:]
      /// The collections open: their anchors and their expanded sizes so far.
      var open: [(anchor: String?, size: Int)] = []
      var added = 0

      init(limit: Int) {
        self.limit = limit
      }

      /// Sizes saturate just past the limit, so that no sum overflows.
      func sum(_ a: Int, _ b: Int) -> Int { min(a + b, limit + 1) }

      mutating func open(anchor: String?) {
        open.append((anchor, 1))
      }

      mutating func close(size: Int, anchor: String?) {
        if let anchor {
          sizes[anchor] = size
        }
        if !open.isEmpty {
          open[open.count - 1].size = sum(open[open.count - 1].size, size)
        }
      }

      mutating func closeCollection() {
        guard let last = open.popLast() else { return }
        close(size: last.size, anchor: last.anchor)
      }

      /// Adds what an alias stands for; `false` when that takes the total past the limit.
      mutating func alias(_ anchor: String?) -> Bool {
        let size = anchor.flatMap { sizes[$0] } ?? 1
        added = sum(added, size)
        guard added <= limit else { return false }
        close(size: size, anchor: nil)
        return true
      }
    }
  }
#endif  // Spec
