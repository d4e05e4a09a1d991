#if Tools
  import ArgumentParser
  import FinitaAutomaton
  import FinitaExternalTool
  import FinitaSpec
  import Foundation

  /// `finita graph SPEC`: draws a machine.
  struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "graph",
      abstract: "Draw a machine as DOT, Mermaid, PlantUML, SVG or PNG.",
      discussion: """
        SVG and PNG are rendered by Graphviz's dot, which must be installed
        (apt-get install graphviz, brew install graphviz).

        Examples:
          finita graph Specs/turnstile.yaml --format mermaid
          finita graph Specs/parking-meter.yaml --highlight awaitingPayment
          finita graph Specs/turnstile.yaml --format svg --output turnstile.svg
        """
    )

    /// The drawing's format.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case dot, mermaid, plantuml, svg, png
    }

    @Argument(help: "The spec of a machine.")
    var spec: String

    @Option(help: "dot, mermaid, plantuml, svg or png.")
    var format: Format = .dot

    @Option(help: "A state to highlight, such as the current one.")
    var highlight: String?

    @Option(help: "The file to write; standard output when omitted (required for png).")
    var output: String?

    func run() throws {
      let spec = try readSpecOrExit(spec)
      guard let machine = spec.machine else {
        printError("\(spec.file): error: '\(spec.name)' is a feature; graph draws machines")
        throw ExitCode.failure
      }
      let automaton = SpecMachine(machine).automaton
      var state: SpecState?
      if let highlight {
        state = automaton.states.first { $0.name == highlight }
        if state == nil {
          printError(
            "error: --highlight '\(highlight)' is not a state of \(spec.name); its states are "
              + automaton.states.map(\.name).joined(separator: ", "))
          throw ExitCode.validationFailure
        }
      }
      let style = DiagramStyle(title: spec.name)
      let text: String
      switch format {
      case .dot: text = automaton.dot(highlighting: state, style: style)
      case .mermaid: text = automaton.mermaid(highlighting: state, style: style)
      case .plantuml: text = automaton.plantUML(highlighting: state, style: style)
      case .svg, .png:
        try render(automaton.dot(highlighting: state, style: style))
        return
      }
      if let output {
        try write(text, toFile: output)
      } else {
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
      }
    }

    func render(_ dot: String) throws {
      let graphviz: Graphviz
      do {
        graphviz = try Graphviz.find()
      } catch {
        printError(
          """
          error: rendering \(format.rawValue) needs Graphviz's 'dot', which is not installed.
          Install it (\(Graphviz.install)), or print the source
          with --format dot and render it elsewhere.
          """)
        throw ExitCode.failure
      }
      if format == .png && output == nil {
        printError("error: --format png writes a binary image; give the file with --output")
        throw ExitCode.validationFailure
      }
      let drawing: Data
      do {
        drawing = try graphviz.render(dot, format: format.rawValue)
      } catch {
        printError("error: \(error)")
        throw ExitCode.failure
      }
      if let output {
        // As for the text formats: the file's directory is made when missing.
        try write(drawing, to: URL(fileURLWithPath: output))
      } else {
        FileHandle.standardOutput.write(drawing)
      }
    }
  }
#endif  // Tools
