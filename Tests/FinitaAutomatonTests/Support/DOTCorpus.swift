import FinitaFixtures
import Foundation

/// The files of the differential test: the valid DOT files under `DOTCorpus/`, and broken files
/// made from them by seeded mutations, so every run reads the same corpus.
enum DOTCorpus {
  struct File: Sendable {
    let name: String
    let text: String
  }

  static var directory: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("DOTCorpus")
  }

  /// The valid files, sorted by name.
  static func seeds() throws -> [File] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".gv") }.sorted()
    return try names.map { name in
      File(
        name: name,
        text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
    }
  }

  /// The seeds, `mutants` mutations of each, and CRLF and CR variants.
  static func files(mutants: Int) throws -> [File] {
    var files: [File] = []
    for (index, seed) in try seeds().enumerated() {
      files.append(seed)
      files.append(File(name: "\(seed.name) (CRLF)", text: crlf(seed.text)))
      // Graphviz ends comments and `#` lines only at LF; without them a lone CR is a plain
      // line break for both readers.
      if !seed.text.contains("//") && !seed.text.contains("#") && !seed.text.contains("\\\n") {
        files.append(File(name: "\(seed.name) (CR)", text: cr(seed.text)))
      }
      var generator = SeededGenerator(seed: UInt64(index) &* 7_919 &+ 18)
      for number in 0..<mutants {
        let (operation, text) = mutate(seed.text, using: &generator)
        files.append(File(name: "\(seed.name) #\(number) \(operation)", text: text))
        if number % 3 == 0 {
          files.append(File(name: "\(seed.name) #\(number) \(operation) (CRLF)", text: crlf(text)))
        }
      }
    }
    return files
  }

  static func crlf(_ text: String) -> String {
    String(decoding: Array(text.utf8).flatMap { $0 == 10 ? [13, 10] : [$0] }, as: UTF8.self)
  }

  static func cr(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 == 10 ? 13 : $0 }, as: UTF8.self)
  }

  /// The tokens of DOT text as byte ranges; comments and blanks are left between them.
  static func tokens(_ bytes: [UInt8]) -> [Range<Int>] {
    var tokens: [Range<Int>] = []
    var index = 0
    func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    func isWord(_ byte: UInt8) -> Bool {
      (byte >= 48 && byte <= 57) || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122) || byte == 95
        || byte == 46 || byte >= 0x80
    }
    while index < bytes.count {
      let byte = bytes[index]
      let start = index
      if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
        index += 1
        continue
      }
      if byte == 47 && at(index + 1) == 47 || byte == 35 {
        while index < bytes.count && bytes[index] != 10 { index += 1 }
        continue
      }
      if byte == 47 && at(index + 1) == 42 {
        index += 2
        while index < bytes.count && !(bytes[index] == 42 && at(index + 1) == 47) { index += 1 }
        index = min(bytes.count, index + 2)
        continue
      }
      if byte == 34 {
        index += 1
        while index < bytes.count && bytes[index] != 34 {
          index += bytes[index] == 92 ? 2 : 1
        }
        index = min(bytes.count, index + 1)
      } else if byte == 60 {
        var depth = 0
        repeat {
          if bytes[index] == 60 { depth += 1 }
          if bytes[index] == 62 { depth -= 1 }
          index += 1
        } while index < bytes.count && depth > 0
      } else if byte == 45 && (at(index + 1) == 62 || at(index + 1) == 45) {
        index += 2
      } else if isWord(byte) || byte == 45 {
        index += 1
        while index < bytes.count && isWord(bytes[index]) { index += 1 }
      } else {
        index += 1
      }
      tokens.append(start..<index)
    }
    return tokens
  }

  private static let insertions = [
    "-", "=", "{", "}", "[", "]", ";", ",", "->", ":", "\"", "<", ">", "x", "\"q\"", "+", "@",
  ]

  /// One random mutation of `text`, and its name.
  static func mutate(
    _ text: String, using generator: inout SeededGenerator
  ) -> (String, String) {
    var bytes = Array(text.utf8)
    let tokens = tokens(bytes)
    guard !tokens.isEmpty else { return ("none", text) }
    let token = tokens[Int.random(in: 0..<tokens.count, using: &generator)]
    let operation: String
    switch Int.random(in: 0..<8, using: &generator) {
    case 0:
      operation = "delete"
      bytes.removeSubrange(token)
    case 1:
      operation = "duplicate"
      bytes.insert(contentsOf: Array(bytes[token]) + [32], at: token.lowerBound)
    case 2:
      let insertion = insertions.randomElement(using: &generator)!
      operation = "insert \(insertion)"
      bytes.insert(contentsOf: Array(" \(insertion) ".utf8), at: token.upperBound)
    case 3:
      operation = "lone -"
      let arrows = tokens.filter { bytes[$0] == [45, 62] }
      if let arrow = arrows.randomElement(using: &generator) {
        bytes.replaceSubrange(arrow, with: [45])
      }
    case 4:
      operation = "no ="
      let equals = tokens.filter { bytes[$0] == [61] }
      if let sign = equals.randomElement(using: &generator) {
        bytes.removeSubrange(sign)
      }
    case 5:
      operation = "swap"
      let index = tokens.firstIndex(of: token)!
      if index + 1 < tokens.count {
        let next = tokens[index + 1]
        let swapped =
          Array(bytes[next]) + Array(bytes[token.upperBound..<next.lowerBound])
          + Array(bytes[token])
        bytes.replaceSubrange(token.lowerBound..<next.upperBound, with: swapped)
      }
    case 6:
      operation = "unbalance"
      let closers = tokens.filter { [34, 60, 123, 91].contains(bytes[$0.lowerBound]) }
      if let closer = closers.randomElement(using: &generator) {
        bytes.remove(at: closer.upperBound - 1)
      }
    default:
      operation = "delete brace"
      let braces = tokens.filter { bytes[$0] == [125] || bytes[$0] == [123] }
      if let brace = braces.randomElement(using: &generator) {
        bytes.removeSubrange(brace)
      }
    }
    return (operation, String(decoding: bytes, as: UTF8.self))
  }
}

/// Graphviz's verdict on many files, from one run of `dot`.
enum GraphvizBatch {
  /// A graph as `dot -Tjson0` reports it.
  struct Graph: Equatable, Sendable {
    var nodes: [String: String?] = [:]
    /// `tail -> head: label`, sorted.
    var edges: [String] = []
  }

  enum Verdict: Sendable {
    case accepted(Graph)
    case rejected(String)
  }

  /// Runs `dot -Tjson0 -O` once over every file. A marker file with a known syntax error goes
  /// before each file, so the errors on standard error can be told apart by file.
  static func run(_ files: [DOTCorpus.File], dot: URL) throws -> [Verdict] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("finita-dot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = ["-Tjson0", "-O"]
    for (index, file) in files.enumerated() {
      try Data("-".utf8).write(to: folder.appendingPathComponent("m\(index).gv"))
      try Data(file.text.utf8).write(to: folder.appendingPathComponent("f\(index).gv"))
      arguments += ["m\(index).gv", "f\(index).gv"]
    }
    let errorURL = folder.appendingPathComponent("errors.txt")
    try Data().write(to: errorURL)
    let process = Process()
    process.executableURL = dot
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()

    var messages = [String](repeating: "", count: files.count)
    var current = -1
    let errors = try String(contentsOf: errorURL, encoding: .utf8)
    for line in errors.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("Error: m"), let colon = line.firstIndex(of: "."),
        let index = Int(line[line.index(line.startIndex, offsetBy: 8)..<colon])
      {
        current = index
        continue
      }
      if current >= 0 {
        messages[current] += line + "\n"
      }
    }
    return try files.indices.map { index in
      let output = folder.appendingPathComponent("f\(index).gv.json0")
      let second = folder.appendingPathComponent("f\(index).gv.2.json0")
      if messages[index].contains("Error") {
        return .rejected(messages[index])
      }
      guard FileManager.default.fileExists(atPath: output.path) else {
        return .rejected("no graph")
      }
      if FileManager.default.fileExists(atPath: second.path) {
        return .rejected("several graphs")
      }
      return .accepted(try graph(Data(contentsOf: output)))
    }
  }

  private static func graph(_ data: Data) throws -> Graph {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return Graph()
    }
    let subgraphs = root["_subgraph_cnt"] as? Int ?? 0
    let objects = root["objects"] as? [[String: Any]] ?? []
    var graph = Graph()
    let names = objects.map { $0["name"] as? String ?? "" }
    for object in objects.dropFirst(subgraphs) {
      let label = object["label"] as? String
      graph.nodes.updateValue(label == "\\N" ? nil : label, forKey: object["name"] as? String ?? "")
    }
    for edge in root["edges"] as? [[String: Any]] ?? [] {
      let tail = names[edge["tail"] as? Int ?? 0]
      let head = names[edge["head"] as? Int ?? 0]
      graph.edges.append(edgeKey(tail, head, edge["label"] as? String))
    }
    graph.edges.sort()
    return graph
  }

  /// An edge as compared: no label and an empty label are the same; Graphviz keeps a
  /// backslash before a CR line break in a string, which Finita reads as a line continuation.
  static func edgeKey(_ tail: String, _ head: String, _ label: String?) -> String {
    "\(tail) -> \(head): \(normalized(label) ?? "")"
  }

  static func normalized(_ label: String?) -> String? {
    label?.replacingOccurrences(of: "\\\r\n", with: "").replacingOccurrences(
      of: "\\\r", with: "")
  }
}
