import FinitaAutomaton
import FinitaExamples
import FinitaFixtures
import Testing

@Suite("Mermaid export")
struct MermaidExportTests {
  @Test("the CD player matches its golden file, with Mealy outputs as event / output")
  func cdPlayer() {
    Golden.check(CDPlayer.automaton.mermaid(), against: "cd-player.mmd")
  }

  @Test("the turnstile highlights its current state and shows Moore outputs")
  func turnstile() {
    Golden.check(
      Turnstile.automaton.mermaid(highlighting: .unlocked, style: DiagramStyle(title: "Turnstile")),
      against: "turnstile.mmd")
  }

  @Test("the signup flow shows guard names, computed outputs and a final state")
  func signupFlow() {
    Golden.check(SignupFlow.mealyAutomaton.mermaid(), against: "signup-flow.mmd")
  }

  @Test("quotes, colons, semicolons and newlines are escaped")
  func escaping() {
    Golden.check(Awkward.automaton.mermaid(highlighting: "say \"hi\""), against: "awkward.mmd")
  }

  @Test("a row tried when the guarded rows before it fail reads [else], in every language")
  func fallbackReadsElse() {
    let meter = Automaton<String, String, String> {
      Initial("idle")
      Transition(from: "idle", to: "paid", by: "insert").guarded("enough") { _, _ in true }
      Transition(from: "idle", to: "idle", by: "insert")
      Transition(from: "paid", to: "idle", by: "leave")
      // No guarded row of `paid` and `insert` comes before this one: it is not a fallback.
      Transition(from: "paid", to: "idle", by: "insert")
    }
    let lines = meter.mermaid().split(separator: "\n").map { String($0.drop { $0 == " " }) }
    #expect(
      lines.filter { $0.contains("insert") } == [
        "s0 --> s1 : insert [enough]", "s0 --> s0 : insert [else]", "s1 --> s0 : insert",
      ])
    #expect(meter.dot().contains("insert [else]"))
    #expect(meter.plantUML().contains("insert [else]"))
  }

  @Test("entry and exit actions are state descriptions")
  func actions() {
    let text = CDPlayer.make(log: ActionLog()).mermaid()
    #expect(text.contains("s3 : entry / spin up"))
    #expect(text.contains("s3 : exit / spin down"))
  }
}

/// A machine whose names hold every character the diagram languages care about.
enum Awkward {
  static let automaton = Automaton<String, String, String> {
    Initial("say \"hi\"")
    Transition(from: "say \"hi\"", to: "a: b; c", by: "go {now}").output("x -> y")
    Transition(from: "a: b; c", to: "back\\slash & <tag> #1", by: "line\nbreak")
      .guarded("a|b") { _, _ in true }
    Transition(from: "back\\slash & <tag> #1", to: "say \"hi\"", by: "ret\\").output("50%")
    Final("back\\slash & <tag> #1")
    StateOutput("a: b; c", "{out|put}")
  }
}
