#if Inspector
  import FinitaInspectorProtocol

  /// The cases of a wish (or a store's action) the page's form offers, read from sample values:
  /// Swift cannot list an enum's cases with values, so the app hands the client one of each.
  enum WishCases {
    /// One case per sample, in the samples' order; a later sample of a case already listed is left
    /// out, and so is one that does not encode as a case (a struct, or a value that does not
    /// encode).
    ///
    /// - Parameter samples: The samples.
    /// - Returns: The cases.
    static func of<Wish>(_ samples: [Wish]) -> [WishCase] {
      var cases: [WishCase] = []
      for sample in samples {
        guard let json = ValueEncoding.json(sample), let found = wishCase(of: sample, json),
          !cases.contains(where: { $0.name == found.name })
        else { continue }
        cases.append(found)
      }
      return cases
    }

    /// Every case of `type` when it is `CaseIterable` (an enum without values); otherwise none.
    ///
    /// - Parameter type: The wish type.
    /// - Returns: Its cases as values.
    static func allCases<Wish>(of type: Wish.Type) -> [Wish] {
      guard let iterable = type as? any CaseIterable.Type else { return [] }
      return values(of: iterable).compactMap { $0 as? Wish }
    }

    private static func values<Iterable: CaseIterable>(of type: Iterable.Type) -> [Any] {
      Iterable.allCases.map { $0 }
    }

    /// The case `json` encodes: `"name"` for an enum with raw values, `{"name": {...}}` as Swift's
    /// `Codable` writes a case with or without values.
    private static func wishCase(of sample: Any, _ json: JSONValue) -> WishCase? {
      switch json {
      case .string(let name):
        return WishCase(name: name, fields: [], example: json)
      case .object(let outer):
        guard outer.count == 1, let (name, payload) = outer.first else { return nil }
        guard case .object(let values) = payload else {
          return WishCase(name: name, fields: [], example: json)
        }
        return WishCase(name: name, fields: fields(of: sample, values), example: json)
      default:
        return nil
      }
    }

    /// The case's values in declaration order, typed by a `Mirror` of the sample; keys the mirror
    /// does not name (a hand-written encoding) follow in alphabetical order, without a type.
    private static func fields(of sample: Any, _ values: [String: JSONValue]) -> [WishField] {
      var typed: [(key: String, type: String)] = []
      if let payload = Mirror(reflecting: sample).children.first?.value {
        let mirror = Mirror(reflecting: payload)
        if mirror.displayStyle == .tuple,
          mirror.children.count > 1
            || mirror.children.first?.label.map({ !$0.hasPrefix(".") }) == true
        {
          // Several values, or one with a label: a tuple of them.
          for (index, child) in mirror.children.enumerated() {
            let label = child.label ?? ".\(index)"
            // Unlabelled values are `.0`, `.1` to a mirror and `_0`, `_1` to `Codable`.
            let key = label.hasPrefix(".") ? "_" + label.dropFirst() : label
            typed.append((key, typeName(of: child.value)))
          }
        } else if values.count <= 1 {
          // One value: the mirror has no label for it, and the encoding's one key is its name.
          typed.append((values.keys.first ?? "_0", typeName(of: payload)))
        }
      }
      // A value the sample leaves out (an optional that is nil) is written as null.
      var fields = typed.map {
        WishField(key: $0.key, type: $0.type, example: values[$0.key] ?? .null)
      }
      for (key, value) in values.sorted(by: { $0.key < $1.key })
      where !fields.contains(where: { $0.key == key }) {
        fields.append(WishField(key: key, type: nil, example: value))
      }
      return fields
    }

    private static func typeName(of value: Any) -> String {
      String(describing: type(of: value))
    }

    /// Why `json` is not one of `cases`, when its case is unknown: the unknown name and the
    /// cases there are. `nil` when its case is known or the JSON does not name one.
    ///
    /// - Parameters:
    ///   - json: The wish the page sent.
    ///   - cases: The cases the app made known; may be empty.
    ///   - typeName: The wish type's name, for the message.
    ///   - error: What decoding threw.
    /// - Returns: One or two sentences.
    static func unknownCase(
      in json: JSONValue, cases: [WishCase], typeName: String, error: any Error
    ) -> String? {
      let name: String
      switch json {
      case .object(let object) where object.count == 1:
        guard let key = object.keys.first else { return nil }
        name = key
      case .string(let text):
        name = text
      default:
        return nil
      }
      if cases.isEmpty {
        // Without samples only the decoder knows the cases: it finds none of them among the keys
        // ("Invalid number of keys") at the top level.
        guard case DecodingError.typeMismatch(_, let context) = error, context.codingPath.isEmpty,
          case .object = json
        else { return nil }
        return "`\(name)` is not a case of \(typeName). Hand the client one sample of each case"
          + " (inspect(_:wishExample:wishCases:)) and the page lists them."
      }
      guard !cases.contains(where: { $0.name == name }) else { return nil }
      return "`\(name)` is not a case of \(typeName); its cases are "
        + cases.map(signature).joined(separator: ", ") + "."
    }

    /// A case as Swift declares it, and as the page's form lists it: `insert(amount: Int)`,
    /// `enterPlate(String)`, `leave`; a value of no known type is `JSON`.
    static func signature(_ wishCase: WishCase) -> String {
      guard !wishCase.fields.isEmpty else { return wishCase.name }
      let fields = wishCase.fields.map { field in
        let type = field.type ?? "JSON"
        return isUnlabelled(field.key) ? type : "\(field.key): \(type)"
      }
      return "\(wishCase.name)(\(fields.joined(separator: ", ")))"
    }

    /// Whether `key` is `Codable`'s name for a value without a label: `_0`, `_1`, …
    private static func isUnlabelled(_ key: String) -> Bool {
      key.hasPrefix("_") && key.count > 1
        && key.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }
  }
#endif  // Inspector
