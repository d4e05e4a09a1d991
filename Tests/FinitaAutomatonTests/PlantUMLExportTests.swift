import FinitaAutomaton
import FinitaExamples
import FinitaFixtures
import Testing

@Suite("PlantUML export, checked with the real plantuml")
struct PlantUMLExportTests {
  func check(_ source: String) async throws -> ExternalTool.Result {
    let plantuml = try ExternalTool(
      "plantuml", install: "apt-get install plantuml (or brew install plantuml)")
    return try await plantuml.run(["-tsvg", "-pipe"], input: source)
  }

  @Test("every example is a valid PlantUML state diagram")
  func examplesAreValid() async throws {
    let sources = [
      CDPlayer.make(log: ActionLog()).plantUML(highlighting: .paused),
      Turnstile.automaton.plantUML(highlighting: .locked, style: DiagramStyle(title: "Turnstile")),
      SignupFlow.mealyAutomaton.plantUML(),
      ParkingMeter.automaton(fee: 300).plantUML(),
      Awkward.automaton.plantUML(highlighting: "say \"hi\""),
    ]
    // One diagram per run keeps a failure pointing at its source.
    for source in sources {
      let result = try await check(source)
      #expect(
        result.status == 0, "plantuml failed (\(result.status)):\n\(result.errors)\n\(source)")
      #expect(result.output.contains("<svg"))
      #expect(!result.output.contains("Syntax Error"), "\(source)")
    }
  }

  @Test("a broken source makes the check fail, so the check is real")
  func brokenSourceFails() async throws {
    let result = try await check("@startuml\nstate \"a as s0\ns0 -> -> x ::\n@enduml\n")
    #expect(result.status != 0)
  }

  @Test("the text has the initial arrow, final arrows, outputs and the highlight")
  func content() {
    let text = Turnstile.automaton.plantUML(highlighting: .unlocked)
    #expect(text.hasPrefix("@startuml\n"))
    #expect(text.hasSuffix("@enduml\n"))
    #expect(text.contains("[*] --> s0"))
    #expect(text.contains("state \"unlocked\" as s1 #ffd54f"))
    #expect(text.contains("s0 : output = red"))
    #expect(SignupFlow.mealyAutomaton.plantUML().contains("s6 --> [*]"))
    #expect(Awkward.automaton.plantUML().contains("state \"say &#34;hi&#34;\" as s0"))
  }
}
