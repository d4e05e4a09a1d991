import Finita
import FinitaTesting
import Testing

struct ProfileViewState: Equatable, Sendable {
  var title: String
  var isSpinnerVisible: Bool
}

@Suite("UIStateMapper", .timeLimit(.minutes(1)))
struct UIStateMapperTests {
  private func makeMapper() -> (Feature<Profile>, Feature<Worker>, UIStateMapper<ProfileViewState>)
  {
    let profile = Feature(initialState: Profile.State(), definition: Profile())
    let worker = Feature(initialState: Worker.State(), definition: Worker(clock: VirtualClock()))
    let mapper = UIStateMapper(profile, worker) { profile, worker in
      ProfileViewState(
        title: "\(profile.name) (\(worker.finished.count))",
        isSpinnerVisible: profile.isLoading || worker.isWorking
      )
    }
    return (profile, worker, mapper)
  }

  @Test("the view state is available at once, built from the features' current states")
  func initialViewState() {
    let (_, _, mapper) = makeMapper()
    #expect(mapper.viewState == ProfileViewState(title: "Ann (0)", isSpinnerVisible: false))
  }

  @Test("a view state built from two features changes once per relevant change")
  func oncePerRelevantChange() {
    let (profile, worker, mapper) = makeMapper()
    let seen = Recorder<ProfileViewState>()
    let subscription = mapper.observe { seen.append($0) }

    profile.accept(.rename("Bea"))  // relevant
    profile.accept(.visit)  // a field the view does not show
    profile.accept(.touch)  // three effects that change nothing
    worker.accept(.finish(1))  // relevant
    profile.accept(.setLoading(true))  // relevant
    worker.accept(.finish(2))  // relevant: the count
    profile.accept(.rename("Bea"))  // same name again

    #expect(
      seen.values == [
        ProfileViewState(title: "Ann (0)", isSpinnerVisible: false),
        ProfileViewState(title: "Bea (0)", isSpinnerVisible: false),
        ProfileViewState(title: "Bea (1)", isSpinnerVisible: false),
        ProfileViewState(title: "Bea (1)", isSpinnerVisible: true),
        ProfileViewState(title: "Bea (2)", isSpinnerVisible: true),
      ]
    )
    subscription.cancel()
  }

  @Test("features with the same state type are passed to map in the order given")
  func argumentOrder() {
    let first = Feature(memo: "first")
    let second = Feature(memo: "second")
    let third = Feature(memo: 3)
    let mapper = UIStateMapper(first, second, third) { a, b, c in "\(a) \(b) \(c)" }
    #expect(mapper.viewState == "first second 3")
    second.accept("2nd")
    #expect(mapper.viewState == "first 2nd 3")
  }

  @Test("an observer that sends a wish sees the resulting view state after the current one")
  func reentrantObserver() {
    let counter = Feature(memo: 0)
    let mapper = UIStateMapper(counter) { $0 }
    let seen = Recorder<Int>()
    let subscription = mapper.observe { value in
      seen.append(value)
      if value < 3 { counter.accept(value + 1) }
      seen.append(-value)
    }
    #expect(seen.values == [0, -0, 1, -1, 2, -2, 3, -3])
    subscription.cancel()
  }

  @Test("an observer cancelled before its subscription is drained never receives")
  func cancelledBeforeDrained() {
    let counter = Feature(memo: 0)
    let mapper = UIStateMapper(counter) { $0 }
    let zombie = Recorder<Int>()
    let subscription = mapper.observe { value in
      guard value == 1 else { return }
      // Queued behind this delivery, then cancelled before the drainer reaches it.
      mapper.observe { zombie.append($0) }.cancel()
    }
    for value in 1...3 { counter.accept(value) }
    #expect(zombie.values == [])
    subscription.cancel()
  }

  @Test("view states from features changed on several threads arrive in order, the last one last")
  func concurrentFeatures() async {
    let left = Feature(memo: 0)
    let right = Feature(memo: 0)
    let mapper = UIStateMapper(left, right) { $0 + $1 }
    let seen = Recorder<Int>()
    let subscription = mapper.observe { seen.append($0) }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for value in 1...500 { left.accept(value) } }
      group.addTask { for value in 1...500 { right.accept(value) } }
    }
    #expect(mapper.viewState == 1000)
    #expect(seen.values.last == 1000)
    #expect(seen.values == seen.values.sorted())
    subscription.cancel()
  }

  @Test("viewStates starts with the current view state and finishes when cancelled")
  func viewStatesStream() async {
    let counter = Feature(memo: 1)
    let mapper = UIStateMapper(counter) { $0 * 10 }
    let stream = mapper.viewStates
    counter.accept(2)
    counter.accept(2)
    counter.accept(3)
    mapper.cancel()
    counter.accept(4)
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [10, 20, 30])
    #expect(mapper.viewState == 30)
  }

  @Test("a mapper is a binding source: its view states drive another feature")
  func mapperAsSource() {
    let (profile, _, mapper) = makeMapper()
    let titles = Feature(
      initialState: [String](),
      reducer: { (titles: inout [String], title: String) in
        titles.append(title)
      })
    let binder = Binder()
    binder.bind(.states(of: mapper), to: .wishes(of: titles)) { $0.title }
    profile.accept(.rename("Cid"))
    profile.accept(.visit)
    #expect(titles.state == ["Ann (0)", "Cid (0)"])
    withExtendedLifetime(binder) {}
  }
}
