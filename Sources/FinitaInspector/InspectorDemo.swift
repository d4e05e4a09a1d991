import Finita
import FinitaExamples
import FinitaInspectorClient
import Foundation

/// The inspector with three seed examples connected to it, for `finita inspect --demo`.
///
/// The parking meter is a machine the page can move in time, send events to and draw; the music
/// player and the paginator are shown read-only (their types are not `Codable`), the paginator
/// with its asynchronous page loads.
///
/// ```swift
/// let demo = InspectorDemo(server: InspectorServer())
/// let urls = try await demo.start()
/// print(urls.page)
/// ```
public final class InspectorDemo: Sendable {
  /// The inspector.
  public let server: InspectorServer
  private let parts = LockedValue<Parts?>(nil)
  private let report: @Sendable (String) -> Void

  private struct Parts: Sendable {
    let client: InspectorClient
    let meter: Feature<ParkingMeter>
    let player: Feature<MusicPlayer>
    let paginator: Feature<Paginator>
    let watcher: Task<Void, Never>
  }

  /// Creates the demo.
  ///
  /// - Parameters:
  ///   - server: The inspector to start.
  ///   - report: Where the demo writes what its features do (the app side); standard output by
  ///     default.
  public init(
    server: InspectorServer,
    report: @escaping @Sendable (String) -> Void = { print($0) }
  ) {
    self.server = server
    self.report = report
  }

  /// Starts the inspector, the example features and the client that connects them, and runs a
  /// few wishes through each feature.
  ///
  /// - Returns: The inspector's addresses.
  /// - Throws: The inspector's start errors.
  @discardableResult
  public func start() async throws -> InspectorServer.Addresses {
    let addresses = try await server.start()
    let client = InspectorClient.start(
      url: addresses.app.absoluteString,
      configuration: .init(appName: "finita demo"))
    let meter = Feature(
      initialState: ParkingState.idle, definition: ParkingMeter(fee: 3),
      configuration: .init(name: "parkingMeter"))
    let player = Feature(
      initialState: MusicPlayerState(
        playlist: [
          Track(title: "Blue in Green", artist: "Miles Davis"),
          Track(title: "Naima", artist: "John Coltrane"),
        ]),
      definition: MusicPlayer(),
      configuration: .init(name: "musicPlayer"))
    let items = (1...12).map { ListItem(id: $0, title: "Item \($0)") }
    let paginator = Feature(
      initialState: PaginationState(),
      definition: Paginator(
        source: InMemoryPageSource(catalog: PageCatalog(items: items, pageSize: 5))),
      configuration: .init(name: "paginator"))
    client.inspect(
      meter, automaton: meter.definition.automaton, wishExample: .insert(amount: 3))
    let report = self.report
    let watcher = Task {
      for await state in meter.states {
        report("[demo] parkingMeter state: \(state)")
      }
    }
    parts.withLock {
      $0 = Parts(
        client: client, meter: meter, player: player, paginator: paginator, watcher: watcher)
    }
    for await event in client.connectionEvents where event == .connected { break }
    meter.accept(.enterPlate("B-42"))
    meter.accept(.insert(amount: 1))
    meter.accept(.insert(amount: 5))
    meter.accept(.leave)
    meter.accept(.enterPlate("C-7"))
    player.accept(.play)
    player.accept(.next)
    player.accept(.pause)
    paginator.accept(.load(isNextPage: false))
    return addresses
  }

  /// Stops the client, the features and the inspector.
  public func shutdown() async {
    let current = parts.withLock { parts in
      defer { parts = nil }
      return parts
    }
    if let current {
      await current.client.stop()
      current.meter.dispose()
      current.player.dispose()
      current.paginator.dispose()
      current.watcher.cancel()
      await current.watcher.value
    }
    await server.shutdown()
  }
}
