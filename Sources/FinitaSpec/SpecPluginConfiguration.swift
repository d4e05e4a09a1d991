#if Spec
  import Foundation

  /// What `FinitaSpecPlugin` reads from a target's `finita-spec-config.json`: how the code it
  /// generates at build time is written.
  ///
  /// A build-tool plugin takes no options on its command line, so, as other Swift code
  /// generators do, it reads a file among the target's sources. Without one, the generated code
  /// is internal. For a library whose users import the generated types:
  ///
  /// ```json
  /// { "accessLevel": "public" }
  /// ```
  public struct SpecPluginConfiguration: Sendable, Hashable {
    /// The access level of the generated types, members and initializers.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
      /// Visible in the target only, the default.
      case `internal`
      /// Visible to the modules that import the target, as `finita generate swift --public`.
      case `public`
    }

    /// The name the plugin looks for among a target's sources.
    public static let fileName = "finita-spec-config.json"

    /// The access level of the generated code.
    public var accessLevel: AccessLevel

    /// Creates a configuration.
    ///
    /// - Parameter accessLevel: The access level of the generated code; internal by default.
    public init(accessLevel: AccessLevel = .internal) {
      self.accessLevel = accessLevel
    }

    /// Reads the configuration in the file at `path`.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The configuration.
    /// - Throws: ``SpecError`` when the file cannot be read, is not one JSON object, has a key
    ///   the configuration does not know, or a value it does not take; each diagnostic says
    ///   what the file may hold.
    public static func read(contentsOf path: String) throws(SpecError) -> Self {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw problem(
          .unreadable, in: path,
          "cannot read the spec plugin's configuration: \(error.localizedDescription)")
      }
      return try decode(data, file: path)
    }

    /// Reads a configuration from the JSON in `data`.
    ///
    /// - Parameters:
    ///   - data: The file's contents, UTF-8 JSON.
    ///   - file: The file's path, for the diagnostics.
    /// - Returns: The configuration.
    /// - Throws: ``SpecError`` as ``read(contentsOf:)`` does.
    public static func decode(_ data: Data, file: String) throws(SpecError) -> Self {
      let example = "{ \"accessLevel\": \"public\" }"
      let object: Any
      do {
        object = try JSONSerialization.jsonObject(with: data)
      } catch {
        throw problem(
          .syntax, in: file,
          "the spec plugin's configuration is not JSON; it holds one object, such as \(example)")
      }
      guard let fields = object as? [String: Any] else {
        throw problem(
          .wrongType, in: file,
          "the spec plugin's configuration is one JSON object, such as \(example)")
      }
      var configuration = Self()
      for key in fields.keys.sorted() where key != "accessLevel" {
        throw problem(
          .unknownKey, in: file,
          "unknown key '\(key)' in the spec plugin's configuration; the one key it knows is"
            + " 'accessLevel'")
      }
      if let value = fields["accessLevel"] {
        let levels = AccessLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard let text = value as? String, let level = AccessLevel(rawValue: text) else {
          let given = (value as? String).map { "\"\($0)\"" } ?? "not a string"
          throw problem(.wrongType, in: file, "'accessLevel' is \(given); it is \(levels)")
        }
        configuration.accessLevel = level
      }
      return configuration
    }

    private static func problem(
      _ code: SpecDiagnostic.Code, in file: String, _ message: String
    ) -> SpecError {
      SpecError(diagnostics: [
        SpecDiagnostic(code, at: SpecLocation(file: file, line: 1, column: 1), message)
      ])
    }
  }
#endif  // Spec
