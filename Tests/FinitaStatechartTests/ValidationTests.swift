import FinitaStatechart
import Testing

@Suite("Statechart validation")
struct ValidationTests {
  @Test("unreachable states, history without default and shadowed transitions are reported")
  func warnings() throws {
    let chart = try Statechart(
      scxml: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a">
            <history id="h"/>
            <state id="a1">
              <transition event="*" target="b"/>
              <transition event="foo" target="a2"/>
            </state>
            <state id="a2"/>
          </state>
          <state id="b">
            <transition event="x" cond="In('a1')" target="a"/>
          </state>
          <state id="island"/>
        </scxml>
        """)
    let issues = chart.validate()
    #expect(
      issues.map(\.kind) == [
        .historyWithoutDefault, .transitionNeverFires, .transitionNeverFires, .unreachableState,
      ])
    #expect(issues.map(\.line) == [3, 6, 11, 13])
  }

  @Test("a sound chart has no warnings")
  func examplesAreClean() throws {
    let chart = try Statechart {
      State("a") { On("go", to: "b") }
      State("b") { On("back", to: "a") }
    }
    #expect(chart.validate().isEmpty)
  }

  @Test("DSL mistakes are reported all at once")
  func dslErrors() {
    #expect {
      _ = try Statechart {
        State("a") { On("go", to: "missing") }
        State("a")
        State("c", initial: "a") { State("c1") }
      }
    } throws: { error in
      (error as? StatechartError)?.issues.map(\.kind) == [
        .duplicateID, .invalidInitial, .unknownTarget,
      ]
    }
  }
}
