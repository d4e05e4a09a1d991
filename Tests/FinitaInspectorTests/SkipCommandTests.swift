#if Inspector
  import Finita
  import FinitaInspector
  import FinitaInspectorClient
  import FinitaInspectorProtocol
  import FinitaRedux
  import Foundation
  import Testing

  /// A tally kept by a store: the test's store state.
  struct Tally: Codable, Sendable, Equatable {
    var total = 0
  }

  /// What the tally's store is dispatched.
  enum TallyAction: Codable, Sendable, Equatable {
    case add(Int)
    case double
  }

  // Serialized with the other inspector suites' reasoning: the client's interceptor is global.
  @Suite("Skipping a step from the page", .serialized)
  struct SkipCommandTests {
    /// The numbers of the `state` steps among `events`, oldest first.
    private func stateSteps(_ events: [StageEvent]) -> [Int] {
      events.filter { $0.stage == "state" }.compactMap(\.step)
    }

    @Test("a skipped increment is left out of the later states, and the live count drops")
    func skipRecomputesAndGoesLive() async throws {
      let inspector = try await LoopbackInspector(features: "skipper")
      let (loader, target, events) = try await inspector.inspectLoader(increments: 3)
      #expect(await state(of: loader) { $0.count == 3 } != nil)
      let steps = stateSteps(events)
      let wishStep = try #require(events.first { $0.stage == "wish" }?.step)

      // The second increment left out: the second state stays at 1, the third is 2, and 2 is
      // live, recorded as a jump.
      let skipped = try await inspector.command(.skip, to: target, skipped: [steps[1]])
      #expect(skipped.ok, "\(skipped.message)")
      #expect(skipped.recomputed?.map(\.step) == [steps[1], steps[2]])
      #expect(skipped.recomputed?.map { $0.state["count"] } == [1, 2])
      #expect(await state(of: loader) { $0.count == 2 } != nil)
      #expect(!loader.isTravelling)
      let jumps = try await inspector.events(of: target) { events in
        events.contains { $0.stage == StageEvent.jumpStage }
      }.filter { $0.stage == StageEvent.jumpStage }
      #expect(jumps.map(\.text) == ["skipped step \(steps[1]): states recomputed"])
      #expect(jumps.first?.state?["count"] == 2)

      // The skip set is sent whole: an empty one puts the history back.
      let restored = try await inspector.command(.skip, to: target, skipped: [])
      #expect(restored.ok, "\(restored.message)")
      #expect(restored.recomputed?.map { $0.state["count"] } == [2, 3])
      #expect(await state(of: loader) { $0.count == 3 } != nil)
      // Nothing skipped before or now: nothing to do.
      let nothing = try await inspector.command(.skip, to: target, skipped: [])
      #expect(nothing.ok && nothing.recomputed == [], "\(nothing.message)")

      // A wish is not a step whose effect can be left out; a number past the newest step is
      // not a step at all.
      let wrong = try await inspector.command(.skip, to: target, skipped: [wishStep])
      #expect(!wrong.ok)
      #expect(wrong.message.contains("only effects"), "\(wrong.message)")
      let future = try await inspector.command(.skip, to: target, skipped: [steps[2] + 100])
      #expect(!future.ok)
      #expect(future.message.contains("is not one of the feature's steps"), "\(future.message)")
      #expect(await state(of: loader) { $0.count == 3 } != nil)

      // A travel continued from is a jump the states after it do not follow from.
      #expect(try await inspector.command(.skip, to: target, skipped: [steps[0]]).ok)
      let nine: JSONValue = ["count": 9, "items": [], "isLoading": false]
      #expect(try await inspector.command(.travel, to: target, state: nine).ok)
      #expect(try await inspector.command(.continue, to: target).ok)
      let afterJump = try await inspector.command(.skip, to: target, skipped: [steps[1]])
      #expect(!afterJump.ok)
      #expect(afterJump.message.contains("The state was replaced at step"), "\(afterJump.message)")
      #expect(await state(of: loader) { $0.count == 9 } != nil)

      loader.dispose()
      await inspector.stop()
    }

    @Test("a skip while another thread keeps sending wishes loses none of them")
    func skipWhileBusy() async throws {
      let inspector = try await LoopbackInspector(features: "busy")
      let (loader, target, events) = try await inspector.inspectLoader(increments: 3)
      let steps = stateSteps(events)

      // 300 more increments from another thread while the page skips the second one: each is
      // counted, either in the recomputed states (handled before the skip held the feature)
      // or after them (held, then handled against the recomputed state).
      let sender = Task.detached {
        for _ in 0..<300 { loader.accept(.increment) }
      }
      let skipped = try await inspector.command(.skip, to: target, skipped: [steps[1]])
      await sender.value
      #expect(skipped.ok, "\(skipped.message)")
      await loader.idle()
      #expect(loader.state.count == 302)
      #expect(!loader.isTravelling)

      // A refused skip leaves a live feature live, with nothing lost either.
      let again = Task.detached {
        for _ in 0..<100 { loader.accept(.increment) }
      }
      let refused = try await inspector.command(.skip, to: target, skipped: [-1])
      await again.value
      #expect(!refused.ok)
      await loader.idle()
      #expect(loader.state.count == 402)
      #expect(!loader.isTravelling)

      loader.dispose()
      await inspector.stop()
    }

    @Test("a store's skipped action is reduced out of its states and its undo history")
    func storeSkip() async throws {
      let inspector = try await LoopbackInspector(features: "tally")
      // A middleware that passes every action on: the store commits what the pass reduced, and
      // the skip reduces the actions again instead of restoring the committed states.
      let store = Store(
        initialState: Tally(), middleware: [Middleware { _, next, action in next(action) }],
        history: HistoryOptions(limit: 10), configuration: .init(name: "tally")
      ) { (tally: inout Tally, action: TallyAction) in
        switch action {
        case .add(let amount): tally.total += amount
        case .double: tally.total *= 2
        }
      }
      inspector.client.inspect(store, actionExample: .add(1))
      let target = try await inspector.bound("tally")
      for action in [TallyAction.add(1), .add(2), .double] { store.dispatch(action) }
      #expect(store.state.total == 6)
      let steps = stateSteps(
        try await inspector.events(of: target) { stateSteps($0).count >= 3 })

      // Without add(2): 1, still 1, then doubled to 2; the store is live at 2.
      let skipped = try await inspector.command(.skip, to: target, skipped: [steps[1]])
      #expect(skipped.ok, "\(skipped.message)")
      #expect(skipped.recomputed?.map(\.step) == [steps[1], steps[2]])
      #expect(skipped.recomputed?.map(\.state) == [["total": 1], ["total": 2]])
      #expect(store.state.total == 2)
      #expect(!store.isTravelling)
      // The undo history was worked out again too: undo goes back to 1, not to 3.
      store.undo()
      #expect(store.state.total == 1)
      let undone = try await inspector.events(of: target) { stateSteps($0).count >= 4 }

      // Undo is no action: it cannot be skipped.
      let undoStep = try #require(stateSteps(undone).last)
      let refused = try await inspector.command(.skip, to: target, skipped: [undoStep])
      #expect(!refused.ok)
      #expect(refused.message.contains("only dispatched actions"), "\(refused.message)")
      #expect(store.state.total == 1)

      // Counted again: add(2) is back, and so are its later states.
      let restored = try await inspector.command(.skip, to: target, skipped: [])
      #expect(restored.ok, "\(restored.message)")
      #expect(restored.recomputed?.map(\.state) == [["total": 3], ["total": 6], ["total": 3]])
      #expect(store.state.total == 3)

      store.dispose()
      await inspector.stop()
    }
  }
#endif  // Inspector
