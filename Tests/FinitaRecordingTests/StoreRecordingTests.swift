import Finita
import FinitaRecording
import FinitaRedux
import Foundation
import Testing

private struct Tally: Codable, Equatable, Sendable {
  var total = 0
  var notes: [String] = []
}

private enum TallyAction: Codable, Equatable, Sendable {
  case add(Int)
  case note(String)
}

private let tallyReducer = Reducer<Tally, TallyAction> { tally, action in
  switch action {
  case .add(let amount): tally.total += amount
  case .note(let text): tally.notes.append(text)
  }
}

/// Doubles what is added, and notes big additions with an action of its own.
private let doubling = Middleware<Tally, TallyAction> { store, next, action in
  guard case .add(let amount) = action else { return next(action) }
  next(.add(amount * 2))
  if amount > 2 { store.dispatch(.note("big \(amount)")) }
}

private typealias TallySession = StoreSession<Tally, TallyAction>

@Suite("Recordings of a Redux store")
struct StoreRecordingTests {
  private func makeStore(_ recorder: FeatureRecorder) -> Store<Tally, TallyAction> {
    Store(
      initialState: Tally(), reducer: tallyReducer, middleware: [doubling],
      history: HistoryOptions(limit: 10),
      configuration: .init(name: "tally", interceptors: [recorder]))
  }

  @Test("a store's session saves, reads back and replays: middleware, thunks, undo, redo, jump")
  func session() async throws {
    let recorder = FeatureRecorder()
    let store = makeStore(recorder)
    store.dispatch(.add(1))
    store.dispatch(.add(3))
    store.undo()
    store.undo()
    store.redo()
    store.jump(to: 3)
    _ = store.dispatch(Thunk { context in context.dispatch(.note("from a thunk")) })
    for await tally in store.states where tally.notes.contains("from a thunk") { break }
    store.dispatch(.add(2))
    #expect(store.state == Tally(total: 12, notes: ["big 3", "from a thunk"]))

    let recording = try #require(recorder.recording(of: store))
    #expect(recording.header.featureName == "tally")
    #expect(
      recording.wishes == [
        .dispatch(.add(1)), .dispatch(.add(3)), .dispatch(.note("big 3")), .undo, .undo, .redo,
        .jump(to: 3), .dispatch(.note("from a thunk")), .dispatch(.add(2)),
      ])
    // The Reducer's input, after the middleware: doubled.
    #expect(
      recording.steps.compactMap { step -> TallySession.Change? in
        step.stage == .effect ? step.effect : nil
      } == [
        .reduced(.add(2)), .reduced(.add(6)), .reduced(.note("big 3")), .undo, .undo, .redo,
        .jump(to: 3), .reduced(.note("from a thunk")), .reduced(.add(4)),
      ])
    #expect(recording.states.last?.present == store.state)
    #expect(recording.states.last == store.history)

    let file = try recording.jsonLines()
    let loaded = try Recording<TallySession>(jsonLines: file)
    let replay = loaded.replay { _ in
      TallySession(reducer: tallyReducer, history: HistoryOptions(limit: 10))
    }
    #expect(replay.divergence == nil, "\(String(describing: replay.divergence))")
    #expect(replay.finalState == store.history)
    #expect(replay.substitutedEffects == 9)
    store.dispose()
  }

  @Test("a changed reducer diverges at the first state it changes, with a diff")
  func divergence() throws {
    let recorder = FeatureRecorder()
    let store = makeStore(recorder)
    store.dispatch(.add(1))
    store.dispatch(.note("x"))
    let recording = try Recording<TallySession>(
      jsonLines: try #require(recorder.recording(of: store)).jsonLines())
    let changed = Reducer<Tally, TallyAction> { tally, action in
      switch action {
      case .add(let amount): tally.total += amount
      case .note(let text): tally.notes.append(text.uppercased())
      }
    }
    let replay = recording.replay { _ in
      TallySession(reducer: changed, history: HistoryOptions(limit: 10))
    }
    let divergence = try #require(replay.divergence)
    let noteState = try #require(
      recording.steps.first { $0.stage == .state && $0.state?.present.notes == ["x"] })
    #expect(divergence.step == noteState.number)
    #expect("\(divergence)".contains("\"X\""), "\(divergence)")
    store.dispose()
  }

  @Test("a history saves with its position; one that does not fit its limit is refused")
  func historyCodable() throws {
    let recorder = FeatureRecorder()
    let store = makeStore(recorder)
    for amount in [1, 1, 1] { store.dispatch(.add(amount)) }
    store.undo()
    let data = try JSONEncoder().encode(store.history)
    let decoded = try JSONDecoder().decode(StoreHistory<Tally>.self, from: data)
    #expect(decoded == store.history)
    #expect(decoded.currentIndex == 2)
    #expect(decoded.future.map(\.total) == [6])
    let tooLong =
      #"{"limit":1,"past":[{"total":0,"notes":[]},{"total":1,"notes":[]}],"#
      + #""present":{"total":2,"notes":[]}}"#
    #expect {
      try JSONDecoder().decode(StoreHistory<Tally>.self, from: Data(tooLong.utf8))
    } throws: { error in
      "\(error)".contains("2 past and 0 future states do not fit a history of limit 1")
    }
    #expect(recorder.recording(of: Store<Int, TallyAction>(initialState: 0) { _, _ in }) == nil)
    store.dispose()
  }
}
