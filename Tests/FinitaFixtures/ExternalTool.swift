import Foundation

/// Runs a command-line tool (Graphviz `dot`, `plantuml`) on some input.
package struct ExternalTool {
  /// What a run of the tool gave back.
  package struct Result {
    /// The exit status.
    package let status: Int32
    /// Standard output.
    package let output: String
    /// Standard error.
    package let errors: String
  }

  /// The tool is not installed.
  package struct Missing: Error, CustomStringConvertible {
    /// The tool's name.
    package let name: String
    /// How to install it.
    package let install: String
    /// What to tell the reader.
    package var description: String {
      "'\(name)' was not found on PATH; the diagram cannot be checked. Install it: \(install)"
    }
  }

  /// The tool's executable.
  package let executable: URL

  /// Uses the executable at `url`.
  package init(executable url: URL) {
    executable = url
  }

  /// Finds `name` on PATH (and the usual install folders).
  package init(_ name: String, install: String) throws {
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
  package func run(_ arguments: [String], input: String) throws -> Result {
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
