import Finita

/// A feature that records what its Actor receives, for binder scenarios.
struct Loader: FeatureDefinition {
  struct State: Equatable, Sendable {
    var loaded: [Int] = []
    var page = 0
  }

  enum Wish: Equatable, Sendable {
    case load(Int)
    case setPage(Int)
  }

  enum Effect: Sendable {
    case didLoad(Int)
    case pageSet(Int)
  }

  enum News: Equatable, Sendable {
    case loaded(Int)
  }

  struct Call: Equatable, Sendable {
    var wish: Wish
    var state: State
  }

  let log = Recorder<Call>()

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    log.append(Call(wish: action, state: state))
    switch action {
    case .load(let value): return .just(.didLoad(value))
    case .setPage(let page): return .just(.pageSet(page))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .didLoad(let value): state.loaded.append(value)
    case .pageSet(let page): state.page = page
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .didLoad(let value) = effect { return .loaded(value) }
    return nil
  }
}

/// A feature whose wish `finish(x)` publishes `done(x)`, optionally after a delay.
struct Worker: FeatureDefinition {
  struct State: Equatable, Sendable {
    var finished: [Int] = []
    var isWorking = false
  }

  enum Wish: Sendable {
    case finish(Int)
    case finishLater(Int, Duration)
  }

  enum Effect: Sendable {
    case started
    case finished(Int)
  }

  enum News: Equatable, Sendable {
    case done(Int)
  }

  let clock: any Clock<Duration>

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .finish(let value):
      .just(.finished(value))
    case .finishLater(let value, let delay):
      .concatenate(.just(.started), .delayed(.finished(value), by: delay, clock: clock))
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .started:
      state.isWorking = true
    case .finished(let value):
      state.finished.append(value)
      state.isWorking = false
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .finished(let value) = effect { return .done(value) }
    return nil
  }
}

/// A counter that tells others about its own increments, and counts increments mirrored from
/// a peer without telling anyone (so two of them bound both ways do not loop).
struct Echo: FeatureDefinition {
  struct State: Equatable, Sendable {
    var own = 0
    var mirrored = 0
  }

  enum Wish: Sendable {
    case increment
    case mirror
  }

  typealias Action = Wish
  typealias Effect = Wish

  enum News: Sendable {
    case didIncrement
  }

  func reduce(_ state: inout State, _ effect: Wish) {
    switch effect {
    case .increment: state.own += 1
    case .mirror: state.mirrored += 1
    }
  }

  func publishNews(_ action: Wish, _ effect: Wish, _ state: State) -> News? {
    if case .increment = effect { return .didIncrement }
    return nil
  }
}

/// A value that two features keep in sync: news only when the value really changes.
struct Synced: FeatureDefinition {
  typealias State = Int
  typealias Wish = Int
  typealias Effect = Int

  enum News: Equatable, Sendable {
    case changed(Int)
  }

  let log = Recorder<Int>()

  func act(_ state: Int, _ action: Int) -> Effects<Int> {
    log.append(action)
    return state == action ? .none : .just(action)
  }

  func reduce(_ state: inout Int, _ effect: Int) {
    state = effect
  }

  func publishNews(_ action: Int, _ effect: Int, _ state: Int) -> News? {
    .changed(state)
  }
}

/// Profile and settings features for the view-state scenarios.
struct Profile: FeatureDefinition {
  struct State: Equatable, Sendable {
    var name = "Ann"
    var visits = 0
    var isLoading = false
  }

  enum Wish: Sendable {
    case rename(String)
    case visit
    case setLoading(Bool)
    case touch
  }

  enum Effect: Sendable {
    case renamed(String)
    case visited
    case loading(Bool)
    case unchanged
  }

  enum News: Equatable, Sendable {
    case renamed(String)
  }

  func act(_ state: State, _ action: Wish) -> Effects<Effect> {
    switch action {
    case .rename(let name): .just(.renamed(name))
    case .visit: .just(.visited)
    case .setLoading(let isLoading): .just(.loading(isLoading))
    case .touch: .many(.unchanged, .unchanged, .unchanged)
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .renamed(let name): state.name = name
    case .visited: state.visits += 1
    case .loading(let isLoading): state.isLoading = isLoading
    case .unchanged: break
    }
  }

  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    if case .renamed(let name) = effect { return .renamed(name) }
    return nil
  }
}
