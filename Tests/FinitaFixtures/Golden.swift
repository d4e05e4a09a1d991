import Foundation
import Testing

/// Compares text with a golden file in the `Golden` folder of the calling test's target, or
/// re-records it when `FINITA_RECORD=1`.
package enum Golden {
  /// Compares `actual` with the golden file `name`, in the `Golden` folder beside the file at
  /// `filePath` (the calling test file, at the top of its target's folder); records an issue with
  /// a line diff when they differ, or when the file is missing.
  package static func check(
    _ actual: String,
    against name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    let url = folder.appendingPathComponent("Golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["FINITA_RECORD"] == "1" {
      do {
        try actual.write(to: url, atomically: true, encoding: .utf8)
      } catch {
        Issue.record("Could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        """
        The golden file \(url.path) is missing. Record it with \
        FINITA_RECORD=1 swift test --filter \(folder.lastPathComponent), then review it.
        """,
        sourceLocation: sourceLocation
      )
      return
    }
    if actual != expected {
      Issue.record(
        """
        \(name) differs from its golden file (re-record with FINITA_RECORD=1 if the change is \
        intended):
        \(diff(expected: expected, actual: actual))
        """,
        sourceLocation: sourceLocation
      )
    }
  }

  /// A line diff: `-` lines only in the golden file, `+` lines only in the actual text.
  package static func diff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? String(old[index]) : nil
      let after = index < new.count ? String(new[index]) : nil
      if before == after {
        lines.append("  \(before ?? "")")
      } else {
        if let before { lines.append("- \(before)") }
        if let after { lines.append("+ \(after)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
