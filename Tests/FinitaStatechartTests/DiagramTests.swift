import FinitaExamples
import FinitaFixtures
import FinitaStatechart
import Testing

@Suite("Statechart diagrams")
struct DiagramTests {
  static let charts: [(name: String, chart: Statechart)] = [
    ("music-player", MusicPlayerChart.chart),
    ("call-tracker", CallTrackerChart.chart),
    ("nested-parallel", nestedParallel),
  ]

  static let nestedParallel: Statechart = {
    do {
      return try Statechart(name: "logged in") {
        State("loggedOut") { On("login", to: "loggedIn") }
        Parallel("loggedIn") {
          State("sync", initial: "idle") {
            State("idle") { On("sync", to: "syncing") }
            State("syncing") { On("synced", to: "idle", actions: .emit("refresh")) }
          }
          State("chat") {
            History("lastChat", deep: true, default: "offline")
            State("offline") { On("connect", to: "online", when: .in("idle")) }
            State("online")
          }
          On("logout", to: "bye")
        }
        FinalState("bye")
      }
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  @Test("the PlantUML of every chart renders with the real plantuml")
  func plantUML() async throws {
    let plantuml = try ExternalTool(
      "plantuml", install: "apt-get install plantuml (or brew install plantuml)")
    for (name, chart) in Self.charts {
      var machine = StatechartMachine(chart)
      machine.send("play")
      let source = chart.plantUML(highlighting: machine)
      Golden.check(source, against: "\(name).puml")
      let result = try await plantuml.run(["-tsvg", "-pipe"], input: source)
      #expect(result.status == 0, "plantuml failed on \(name):\n\(result.errors)\n\(source)")
      #expect(result.output.contains("<svg"))
      #expect(!result.output.contains("Syntax Error"), "\(source)")
    }
  }

  @Test("the DOT of every chart renders with the real dot, without warnings")
  func dot() async throws {
    let dot = try ExternalTool(
      "dot", install: "apt-get install graphviz (or brew install graphviz)")
    for (name, chart) in Self.charts {
      let source = chart.dot(highlighting: StatechartMachine(chart))
      Golden.check(source, against: "\(name).dot")
      let result = try await dot.run(["-Tsvg"], input: source)
      #expect(result.status == 0, "dot failed on \(name):\n\(result.errors)\n\(source)")
      #expect(result.errors.isEmpty, "dot warned on \(name):\n\(result.errors)")
      #expect(result.output.contains("<svg"))
    }
  }

  @Test("Mermaid nests compound states and separates parallel regions with --")
  func mermaid() {
    for (name, chart) in Self.charts {
      Golden.check(chart.mermaid(highlighting: StatechartMachine(chart)), against: "\(name).mmd")
    }
    let text = Self.nestedParallel.mermaid()
    // The chart's name is the title, as front matter before the diagram.
    #expect(text.hasPrefix("---\ntitle: logged in\n---\nstateDiagram-v2\n"))
    #expect(text.contains("  state s2 {\n"))
    #expect(text.contains("    --\n"))
    #expect(text.contains("  s10 --> [*]\n"))
  }

  @Test("a broken source makes the tool check fail, so the check is real")
  func brokenSourceFails() async throws {
    let plantuml = try ExternalTool("plantuml", install: "apt-get install plantuml")
    #expect(
      try await plantuml.run(["-tsvg", "-pipe"], input: "@startuml\nstate {{\n@enduml\n").status
        != 0)
    let dot = try ExternalTool("dot", install: "apt-get install graphviz")
    #expect(try await dot.run(["-Tsvg"], input: "digraph { a -> }").status != 0)
  }
}
