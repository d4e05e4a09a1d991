import Foundation

/// The process's resident memory in bytes, read from `/proc/self/statm` (Linux), or `nil`.
///
/// Resident memory moves in pages, so measures divide a difference over many objects or
/// compare it with a page-sized tolerance.
func allocatedBytes() -> Int? {
  guard
    let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let residentPages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return nil }
  return residentPages * Int(getpagesize())
}
