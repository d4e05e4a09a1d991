#if Inspector
  import Finita
  import Foundation

  /// Draws DOT as SVG with Graphviz when `dot` is installed, keeping recent drawings.
  final class DiagramRenderer: Sendable {
    let dotPath: String?
    private let cache = LockedValue<[String: String]>([:])

    init(dotPath: String?) {
      self.dotPath = dotPath
    }

    /// Finds `dot` on the `PATH`.
    static func findDot() -> String? {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/dot"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
      return nil
    }

    /// The SVG, or why there is none.
    func render(_ dot: String) async -> Result<String, RenderFailure> {
      guard let dotPath else {
        return .failure(
          RenderFailure(
            message: "Graphviz is not installed where the inspector runs, so here is the Mermaid"
              + " text; install graphviz (apt-get install graphviz, brew install graphviz) to see"
              + " the diagram."))
      }
      if let cached = cache.withLock({ $0[dot] }) { return .success(cached) }
      let result = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(returning: Self.run(dotPath, dot))
        }
      }
      if case .success(let svg) = result {
        cache.withLock { cache in
          if cache.count >= 256 { cache.removeAll() }
          cache[dot] = svg
        }
      }
      return result
    }

    private static func run(_ path: String, _ dot: String) -> Result<String, RenderFailure> {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = ["-Tsvg"]
      let input = Pipe()
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      do {
        try process.run()
      } catch {
        return .failure(RenderFailure(message: "dot did not start: \(error)"))
      }
      let writer = Thread {
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
      }
      writer.start()
      let svg = output.fileHandleForReading.readDataToEndOfFile()
      let problems = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        return .failure(
          RenderFailure(
            message: "dot failed (\(process.terminationStatus)): "
              + String(decoding: problems, as: UTF8.self)))
      }
      return .success(String(decoding: svg, as: UTF8.self))
    }
  }

  struct RenderFailure: Error {
    let message: String
  }
#endif  // Inspector
