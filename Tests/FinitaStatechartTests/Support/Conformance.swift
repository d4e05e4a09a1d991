import Foundation
import Testing

/// The statechart conformance pairs: every `<group>/<name>.scxml` with its `<name>.json` script
/// under `Conformance/` beside the tests (SCION's, in `Conformance/scion`, with their license
/// and NOTICE). More pairs in the same format can be dropped into any folder there.
enum Conformance {
  /// One test pair: a document and its script.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let document: URL
    let script: URL

    var testDescription: String { name }
  }

  struct Script: Decodable {
    struct Step: Decodable {
      struct Event: Decodable { let name: String }
      let event: Event
      let after: Int?
      let nextConfiguration: [String]
    }
    let initialConfiguration: [String]
    let events: [Step]
  }

  /// The package's root: the nearest directory above this file that holds Package.swift.
  static let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Package.swift").path)
      {
        return directory
      }
      directory.deleteLastPathComponent()
    }
    preconditionFailure("Internal inconsistency: no Package.swift above \(#filePath)")
  }()

  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Conformance")

  /// Every pair, sorted by name (`group/name`).
  static let cases: [Case] = {
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: nil)
    else { return [] }
    var cases: [Case] = []
    for case let url as URL in enumerator where url.pathExtension == "scxml" {
      let script = url.deletingPathExtension().appendingPathExtension("json")
      let group = url.deletingLastPathComponent().lastPathComponent
      let name = group + "/" + url.deletingPathExtension().lastPathComponent
      cases.append(Case(name: name, document: url, script: script))
    }
    return cases.sorted { $0.name < $1.name }
  }()
}
