import FinitaExternalTool
import Foundation
import Testing

@Suite("The runner of outside programs")
struct ExternalToolTests {
  @Test("a missing program is an error that says where it looked and how to install it")
  func missing() {
    #expect {
      try ExternalTool("finita-no-such-tool", install: "apt-get install nothing")
    } throws: { error in
      let text = "\(error)"
      return text.contains("'finita-no-such-tool' was not found on PATH")
        && text.contains("/usr/bin") && text.hasSuffix("Install it: apt-get install nothing")
    }
  }

  @Test("a large output does not block the program or the caller")
  func largeOutput() throws {
    let head = try ExternalTool("head", install: "coreutils")
    let result = try head.run(["-c", "5000000", "/dev/zero"], input: "")
    #expect(result.status == 0)
    #expect(result.data.count == 5_000_000)
  }

  @Test("the exit status and standard error are reported")
  func failure() throws {
    let shell = try ExternalTool("sh", install: "a POSIX shell")
    let result = try shell.run(["-c", "echo broken >&2; exit 3"], input: "")
    #expect(result.status == 3)
    #expect(result.errors == "broken\n")
  }

  @Test("a program that outlives its timeout is stopped, with an error saying so")
  func timeout() throws {
    // `sleep` stands for a program that hangs; the test waits only for the timeout.
    let sleep = try ExternalTool("sleep", install: "coreutils")
    #expect {
      try sleep.run(["30"], input: "", timeout: .milliseconds(200))
    } throws: { error in
      "\(error)".contains("did not finish within")
    }
  }

  @Test("Graphviz's failures carry dot's message")
  func graphvizFailure() throws {
    guard let graphviz = Graphviz.locate() else { return }
    #expect(try graphviz.render("digraph { a -> b }", format: "svg").count > 0)
    #expect {
      try graphviz.render("digraph { a -> }", format: "svg")
    } throws: { error in
      "\(error)".contains("failed with status 1") && "\(error)".contains("syntax error")
    }
  }
}
