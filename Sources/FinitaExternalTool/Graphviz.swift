import Foundation

/// Graphviz's `dot`, which draws DOT source as SVG, PNG and other formats.
///
/// ```swift
/// let svg = try Graphviz.find().render(automaton.dot(), format: "svg")
/// ```
package struct Graphviz: Sendable {
  /// How to install Graphviz, for the messages that need it.
  package static let install = "apt-get install graphviz, or brew install graphviz"

  /// The `dot` program.
  package let tool: ExternalTool

  /// Uses the `dot` at `url`.
  package init(executable url: URL) {
    tool = ExternalTool(executable: url)
  }

  /// Finds `dot` on `PATH` and in the usual install folders.
  ///
  /// - Throws: ``ExternalTool/Failure`` saying where it looked and how to install Graphviz.
  package static func find() throws -> Graphviz {
    Graphviz(tool: try ExternalTool("dot", install: install))
  }

  /// `dot`, or `nil` when Graphviz is not installed.
  package static func locate() -> Graphviz? {
    try? find()
  }

  private init(tool: ExternalTool) {
    self.tool = tool
  }

  /// The path of the `dot` executable.
  package var path: String { tool.executable.path }

  /// Draws `source`.
  ///
  /// - Parameters:
  ///   - source: DOT source.
  ///   - format: A `dot -T` format, such as `svg` or `png`.
  ///   - timeout: How long `dot` may run.
  /// - Returns: The drawing's bytes.
  /// - Throws: ``ExternalTool/Failure`` when `dot` does not start, runs out of time, or exits
  ///   with an error (its message included).
  package func render(_ source: String, format: String, timeout: Duration = .seconds(30)) throws
    -> Data
  {
    let result = try tool.run(["-T\(format)"], input: source, timeout: timeout)
    guard result.status == 0 else {
      throw ExternalTool.Failure.failed(path, status: result.status, errors: result.errors)
    }
    return result.data
  }
}
