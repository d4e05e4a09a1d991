#if Inspector
  import Finita
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import Foundation
  import Testing

  /// An inspector on loopback with a page connected and an app's client that streams the
  /// features named `features`: the set-up of the tests that send the page's commands.
  ///
  /// What the page receives is read through it, so that events that arrive while a test waits
  /// for something else (a reply, a descriptor) are kept in ``seen``.
  final class LoopbackInspector {
    let server: InspectorServer
    let page: TestSocket
    let client: InspectorClient
    /// Every stage event the page received so far, in order.
    private(set) var seen: [StageEvent] = []
    private var received: AsyncStream<String>.Iterator
    private var nextRequest = 1
    /// The name of the features the client streams.
    private let name: String

    /// The port the server listens on.
    var port: Int { urls.port }
    private let urls: InspectorServer.Addresses

    /// Starts the server, connects a page and starts a client of the features named `features`.
    init(features: String) async throws {
      name = features
      server = InspectorServer()
      urls = try await server.start()
      (page, received) = await openPage(urls.pageSocket)
      client = InspectorClient.start(
        url: urls.app.absoluteString, configuration: .init(features: .named(features)))
    }

    /// A feature or store the page can send commands to.
    struct Bound {
      let app: String
      let id: UInt64
      /// What the client said of it once bound.
      let descriptor: FeatureDescriptor
    }

    /// Reads until the descriptor of the feature named `name` says it can travel: the client
    /// bound what the app handed it with `inspect`.
    func bound(_ name: String) async throws -> Bound {
      while true {
        let envelope = try #require(await next(&received) { _ in true })
        seen.append(contentsOf: envelope.events)
        if let descriptor = envelope.feature, descriptor.name == name, descriptor.canTravel,
          let app = envelope.app
        {
          return Bound(app: app, id: descriptor.id, descriptor: descriptor)
        }
      }
    }

    /// Reads until the events of `target` received so far satisfy `predicate`; returns them.
    @discardableResult
    func events(
      of target: Bound, until predicate: ([StageEvent]) -> Bool
    ) async throws -> [StageEvent] {
      while true {
        let mine = seen.filter { $0.feature == target.id }
        if predicate(mine) { return mine }
        let envelope = try #require(await next(&received) { !$0.events.isEmpty })
        seen.append(contentsOf: envelope.events)
      }
    }

    /// Sends a command to `target` and reads until its reply.
    func command(
      _ kind: InspectorCommand.Kind, to target: Bound, state: JSONValue? = nil,
      wish: JSONValue? = nil, skipped: [Int]? = nil
    ) async throws -> CommandReply {
      let request = nextRequest
      nextRequest += 1
      return try #require(
        await FinitaInspectorTests.command(
          request, kind, feature: target.id, app: target.app, state: state, wish: wish,
          skipped: skipped, from: page, reading: &received, keeping: &seen))
    }

    /// A `Loader` with the name the client streams, handed to the client and sent `increments`
    /// increments; returns once the page has a state step of each.
    func inspectLoader(
      increments: Int
    ) async throws -> (loader: Feature<Loader>, target: Bound, events: [StageEvent]) {
      let loader = Feature(
        initialState: Loader.State(), definition: Loader(), configuration: .init(name: name))
      client.inspect(loader)
      for _ in 0..<increments { loader.accept(.increment) }
      let target = try await bound(name)
      let stages = try await events(of: target) { events in
        events.filter { $0.stage == "state" }.count >= increments
      }
      return (loader, target, stages)
    }

    /// Stops the client, closes the page and shuts the server down.
    func stop() async {
      await client.stop()
      await page.close()
      await server.shutdown()
    }
  }
#endif  // Inspector
