import Finita
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

@Suite("Feature event log memory", .serialized, .threadTestsTimeLimit)
struct FeatureEventLogMemoryTests {
  @Test(
    "a freed block is handed to the next request of its size class, rounded up to a power of two")
  func reuse() {
    let memory = FeatureEventLogMemory(limit: 1 << 20)
    #expect(memory.keptSize(byteCount: 16_384, alignment: 8) == 16_384)
    #expect(memory.keptSize(byteCount: 16_385, alignment: 8) == 32_768)
    #expect(memory.keptSize(byteCount: 32_768, alignment: 16) == 32_768)
    let block = memory.allocate(byteCount: 20_000, alignment: 8)
    // The whole class is usable: a block for 20,000 bytes holds 32,768.
    block.initializeMemory(as: UInt8.self, repeating: 7, count: 32_768)
    memory.deallocate(block, byteCount: 20_000, alignment: 8)
    #expect(memory.keptBytes == 32_768)
    let again = memory.allocate(byteCount: 30_000, alignment: 16)
    #expect(again == block)
    #expect(memory.keptBytes == 0)
    // Another class does not take it.
    memory.deallocate(again, byteCount: 30_000, alignment: 16)
    let larger = memory.allocate(byteCount: 40_000, alignment: 8)
    #expect(larger != block)
    #expect(memory.keptBytes == 32_768)
    memory.deallocate(larger, byteCount: 40_000, alignment: 8)
    #expect(memory.keptBytes == 32_768 + 65_536)
    memory.release()
    #expect(memory.keptBytes == 0)
  }

  @Test("small blocks, blocks over the limit and blocks aligned past 16 bytes are not kept")
  func notKept() {
    let memory = FeatureEventLogMemory(limit: 1 << 16)
    #expect(memory.keptSize(byteCount: 16_383, alignment: 8) == nil)
    #expect(memory.keptSize(byteCount: (1 << 16) + 1, alignment: 8) == nil)
    #expect(memory.keptSize(byteCount: 20_000, alignment: 32) == nil)
    for (size, alignment) in [(100, 8), (16_383, 8), (70_000, 8), (20_000, 32)] {
      let block = memory.allocate(byteCount: size, alignment: alignment)
      #expect(Int(bitPattern: block) % alignment == 0)
      memory.deallocate(block, byteCount: size, alignment: alignment)
      #expect(memory.keptBytes == 0, "\(size) bytes aligned to \(alignment)")
    }
  }

  @Test("at most the limit is kept; past it a freed block goes back to the system")
  func limit() {
    let memory = FeatureEventLogMemory(limit: 100_000)
    let blocks = (0..<4).map { _ in memory.allocate(byteCount: 30_000, alignment: 8) }
    for block in blocks { memory.deallocate(block, byteCount: 30_000, alignment: 8) }
    // Three blocks of 32,768 bytes fit in 100,000; the fourth does not.
    #expect(memory.keptBytes == 3 * 32_768)
    // The three kept are handed out again, the last given back first.
    let taken = (0..<3).map { _ in memory.allocate(byteCount: 30_000, alignment: 8) }
    #expect(taken == blocks.prefix(3).reversed())
    #expect(memory.keptBytes == 0)
    for block in taken { memory.deallocate(block, byteCount: 30_000, alignment: 8) }
  }

  @Test("threads taking and giving back blocks never share one, and the total stays in the limit")
  func threads() async {
    let memory = FeatureEventLogMemory(limit: 8 * 65_536)
    let shared = Mutex(0)
    await runOnThreads(8) { thread in
      for round in 0..<2_000 {
        let size = [20_000, 40_000, 60_000][(thread + round) % 3]
        let block = memory.allocate(byteCount: size, alignment: 8)
        let words = block.bindMemory(to: Int.self, capacity: size / 8)
        let mark = thread * 1_000_000 + round
        words[0] = mark
        words[size / 8 - 1] = mark
        // Another taker of the same block would overwrite the marks.
        if words[0] != mark || words[size / 8 - 1] != mark { shared.withLock { $0 += 1 } }
        memory.deallocate(block, byteCount: size, alignment: 8)
      }
    }
    #expect(shared.withLock { $0 } == 0)
    #expect(memory.keptBytes <= memory.limit)
  }

  @Test("values kept before the slots grew read back after, of trivial types and of others")
  func valuesSurviveGrowth() throws {
    // 3,000 wishes of 5 or 6 stages, in a log that never drops: the slots grow from 16 to
    // 16,384, and every value moved at each step is read back.
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
    "logs of one definition and then another, each grown in blocks an earlier log gave back, read back their own values and end them"
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

      // A log of trivial values takes blocks the notebook's logs gave back.
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
    #expect(FeatureEventLogMemory.shared.keptBytes <= FeatureEventLogMemory.shared.limit)
  }
}
