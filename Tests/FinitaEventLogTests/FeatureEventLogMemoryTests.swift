import Finita
import FinitaEventLog
import FinitaFixtures
import Synchronization
import Testing

/// A feature whose values have references: a log of it keeps strings and objects, and ends
/// them when it ends.
private struct Notebook: FeatureDefinition {
  final class Page: Sendable {
    static let alive = Mutex(0)
    let text: String
    init(_ text: String) {
      self.text = text
      Self.alive.withLock { $0 += 1 }
    }
    deinit { Self.alive.withLock { $0 -= 1 } }
  }
  struct State: Sendable {
    var title = ""
    var written = 0
    var pages: [Page] = []
  }
  enum Wish: Sendable {
    case write(String)
  }
  typealias Action = Wish
  enum Effect: Sendable {
    case written(Page)
  }
  typealias News = String

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .write(let text): .just(.written(Page(text)))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .written(let page):
      state.written += 1
      state.title = "page \(state.written): \(page.text)"
      state.pages = Array((state.pages + [page]).suffix(3))
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> String? {
    state.title
  }
}

/// A counter whose values are of trivial types (whose rings keep no filled count), with news for
/// every third count.
private struct Tally: FeatureDefinition {
  enum Wish: Sendable { case add }
  typealias Action = Wish
  enum Effect: Sendable { case added }
  typealias News = Int
  func act(_ state: Int, _ action: Wish) -> Effects<Effect> { .just(.added) }
  func reduce(_ state: inout Int, _ effect: Effect) { state += 1 }
  func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> Int? {
    state % 3 == 0 ? state : nil
  }
}

/// What a log keeps is its own: values read back as written however far the log grew, and let go
/// with the log.
@Suite("Feature event log memory", .serialized, .threadTestsTimeLimit)
struct FeatureEventLogMemoryTests {
  @Test("values kept while the log grew read back after, of trivial types and of others")
  func valuesSurviveGrowth() throws {
    // 3,000 wishes of 5 or 6 stages, in a log that never drops: every value is read back.
    let tallies = LogKeeper<Tally>(capacity: 100_000)
    let tally = Feature(
      initialState: 0, definition: Tally(), configuration: .init(interceptors: [tallies]))
    for _ in 0..<3_000 { tally.accept(.add) }
    let tallyEntries = try #require(tallies.log).read().entries
    #expect(tallyEntries.compactMap(\.values.state) == Array(0...3_000))
    #expect(tallyEntries.compactMap(\.values.news) == Array(stride(from: 3, through: 3_000, by: 3)))
    #expect(tallyEntries.compactMap(\.values.wish).count == 3_000)
    #expect(tallyEntries.compactMap(\.values.previousState) == Array(0..<3_000))
    tally.dispose()

    let notes = LogKeeper<Notebook>(capacity: 100_000)
    let notebook = Feature(
      initialState: Notebook.State(), definition: Notebook(),
      configuration: .init(interceptors: [notes]))
    for index in 0..<3_000 { notebook.accept(.write("\(index)")) }
    let noteEntries = try #require(notes.log).read().entries
    #expect(
      noteEntries.compactMap(\.values.news) == (0..<3_000).map { "page \($0 + 1): \($0)" })
    #expect(
      noteEntries.compactMap { entry -> String? in
        guard case .write(let text) = entry.values.wish else { return nil }
        return text
      } == (0..<3_000).map { "\($0)" })
    notebook.dispose()
  }

  @Test(
    "logs of one definition and then another, made one after another, read back their own values and end them"
  )
  func logsReuseBlocks() throws {
    for round in 0..<3 {
      let notes = LogKeeper<Notebook>(capacity: 3_000)
      let notebook = Feature(
        initialState: Notebook.State(), definition: Notebook(),
        configuration: .init(interceptors: [notes]))
      for index in 0..<1_500 { notebook.accept(.write("\(round)-\(index)")) }
      let log = try #require(notes.log)
      let contents = log.read()
      #expect(contents.entries.count == 3_000)
      #expect(contents.entries.compactMap(\.values.news).last == "page 1500: \(round)-1499")
      let states = contents.entries.compactMap(\.values.state)
      #expect(
        states.last?.pages.map(\.text) == ["\(round)-1497", "\(round)-1498", "\(round)-1499"])
      notebook.dispose()

      let tallies = LogKeeper<Tally>(capacity: 5_000)
      let tally = Feature(
        initialState: 0, definition: Tally(), configuration: .init(interceptors: [tallies]))
      for _ in 0..<2_000 { tally.accept(.add) }
      let tallyLog = try #require(tallies.log)
      let tallyStates = tallyLog.read().entries.compactMap(\.values.state)
      #expect(tallyStates.last == 2_000)
      #expect(tallyStates == Array((2_000 - tallyStates.count + 1)...2_000))
      tally.dispose()
      tallies.forget()
    }
    // Every page the logs kept was ended with them.
    #expect(Notebook.Page.alive.withLock { $0 } == 0)
  }
}
