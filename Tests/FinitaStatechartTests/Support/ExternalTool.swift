import Foundation

/// Runs a command-line tool (Graphviz `dot`, `plantuml`) on some input.
struct ExternalTool {
  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  struct Missing: Error, CustomStringConvertible {
    let name: String
    let install: String
    var description: String {
      "'\(name)' was not found on PATH; the diagram cannot be checked. Install it: \(install)"
    }
  }

  let executable: URL

  /// Uses the executable at `url`.
  init(executable url: URL) {
    executable = url
  }

  /// Finds `name` on PATH (and the usual install folders).
  init(_ name: String, install: String) throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init)
      + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    for folder in folders {
      let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        executable = candidate
        return
      }
    }
    throw Missing(name: name, install: install)
  }

  /// Runs the tool with `input` on standard input. Files rather than pipes carry the streams,
  /// so a large output can never block the tool.
  func run(_ arguments: [String], input: String) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("finita-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("input")
    let outputURL = folder.appendingPathComponent("output")
    let errorURL = folder.appendingPathComponent("errors")
    try input.write(to: inputURL, atomically: true, encoding: .utf8)
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    )
  }
}
