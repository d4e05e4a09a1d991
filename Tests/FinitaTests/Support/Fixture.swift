import Finita

/// Fixture F of the acceptance scenarios: state `{id: "", counter: 100, loading: false}`.
struct FixtureState: Equatable, Sendable, CustomStringConvertible {
  var id = ""
  var counter = 100
  var loading = false

  var description: String { "(\(counter), \(loading)\(id.isEmpty ? "" : ", \(id)"))" }

  static let loopbacks: [FixtureState] = [
    .init(id: "LB0", counter: 0),
    .init(id: "LB1", counter: 1),
    .init(id: "LB2", counter: 2),
    .init(id: "LB3", counter: 3),
  ]
}

/// The fixture's wishes (wish == action unless a scenario says otherwise).
enum FixtureWish: Equatable, Sendable, CustomStringConvertible {
  /// The actor emits nothing.
  case u
  /// x10 only if `counter % 3 == 0`.
  case m
  /// +2.
  case i1
  /// +100.
  case i2
  /// `StartedAsync` at once, then +5 with loading false after the delay.
  case async(Duration)
  /// Three effects that leave the state unchanged.
  case t3
  /// Sets the state to `loopbacks[n]`.
  case loopback(Int)
  /// Sets the id.
  case setID(String)
  /// Adds a value.
  case add(Int)
  /// Asynchronous work that throws for odd values and adds even ones.
  case failIfOdd(Int)
  /// Reads the feature's state after each effect it sends, from inside the effect.
  case probe
  /// Wish used by the post-processor scenario.
  case p
  /// Records the sending thread's number and sequence, for the threading scenario.
  case tagged(thread: Int, sequence: Int)

  var description: String {
    switch self {
    case .u: "U"
    case .m: "M"
    case .i1: "I1"
    case .i2: "I2"
    case .async(let delay): "A(\(delay))"
    case .t3: "T3"
    case .loopback(let n): "L\(n)"
    case .setID(let id): "setID(\(id))"
    case .add(let n): "add(\(n))"
    case .failIfOdd(let n): "failIfOdd(\(n))"
    case .probe: "probe"
    case .p: "P"
    case .tagged(let thread, let sequence): "tagged(\(thread), \(sequence))"
    }
  }
}

enum FixtureEffect: Equatable, Sendable {
  case multiplied(by: Int)
  case added(Int)
  case startedAsync
  case finishedAsync(Int)
  case unchanged
  case replaced(FixtureState)
  case idSet(String)
  case failed(String)
  case tagged(thread: Int, sequence: Int)
}

enum FixtureNews: Equatable, Sendable {
  case loopback
  case number(Int)
  case constant
  case named(String)
}

struct FixtureError: Error, Equatable {
  let value: Int
}

/// The fixture definition. Optional parts are closures so each scenario sets what it needs.
struct Fixture: FeatureDefinition {
  typealias Wish = FixtureWish
  typealias Action = FixtureWish
  typealias Effect = FixtureEffect
  typealias State = FixtureState
  typealias News = FixtureNews

  var clock: any Clock<Duration>
  var log = ActorLog()
  var news: (@Sendable (FixtureWish, FixtureEffect, FixtureState) -> FixtureNews?)?
  var post: (@Sendable (FixtureWish, FixtureEffect, FixtureState) -> FixtureWish?)?
  var boot: @Sendable () -> Effects<FixtureWish> = { .none }
  var mapsErrors = false
  var stateProbe = StateProbe()
  var reducerGuard: ConcurrencyGuard?

  func act(_ state: FixtureState, _ action: FixtureWish) -> Effects<FixtureEffect> {
    reducerGuard?.enter()
    defer { reducerGuard?.leave() }
    log.append(action, state)
    switch action {
    case .u:
      return .none
    case .m:
      return state.counter % 3 == 0 ? .just(.multiplied(by: 10)) : .none
    case .i1:
      return .just(.added(2))
    case .i2:
      return .just(.added(100))
    case .async(let delay):
      let clock = self.clock
      let log = self.log
      return .concatenate(
        .just(.startedAsync),
        .run { send in
          do {
            try await clock.sleep(for: delay)
          } catch {
            log.recordCancellation()
            throw error
          }
          send(.finishedAsync(5))
        }
      )
    case .t3:
      return .many(.unchanged, .unchanged, .unchanged)
    case .loopback(let n):
      return .just(.replaced(FixtureState.loopbacks[n]))
    case .setID(let id):
      return .just(.idSet(id))
    case .add(let n):
      return .just(.added(n))
    case .failIfOdd(let n):
      return .run { send in
        if n % 2 == 1 { throw FixtureError(value: n) }
        send(.added(n))
      }
    case .probe:
      let probe = stateProbe
      return .run { send in
        send(.added(2))
        probe.record()
        send(.added(3))
        probe.record()
      }
    case .p:
      return .just(.added(1))
    case .tagged(let thread, let sequence):
      return .just(.tagged(thread: thread, sequence: sequence))
    }
  }

  func reduce(_ state: inout FixtureState, _ effect: FixtureEffect) {
    reducerGuard?.enter()
    defer { reducerGuard?.leave() }
    switch effect {
    case .multiplied(let factor): state.counter *= factor
    case .added(let n): state.counter += n
    case .startedAsync: state.loading = true
    case .finishedAsync(let n):
      state.counter += n
      state.loading = false
    case .unchanged: break
    case .replaced(let new): state = new
    case .idSet(let id): state.id = id
    case .failed(let message): state.id = message
    case .tagged: state.counter += 1
    }
  }

  func publishNews(_ action: FixtureWish, _ effect: FixtureEffect, _ state: FixtureState)
    -> FixtureNews?
  {
    news?(action, effect, state)
  }

  func postProcess(_ action: FixtureWish, _ effect: FixtureEffect, _ state: FixtureState)
    -> FixtureWish?
  {
    post?(action, effect, state)
  }

  func bootstrap() -> Effects<FixtureWish> {
    log.recordBootstrap()
    return boot()
  }

  func effect(for error: any Error, from action: FixtureWish) -> FixtureEffect? {
    mapsErrors ? .failed("error \(error) from \(action)") : nil
  }
}

/// Lets an effect read its feature's state, as a service injected into the Actor would.
final class StateProbe: Sendable {
  private let feature = Locked<Feature<Fixture>?>(nil)
  let readings = Locked<[Int]>([])

  func attach(_ feature: Feature<Fixture>) { self.feature.set(feature) }
  func detach() { feature.set(nil) }

  func record() {
    if let counter = feature.value?.state.counter {
      readings.modify { $0.append(counter) }
    }
  }
}

/// Records every Actor call with the state it saw.
final class ActorLog: Sendable {
  struct Entry: Equatable, CustomStringConvertible {
    let action: FixtureWish
    let state: FixtureState
    var description: String { "(\(action), \(state))" }
  }

  private let entries = Locked<[Entry]>([])
  private let bootstraps = Locked(0)
  private let cancellations = Recorder<Void>()

  func append(_ action: FixtureWish, _ state: FixtureState) {
    entries.modify { $0.append(Entry(action: action, state: state)) }
  }

  var calls: [Entry] { entries.value }
  var actions: [FixtureWish] { entries.value.map(\.action) }

  func recordBootstrap() { bootstraps.modify { $0 += 1 } }
  var bootstrapCount: Int { bootstraps.value }

  func recordCancellation() { cancellations.append(()) }
  var cancellationCount: Int { cancellations.values.count }
  func waitForCancellations(_ count: Int) async { await cancellations.waitFor(count: count) }
}
