import FinitaStatechart
import Foundation
import Testing

@Suite("SCION conformance")
struct SCIONConformanceTests {
  @Test("the repository holds all 62 of SCION's test pairs, each with its script")
  func suiteIsComplete() {
    let scion = Conformance.cases.filter { $0.document.path.contains("/scion/") }
    #expect(scion.count == 62, "looked in \(Conformance.directory.path)")
    for testCase in Conformance.cases {
      #expect(
        FileManager.default.fileExists(atPath: testCase.script.path),
        "\(testCase.name) has no script beside it: \(testCase.script.lastPathComponent)")
    }
  }

  @Test("the chart reaches every expected configuration", arguments: Conformance.cases)
  func conformance(_ testCase: Conformance.Case) throws {
    let text = try String(contentsOf: testCase.document, encoding: .utf8)
    let script = try JSONDecoder().decode(
      Conformance.Script.self, from: Data(contentsOf: testCase.script))
    let chart = try Statechart(scxml: text)
    var run = VirtualTime(chart)
    #expect(
      Set(run.machine.configuration) == Set(script.initialConfiguration),
      """
      \(testCase.name), initial configuration:
        expected \(script.initialConfiguration.sorted())
        actual   \(run.machine.configuration.sorted())
      """
    )
    for (number, step) in script.events.enumerated() {
      if let after = step.after {
        run.advance(by: .milliseconds(after))
      }
      run.send(step.event.name)
      #expect(
        Set(run.machine.configuration) == Set(step.nextConfiguration),
        """
        \(testCase.name), step \(number + 1) (event \(step.event.name)\
        \(step.after.map { " after \($0) ms" } ?? "")):
          expected \(step.nextConfiguration.sorted())
          actual   \(run.machine.configuration.sorted())
        """
      )
    }
  }
}
