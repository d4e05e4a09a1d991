#if Tools
  import ArgumentParser
  import FinitaInspector
  import FinitaInspectorDemo

  /// `finita inspect`: serves the Finita Inspector page and waits for apps.
  struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "inspect",
      abstract: "Serve the Finita Inspector: a live page of running features, with time travel.",
      discussion: """
        Prints the page's URL and the address apps connect to; both carry a random token, or \
        the one given with --token, which keeps the apps' address the same from run to run.
        In the app (debug builds): InspectorClient.start(url: "<the app address>").
        Diagrams of machines are drawn when Graphviz's dot is installed.

        Examples:
          finita inspect --demo
          finita inspect --demo --load
          finita inspect --port 7447
          finita inspect --token my-dev-token-1
        """
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 7447

    @Option(help: "The address to bind. Anything but the loopback address exposes your app's data.")
    var host: String = "127.0.0.1"

    @Option(
      help: """
        The token the page and apps must give, instead of a random one: at least 8 letters, \
        digits, '-', '_', '.' or '~'.
        """)
    var token: String?

    @Flag(help: "Also run the seed examples, connected to the inspector.")
    var demo = false

    @Flag(
      help: """
        With --demo, also run 10 features making 10,000 stages per second each, to see the \
        inspector and the page under load.
        """)
    var load = false

    func validate() throws {
      if !InspectorServer.Configuration.ports.contains(port) {
        throw ValidationError("\(InspectorServerError.invalidPort(port))")
      }
      if let token, let problem = InspectorServer.Configuration.problem(withToken: token) {
        throw ValidationError(problem)
      }
      if load && !demo {
        throw ValidationError(
          "--load runs with the demo: add --demo (finita inspect --demo --load).")
      }
    }

    func run() async throws {
      let server = InspectorServer(configuration: .init(host: host, port: port, token: token))
      let addresses: InspectorServer.Addresses
      var running: InspectorDemo?
      if demo {
        let started = InspectorDemo(
          server: server, load: load ? .init() : nil,
          report: { line in
            print(line)
            flushOutput()
          })
        addresses = try await started.start()
        running = started
      } else {
        addresses = try await server.start()
      }
      print("Finita Inspector")
      print("  page: \(addresses.page.absoluteString)")
      print("  apps: \(addresses.app.absoluteString)")
      if running != nil {
        print("  demo: parkingMeter, musicPlayer and paginator are connected")
        if load { print("  load: 10 features at 10,000 stages per second each") }
      }
      print("Press Ctrl-C to stop.")
      // Scripts read the URL from a pipe, where output is buffered.
      flushOutput()
      await waitForInterrupt()
      await running?.shutdown()
      await server.shutdown()
    }
  }
#endif  // Tools
