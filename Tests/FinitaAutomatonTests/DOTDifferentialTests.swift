import FinitaAutomaton
import FinitaFixtures
import Foundation
import Testing

@Suite("DOT reading against Graphviz's own parser")
struct DOTDifferentialTests {
  /// The graph Finita's parser reads, in the shape of ``GraphvizBatch/Graph``.
  static func finitaGraph(_ graph: DOTGraph) -> GraphvizBatch.Graph {
    var result = GraphvizBatch.Graph()
    for (number, name) in graph.names.enumerated() {
      result.nodes.updateValue(graph.labels[number].map(graph.text(of:)), forKey: name)
    }
    result.edges = graph.edges.map { edge in
      var tail = graph.names[edge.from]
      var head = graph.names[edge.to]
      if !graph.isDirected && tail > head {
        swap(&tail, &head)
      }
      return GraphvizBatch.edgeKey(tail, head, edge.label.map(graph.text(of:)))
    }.sorted()
    return result
  }

  static func dotGraph(_ graph: GraphvizBatch.Graph, directed: Bool) -> GraphvizBatch.Graph {
    var result = graph
    result.nodes = graph.nodes.mapValues(GraphvizBatch.normalized)
    if !directed {
      result.edges = graph.edges.map { key in
        let parts = key.split(separator: ":", maxSplits: 1)
        let ends = parts[0].components(separatedBy: " -> ")
        guard ends.count == 2, ends[0] > ends[1] else { return key }
        return "\(ends[1]) -> \(ends[0]):\(parts.count > 1 ? parts[1] : "")"
      }.sorted()
    }
    return result
  }

  @Test("the same files are accepted as by dot, the same graphs read, every error placed")
  func differential() async throws {
    let dot = try ExternalTool("dot", install: "apt-get install graphviz")
    let files = try DOTCorpus.files(mutants: 20)
    let verdicts = try await ExternalTool.onOwnThread(takingTurn: true) {
      try GraphvizBatch.run(files, dot: dot.executable)
    }
    var accepted = 0
    for (file, verdict) in zip(files, verdicts) {
      let parsed = Result { () throws(DOTImportError) in try DOTParser.parse(file.text) }
      switch (verdict, parsed) {
      case (.accepted(let expected), .success(let graph)):
        accepted += 1
        #expect(
          Self.finitaGraph(graph) == Self.dotGraph(expected, directed: graph.isDirected),
          "\(file.name): a different graph is read")
        // The automaton import may refuse a graph that is no machine, but not its syntax.
        do {
          _ = try DOTImporter.mealyMachine(from: file.text)
        } catch {
          #expect(error != .syntax, "\(file.name): \(error)")
        }
      case (.rejected, .failure(let error)):
        let lines = file.text.utf8.count(where: { $0 == 10 || $0 == 13 }) + 1
        #expect(error.line >= 1 && error.line <= lines, "\(file.name): \(error)")
        #expect(error.column >= 1 && !error.hint.isEmpty, "\(file.name): \(error)")
        #expect(throws: error) { try DOTImporter.mealyMachine(from: file.text) }
      case (.accepted, .failure(let error)):
        Issue.record("\(file.name): dot accepts it, Finita refuses: \(error)\n\(file.text)")
      case (.rejected(let message), .success):
        Issue.record("\(file.name): dot refuses it (\(message)), Finita accepts:\n\(file.text)")
      }
    }
    #expect(files.count > 400)
    #expect(accepted > 40)
  }

  @Test("every file of the corpus is valid DOT")
  func seedsAreValid() throws {
    for seed in try DOTCorpus.seeds() {
      #expect(throws: Never.self, "\(seed.name)") { try DOTParser.parse(seed.text) }
    }
  }
}
