import FinitaStatechart
import Testing

@Suite("SCXML import")
struct SCXMLImportTests {
  @Test("a document with states, history, In() guards, raise and send is imported")
  func imports() throws {
    let chart = try Statechart(
      scxml: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a" name="demo">
          <state id="a">
            <onentry><raise event="ready"/></onentry>
            <transition event="ready" target="b"/>
          </state>
          <state id="b">
            <initial><transition target="b2"/></initial>
            <state id="b1"/>
            <state id="b2">
              <transition event="go" cond="In('b2') &amp;&amp; !In('a')" target="c">
                <send event="later" delay="1.5s" id="t"/>
              </transition>
            </state>
          </state>
          <final id="c"/>
        </scxml>
        """)
    #expect(chart.name == "demo")
    var machine = StatechartMachine(chart)
    #expect(machine.configuration == ["b2"])
    machine.send("go")
    #expect(machine.configuration == ["c"])
    #expect(machine.commands == [.schedule("later", after: .milliseconds(1_500), id: "t")])
    #expect(machine.isFinished)
  }

  @Test("every problem is reported at once, each with its line and column")
  func everyError() {
    let text = """
      <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
        <state id="a">
          <transition event="t" target="nowhere"/>
          <onentry><script>x = 1</script></onentry>
        </state>
        <state id="a"/>
        <state id="b" initial="a">
          <state id="b1"/>
          <transition event="u" cond="x &gt; 1" target="b1"/>
          <onexit><assign location="x" expr="2"/></onexit>
        </state>
      </scxml>
      """
    #expect {
      _ = try Statechart(scxml: text)
    } throws: { error in
      guard let error = error as? StatechartError else { return false }
      let kinds = error.issues.map(\.kind)
      let lines = error.issues.map(\.line)
      return kinds == [
        .unknownTarget, .unsupportedElement, .duplicateID, .invalidInitial,
        .unsupportedAttribute, .unsupportedElement,
      ] && lines == [3, 4, 6, 7, 9, 10] && error.issues.allSatisfy { $0.column != nil }
    }
  }

  @Test("states nested 100,000 deep are an error, not a crash")
  func deepNesting() {
    let levels = 100_000
    let document =
      #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">"#
      + (0..<levels).map { #"<state id="s\#($0)">"# }.joined()
      + String(repeating: "</state>", count: levels) + "</scxml>"
    let error = #expect(throws: StatechartError.self) { try Statechart(scxml: document) }
    #expect(error?.issues.first?.message.contains("nested more than 128 deep") == true)
    #expect(error?.issues.first?.line == 1)
    // A chart 100 states deep is read.
    let deepest = 100
    let chart = try? Statechart(
      scxml: #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">"#
        + (0..<deepest).map { #"<state id="s\#($0)">"# }.joined()
        + String(repeating: "</state>", count: deepest) + "</scxml>")
    #expect(chart != nil)
  }

  @Test("conditions: a chain of 50,000 terms is read flat; 100,000 parentheses are an error")
  func longConditions() throws {
    func document(_ condition: String) -> String {
      #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">"#
        + #"<state id="a"><transition event="go" cond="\#(condition)" target="b"/></state>"#
        + #"<state id="b"/></scxml>"#
    }
    let chain = Array(repeating: "In('a')", count: 50_000).joined(separator: " &amp;&amp; ")
    let chart = try Statechart(scxml: document(chain))
    var machine = StatechartMachine(chart)
    _ = machine.send("go")
    #expect(machine.configuration.contains("b"))
    let guardText = "\((StatechartGuard.in("a") && .in("b")) && (.in("c") && .in("d")))"
    #expect(guardText == "In('a') && In('b') && In('c') && In('d')")

    for nested in [
      String(repeating: "(", count: 100_000) + "In('a')" + String(repeating: ")", count: 100_000),
      String(repeating: "!", count: 100_000) + "In('a')",
    ] {
      let error = #expect(throws: StatechartError.self) { try Statechart(scxml: document(nested)) }
      #expect(error?.issues.first?.message.contains("more than 64 deep") == true)
    }
  }

  @Test("a malformed document names the position of the XML error")
  func malformed() {
    #expect {
      _ = try Statechart(scxml: "<scxml>\n  <state id=\"a\">\n</scxml>")
    } throws: { error in
      guard let issue = (error as? StatechartError)?.issues.first else { return false }
      return issue.kind == .malformedDocument && issue.line == 3
    }
  }

  @Test("default entries through history states that loop are reported as a cycle")
  func initialCycle() {
    let text = """
      <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
        <state id="s">
          <history id="h1"><transition target="h2"/></history>
          <history id="h2"><transition target="h1"/></history>
          <state id="s1"/>
        </state>
        <state id="t" initial="t"><state id="t1"/></state>
      </scxml>
      """
    #expect {
      _ = try Statechart(scxml: text)
    } throws: { error in
      guard let error = error as? StatechartError else { return false }
      return error.issues.filter { $0.kind == .initialCycle }.count >= 2
    }
  }

  @Test("an error message says what is wrong, where, and how to fix it")
  func message() {
    let text = """
      <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
        <state id="a"><transition event="t" target="b"/></state>
      </scxml>
      """
    do {
      _ = try Statechart(scxml: text)
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("line 2, column "))
      #expect(error.description.contains("\"b\", which is not a state of this chart"))
      #expect(error.description.contains("use the id of a declared state"))
    }
  }
}
