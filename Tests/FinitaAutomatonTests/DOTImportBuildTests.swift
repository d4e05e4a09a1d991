import FinitaAutomaton
import Testing

/// The importer builds its automaton from numbers it already has (states and inputs numbered
/// as read) instead of from components. These tests rebuild each imported automaton from
/// components, as `Automaton(components:)` would from a declaration, and expect the same
/// states, transitions and answers for every state and input.
@Suite("Importing DOT builds the automaton the components would")
struct DOTImportBuildTests {
  @Test("a generated learned Mealy model: same states, transitions and answers")
  func learnedMealy() throws {
    try expectSameAsComponents(DOTImporter.mealyMachine(from: Self.learnedModel(states: 60)))
  }

  @Test("a sparse model, each state with inputs of its own, answers the same")
  func sparseInputs() throws {
    // 300 states by 600 inputs is far more than the 600 rows: the table keeps kinds per state
    // instead of a dense line per state.
    var text = "digraph sparse {\n__start0 -> s0;\n"
    for state in 0..<300 {
      text += "s\(state) -> s\((state + 1) % 300) [label=\"next\(state)/\(state)\"];\n"
      text += "s\(state) -> s0 [label=\"reset\(state)/r\"];\n"
    }
    text += "}\n"
    let machine = try DOTImporter.mealyMachine(from: text)
    try expectSameAsComponents(machine)
    #expect(machine.match(from: "s7", by: "next7")?.to == "s8")
    #expect(machine.match(from: "s7", by: "next8") == nil)
  }

  @Test("a Moore machine, with outputs on states")
  func moore() throws {
    let machine = try DOTImporter.mooreMachine(
      from: """
        digraph moore {
          __start0 [label="" shape="none"];
          q0 [shape="record" label="{ locked | red }"];
          q1 [shape="record" label="{ unlocked | green }"];
          q2 [shape="record" label="{ broken | off }"];
          __start0 -> q0;
          q0 -> q1 [label="coin"];
          q0 -> q0 [label="push"];
          q1 -> q0 [label="push"];
          q1 -> q2 [label="kick"];
        }
        """)
    try expectSameAsComponents(machine)
    #expect(machine.output(in: "broken") == "off")
  }

  @Test("an edge into a start node, which the automaton adds as a state, builds the same")
  func edgeIntoStartNode() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        digraph g {
          __start0 [label="" shape="none"];
          s0; s1;
          __start0 -> s0;
          s0 -> s1 [label="a/1"];
          s1 -> __start0 [label="b/2"];
          s1 -> s0 [label="a/0"];
        }
        """)
    try expectSameAsComponents(machine)
    #expect(machine.states.contains("__start0"))
  }

  @Test("repeated edges, an input read only in later states, labels with entities")
  func repeatsAndLateInputs() throws {
    let machine = try DOTImporter.mealyMachine(
      from: """
        digraph g {
          __start0 -> s0;
          s0 -> s1 [label="a/1"];
          s0 -> s1 [label="a/1"];
          s1 -> s2 [label="b/&lt;x&gt;"];
          s2 -> s0 [label="c/3"];
          s2 -> s2 [label="a/4"];
        }
        """)
    try expectSameAsComponents(machine)
    #expect(machine.transitions.count == 4)
    #expect(machine.match(from: "s1", by: "b")?.output == "<x>")
  }

  private func expectSameAsComponents(_ imported: Automaton<String, String, String>) throws {
    var components: [AutomatonComponent<String, String, String>] = imported.states.map {
      .declaration($0)
    }
    if let initial = imported.initialState {
      components.append(.initial(initial))
    }
    components += imported.transitions.map { .transition($0) }
    components += imported.stateOutputs.map { .stateOutput($0.key, $0.value) }
    let rebuilt = Automaton(components: components)
    #expect(imported.states == rebuilt.states)
    #expect(imported.initialState == rebuilt.initialState)
    #expect(imported.stateOutputs == rebuilt.stateOutputs)
    func rows(_ automaton: Automaton<String, String, String>) -> [String] {
      automaton.transitions.map {
        "\($0.from) -\($0.kind)/\($0.outputLabel ?? "-")-> \($0.to) \($0.isInternal)"
      }
    }
    #expect(rows(imported) == rows(rebuilt))
    let inputs = Set(imported.transitions.map(\.kind)).sorted() + ["never-read"]
    for state in imported.states + ["no-such-state"] {
      for input in inputs {
        let (mine, theirs) = (
          imported.match(from: state, by: input), rebuilt.match(from: state, by: input)
        )
        #expect(mine?.to == theirs?.to, "\(state) on \(input)")
        #expect(mine?.output == theirs?.output, "\(state) on \(input)")
      }
      #expect(imported.output(in: state) == rebuilt.output(in: state))
    }
  }

  /// A Mealy model as a learning library writes one: every state has every input.
  static func learnedModel(states: Int) -> String {
    let inputs = ["ACK(V,V,0)", "SYN(V,V,0)", "RST(V,V,0)", "LISTEN", "SEND"]
    var text = "digraph learnedModel {\n"
    for state in 0..<states { text += "s\(state) [label=\"s\(state)\"];\n" }
    for state in 0..<states {
      for (number, input) in inputs.enumerated() {
        let target = (state * 7 + number * 3 + 1) % states
        text += "s\(state) -> s\(target) [label=\"\(input)/OUT\(number)_\(state % 4)\"];\n"
      }
    }
    text += "__start0 [label=\"\", shape=none];\n__start0 -> s0 [label=\"\"];\n}\n"
    return text
  }
}
