#if !Tools
  import FinitaFixtures
  import Foundation
  import Testing

  /// `finita` as `swift run finita tour` builds it, without the Tools trait: the tour runs, and
  /// every other command fails with the command that builds it, instead of an unknown command.
  @Suite("finita without the Tools trait")
  struct TourOnlyCommandTests {
    /// The built `finita`, beside the test bundle on Linux and macOS alike.
    static let finita: ExternalTool = {
      #if os(macOS)
        let directory =
          Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
          .deletingLastPathComponent() ?? Bundle.main.bundleURL
      #else
        let directory = Bundle.main.bundleURL
      #endif
      return ExternalTool(executable: directory.appendingPathComponent("finita"))
    }()

    @Test("the tour runs to its last line and names what it left out")
    func tour() async throws {
      let result = try await Self.finita.run(["tour"], input: "")
      #expect(result.status == 0, "\(result.errors)")
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.first == "Finita tour")
      #expect(
        lines.last
          == "End of the tour. Left out: the paginator over HTTP (trait HTTPExamples), logging"
          + " with swift-log (trait Logging); to run them: swift run --traits Tools finita tour --all"
      )
    }

    @Test(
      "another command fails with exit 64 and the command that builds it",
      arguments: [["check", "Specs/turnstile.yaml"], ["tour", "--all"], ["inspect", "--demo"]])
    func otherCommand(_ arguments: [String]) async throws {
      let result = try await Self.finita.run(arguments, input: "")
      #expect(result.status == 64)
      #expect(result.output.isEmpty)
      #expect(
        result.errors.contains(
          "swift run --traits Tools finita \(arguments.joined(separator: " "))"))
    }

    @Test("help says what this build has and how to get the rest")
    func help() async throws {
      let result = try await Self.finita.run(["--help"], input: "")
      #expect(result.status == 0)
      #expect(result.output.hasPrefix("USAGE: finita tour"))
      #expect(result.output.contains("swift run --traits Tools finita --help"))
    }
  }
#endif  // !Tools
