import Finita
import FinitaFixtures
import Testing

@Suite("News scenarios (17-19)", .timeLimit(.minutes(1)))
struct NewsScenarioTests {
  @Test("17. no publisher, a nil publisher, a constant one, and a per-wish mapping")
  func newsPublishers() {
    let none = makeFixture()
    let (noNews, s1) = none.recordNews()
    for _ in 0..<3 { none.accept(.i1) }
    #expect(noNews.values.isEmpty)

    let silent = makeFixture { $0.news = { _, _, _ in nil } }
    let (silentNews, s2) = silent.recordNews()
    for _ in 0..<3 { silent.accept(.i1) }
    #expect(silentNews.values.isEmpty)

    let constant = makeFixture { $0.news = { _, _, _ in .constant } }
    let (constantNews, s3) = constant.recordNews()
    for _ in 0..<3 { constant.accept(.i1) }
    #expect(constantNews.values == [.constant, .constant, .constant])

    let mapping = makeFixture {
      $0.news = { action, _, _ in
        if case .add(let n) = action { return .number(n) }
        return nil
      }
    }
    let (mappedNews, s4) = mapping.recordNews()
    for n in [3, 1, 2] { mapping.accept(.add(n)) }
    #expect(mappedNews.values == [.number(3), .number(1), .number(2)])
    _ = (s1, s2, s3, s4)
  }

  @Test("18. news is not replayed to a subscriber that attaches after it was published")
  func newsIsNotReplayed() async {
    let feature = makeFixture { $0.news = { _, _, _ in .constant } }
    feature.accept(.i1)
    let (late, subscription) = feature.recordNews()
    #expect(late.values.isEmpty)
    let stream = feature.news
    feature.accept(.add(1))
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == .constant)
    #expect(late.values == [.constant])
    _ = subscription
  }

  @Test("19. a news observer reading state sees the state produced by the same effect")
  func newsObserverSeesMatchingState() {
    let feature = makeFixture {
      $0.news = { _, _, state in .number(state.counter) }
    }
    let seen = Locked<[Int]>([])
    let subscription = feature.observeNews { [feature] news in
      if case .number(let n) = news {
        seen.modify { $0.append(n == feature.state.counter ? n : -1) }
      }
    }
    feature.accept(.i1)
    feature.accept(.i2)
    #expect(seen.value == [102, 202])
    _ = subscription
  }
}
