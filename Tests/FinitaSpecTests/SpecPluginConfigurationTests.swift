#if Spec
  import FinitaSpec
  import Foundation
  import Testing

  @Suite("The spec plugin's configuration")
  struct SpecPluginConfigurationTests {
    private func decode(_ text: String) throws(SpecError) -> SpecPluginConfiguration {
      try SpecPluginConfiguration.decode(Data(text.utf8), file: "App/finita-spec-config.json")
    }

    private func message(_ text: String) -> String? {
      do {
        _ = try decode(text)
        return nil
      } catch {
        return error.description
      }
    }

    @Test("public and internal are read; an empty object and no file mean internal")
    func readsTheAccessLevel() throws {
      #expect(try decode(#"{ "accessLevel": "public" }"#).accessLevel == .public)
      #expect(try decode(#"{"accessLevel":"internal"}"#).accessLevel == .internal)
      #expect(try decode("{}").accessLevel == .internal)
      #expect(SpecPluginConfiguration().accessLevel == .internal)
    }

    @Test("Windows line endings and a byte-order mark are read as any other file")
    func windowsFiles() throws {
      #expect(try decode("{\r\n  \"accessLevel\": \"public\"\r\n}\r\n").accessLevel == .public)
      let marked = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"accessLevel":"public"}"#.utf8)
      #expect(try SpecPluginConfiguration.decode(marked, file: "c.json").accessLevel == .public)
    }

    @Test("each mistake is an error on the file that says what it may hold")
    func mistakesAreClearErrors() {
      #expect(
        message(#"{ "accessLevel": "open" }"#)
          == "App/finita-spec-config.json:1:1: error: 'accessLevel' is \"open\"; it is \"internal\""
          + " or \"public\"")
      let notAString = message(#"{ "accessLevel": true }"#)
      #expect(notAString?.contains("is not a string; it is \"internal\" or \"public\"") == true)
      #expect(
        message(#"{ "acessLevel": "public" }"#)
          == "App/finita-spec-config.json:1:1: error: unknown key 'acessLevel' in the spec plugin's"
          + " configuration; the one key it knows is 'accessLevel'")
      #expect(message(#"["public"]"#)?.contains("is one JSON object, such as") == true)
      #expect(message("accessLevel: public")?.contains("is not JSON; it holds one object") == true)
      #expect(message("")?.contains("is not JSON") == true)
    }

    @Test("a file that cannot be read is an error that names it")
    func unreadableFile() {
      #expect(throws: SpecError.self) {
        try SpecPluginConfiguration.read(contentsOf: "/nonexistent/finita-spec-config.json")
      }
      do {
        _ = try SpecPluginConfiguration.read(contentsOf: "/nonexistent/finita-spec-config.json")
      } catch {
        #expect(error.diagnostics.first?.code == .unreadable)
        #expect(error.description.hasPrefix("/nonexistent/finita-spec-config.json:1:1: error:"))
      }
    }
  }
#endif  // Spec
