import Finita

/// A counter with a synchronous and an asynchronous wish, and news when it reaches a goal.
struct Counter: FeatureDefinition {
  struct State: Sendable, CustomStringConvertible {
    var count = 0
    var isWaiting = false
    var description: String { "count: \(count)\(isWaiting ? ", waiting" : "")" }
  }

  enum Wish: Sendable {
    case increment
    case incrementLater
  }

  enum Effect: Sendable {
    case incremented
    case waitingStarted
  }

  enum News: Sendable {
    case goalReached(Int)
  }

  let goal: Int
  let clock: any Clock<Duration>

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .increment:
      .just(.incremented)
    case .incrementLater:
      .concatenate(
        .just(.waitingStarted),
        .delayed(.incremented, by: .milliseconds(100), clock: clock)
      )
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .incremented:
      state.count += 1
      state.isWaiting = false
    case .waitingStarted:
      state.isWaiting = true
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .incremented = effect, state.count == goal { return .goalReached(goal) }
    return nil
  }
}

enum CounterTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Counter: a Feature with a synchronous wish, an async effect and news")
    let counter = Feature(
      initialState: Counter.State(),
      definition: Counter(goal: 3, clock: ContinuousClock()),
      configuration: .init(name: "Counter"),
      trace: tracePrinter(Counter.self)
    )
    let news = counter.news
    counter.accept(.increment)
    counter.accept(.increment)
    counter.accept(.incrementLater)
    for await item in news {
      output.note("(the app received \(item))")
      break
    }
    // The thread that delivered the news may still be finishing its step: wait for it, so that
    // `disposed` is printed here and not in the next section.
    await counter.idle()
    counter.dispose()
  }
}
