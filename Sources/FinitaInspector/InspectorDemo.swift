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

// The demo's machine travels and takes events as JSON; these encode as Swift's synthesized
// Codable would, so the page shows {"insert":{"amount":3}}.
extension ParkingState: Codable {
  /// Reads `"idle"`, `"awaitingPayment"` or `"paid"`.
  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let state = Self.allCases.first(where: { "\($0)" == name }) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "\"\(name)\" is not a parking state; use idle, awaitingPayment or paid"
        ))
    }
    self = state
  }

  /// Writes the case's name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("\(self)")
  }
}

extension ParkingEvent: Codable {
  private enum CodingKeys: String, CodingKey {
    case enterPlate, insert, leave
  }

  private enum PlateKeys: String, CodingKey {
    case _0
  }

  private enum InsertKeys: String, CodingKey {
    case amount
  }

  /// Reads `{"enterPlate":{"_0":"B-42"}}`, `{"insert":{"amount":3}}` or `{"leave":{}}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "a parking event is an object with one key: enterPlate, insert or leave"))
    }
    switch key {
    case .enterPlate:
      let plate = try container.nestedContainer(keyedBy: PlateKeys.self, forKey: .enterPlate)
      self = .enterPlate(try plate.decode(String.self, forKey: ._0))
    case .insert:
      let insert = try container.nestedContainer(keyedBy: InsertKeys.self, forKey: .insert)
      self = .insert(amount: try insert.decode(Int.self, forKey: .amount))
    case .leave:
      self = .leave
    }
  }

  /// Writes the event as Swift's synthesized `Codable` writes enums.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .enterPlate(let plate):
      var nested = container.nestedContainer(keyedBy: PlateKeys.self, forKey: .enterPlate)
      try nested.encode(plate, forKey: ._0)
    case .insert(let amount):
      var nested = container.nestedContainer(keyedBy: InsertKeys.self, forKey: .insert)
      try nested.encode(amount, forKey: .amount)
    case .leave:
      _ = container.nestedContainer(keyedBy: InsertKeys.self, forKey: .leave)
    }
  }
}
