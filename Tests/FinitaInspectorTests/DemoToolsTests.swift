#if Inspector
  import Finita
  import FinitaExamples
  import FinitaInspector
  import FinitaInspectorProtocol
  import Foundation
  import Testing

  @testable import FinitaInspectorClient
  @testable import FinitaInspectorDemo

  // Serialized with the loopback suite's reasons: the client's interceptor is global.
  @Suite("The demo's player and paginator show every tool", .serialized)
  struct DemoToolsTests {
    /// `value` through the JSON the page sees, and back.
    func roundTrip<Value: Codable>(_ value: Value) throws -> (json: JSONValue, back: Value) {
      let json = try JSONValueEncoder().encode(value)
      return (json, try JSONDecoding.decode(Value.self, from: json))
    }

    @Test("the player's and the paginator's types encode as Swift would synthesize, and back")
    func exampleCoding() throws {
      let player = MusicPlayerState(
        status: .paused, playlist: [Track(title: "Naima", artist: "John Coltrane")])
      let coded = try roundTrip(player)
      #expect(
        coded.json == [
          "status": ["paused": [:]], "playlist": [["title": "Naima", "artist": "John Coltrane"]],
          "trackIndex": 0,
        ])
      #expect(coded.back == player)
      #expect(try roundTrip(PlayerButton.next).json == ["next": [:]])

      let error = PageError(message: "Page 2 is unavailable")
      let items = PaginationItems(items: [ListItem(id: 1, title: "One")], nextPageIndex: 1)
      let states = [
        PaginationState(),
        PaginationState(data: .loading),
        PaginationState(data: .error(error)),
        PaginationState(data: .content(items, loadingOption: nil)),
        PaginationState(data: .content(items, loadingOption: .nextPageLoadingError(error))),
        PaginationState(
          data: .content(items, loadingOption: .refreshing),
          pendingChange: .edited(
            ListItem(id: 1, title: "Uno"), previous: ListItem(id: 1, title: "One"))),
        PaginationState(
          data: .content(items, loadingOption: nil),
          pendingChange: .deleted(ListItem(id: 2, title: "Two"), at: 1)),
      ]
      for state in states {
        #expect(try roundTrip(state).back == state)
      }
      #expect(
        try roundTrip(states[4]).json == [
          "data": [
            "content": [
              "_0": ["items": [["id": 1, "title": "One"]], "nextPageIndex": 1],
              "loadingOption": [
                "nextPageLoadingError": ["_0": ["message": "Page 2 is unavailable"]]
              ],
            ]
          ]
        ])
      let wishes: [PaginationWish] = [
        .load(isNextPage: true), .refresh, .itemDidAppear(at: 4),
        .edit(ListItem(id: 3, title: "Three")), .delete(itemID: 3),
      ]
      for wish in wishes {
        #expect(try roundTrip(wish).back == wish)
      }
      #expect(
        try roundTrip(PaginationWish.load(isNextPage: false)).json == [
          "load": ["isNextPage": false]
        ])
    }

    @Test("the paginator's diagram stage follows its state")
    func paginatorStages() {
      let items = PaginationItems(items: [], nextPageIndex: nil)
      let error = PageError(message: "no")
      let cases: [(PaginationState, PaginatorStages.Stage)] = [
        (PaginationState(), .initial),
        (PaginationState(data: .loading), .loading),
        (PaginationState(data: .error(error)), .error),
        (PaginationState(data: .content(items, loadingOption: nil)), .content),
        (PaginationState(data: .content(items, loadingOption: .refreshing)), .refreshing),
        (PaginationState(data: .content(items, loadingOption: .nextPageLoading)), .nextPageLoading),
        (
          PaginationState(data: .content(items, loadingOption: .nextPageLoadingError(error))),
          .nextPageLoadingError
        ),
        (
          PaginationState(
            data: .content(items, loadingOption: nil),
            pendingChange: .deleted(ListItem(id: 1, title: "One"), at: 0)),
          .deleted
        ),
      ]
      for (state, stage) in cases {
        #expect(PaginatorStages.stage(of: state) == stage, "\(state)")
      }
      // Every stage is drawn, and reached from the initial one.
      #expect(Set(PaginatorStages.automaton.states) == Set(PaginatorStages.Stage.allCases))
    }

    @Test(
      "the page can move the player and the paginator in time, send them wishes, and draw them",
      .timeLimit(.minutes(1)))
    func everyTool() async throws {
      let demo = InspectorDemo(server: InspectorServer(), loopInterval: nil, report: { _ in })
      let urls = try await demo.start()
      let (page, welcomed) = await openPage(urls.pageSocket)
      var received = welcomed
      var features: [String: FeatureDescriptor] = [:]
      var diagrams: [UInt64: DiagramUpdate] = [:]
      var app = ""
      func drawn(_ name: String) -> DiagramUpdate? { features[name].flatMap { diagrams[$0.id] } }
      while drawn("musicPlayer") == nil || drawn("paginator") == nil
        || features["paginator"]?.wishCases == nil
      {
        let envelope = try #require(await next(&received) { _ in true })
        if let feature = envelope.feature, let name = feature.name {
          features[name] = feature
          app = envelope.app ?? app
        }
        if let diagram = envelope.diagram { diagrams[diagram.feature] = diagram }
      }
      let player = try #require(features["musicPlayer"])
      let paginator = try #require(features["paginator"])
      #expect(player.canTravel && player.acceptsWishes)
      #expect(paginator.canTravel && paginator.acceptsWishes)
      #expect(player.wishCases?.map(\.name) == ["play", "pause", "stop", "next"])
      #expect(
        paginator.wishCases?.map(\.name) == ["load", "refresh", "itemDidAppear", "edit", "delete"])
      #expect(drawn("musicPlayer")?.mermaid?.contains("paused") == true)
      #expect(drawn("paginator")?.mermaid?.contains("nextPageLoadingError") == true)

      // The player: travel to its first state, then live again, then a wish.
      var seen: [StageEvent] = []
      let first: JSONValue = [
        "status": ["stopped": [:]], "trackIndex": 0,
        "playlist": [
          ["title": "Blue in Green", "artist": "Miles Davis"],
          ["title": "Naima", "artist": "John Coltrane"],
        ],
      ]
      let travelled = try #require(
        await command(
          1, .travel, feature: player.id, app: app, state: first, from: page,
          reading: &received, keeping: &seen))
      #expect(travelled.ok, "\(travelled.message)")
      let live = try #require(
        await command(
          2, .live, feature: player.id, app: app, from: page, reading: &received,
          keeping: &seen))
      #expect(live.ok, "\(live.message)")
      let sent = try #require(
        await command(
          3, .sendWish, feature: player.id, app: app, wish: ["stop": [:]], from: page,
          reading: &received, keeping: &seen))
      #expect(sent.message == "Sent stop.")

      // The paginator: a wish of each kind of field decodes; an unknown case lists the cases.
      let refresh = try #require(
        await command(
          4, .sendWish, feature: paginator.id, app: app, wish: ["itemDidAppear": ["at": 4]],
          from: page, reading: &received, keeping: &seen))
      #expect(refresh.message == "Sent itemDidAppear(at: 4).")
      let unknown = try #require(
        await command(
          5, .sendWish, feature: paginator.id, app: app, wish: ["scroll": [:]], from: page,
          reading: &received, keeping: &seen))
      #expect(!unknown.ok)
      #expect(unknown.message.contains("load(isNextPage: Bool), refresh"), "\(unknown.message)")
      // Travelled to its initial state, the paginator's diagram highlights the initial stage:
      // the reply and the redrawn diagram may come in either order.
      let initial: JSONValue = ["data": ["initial": [:]]]
      let expected = PaginatorStages.automaton.mermaid(highlighting: .initial)
      try page.send(
        InspectorEnvelope(
          .command(
            InspectorCommand(requestID: 6, feature: paginator.id, kind: .travel, state: initial)),
          app: app))
      var replied = false
      var redrawn = false
      while !(replied && redrawn) {
        let envelope = try #require(await next(&received) { _ in true })
        if let reply = envelope.reply, reply.requestID == 6 {
          #expect(reply.ok, "\(reply.message)")
          replied = true
        }
        if envelope.diagram?.feature == paginator.id, envelope.diagram?.mermaid == expected {
          redrawn = true
        }
      }
      await page.close()
      await demo.shutdown()
    }
  }
#endif  // Inspector
