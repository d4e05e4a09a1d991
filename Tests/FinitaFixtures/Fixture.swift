import Finita

/// Fixture F of the acceptance scenarios: state `{id: "", counter: 100, loading: false}`.
package struct FixtureState: Equatable, Sendable, CustomStringConvertible {
  package var id: String
  package var counter: Int
  package var loading: Bool

  package init(id: String = "", counter: Int = 100, loading: Bool = false) {
    self.id = id
    self.counter = counter
    self.loading = loading
  }

  package var description: String { "(\(counter), \(loading)\(id.isEmpty ? "" : ", \(id)"))" }

  package static let loopbacks: [FixtureState] = [
    .init(id: "LB0", counter: 0),
    .init(id: "LB1", counter: 1),
    .init(id: "LB2", counter: 2),
    .init(id: "LB3", counter: 3),
  ]
}

/// The fixture's wishes (wish == action unless a scenario says otherwise).
package enum FixtureWish: Equatable, Sendable, CustomStringConvertible {
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

  package var description: String {
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

package enum FixtureEffect: Equatable, Sendable {
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

package enum FixtureNews: Equatable, Sendable {
  case loopback
  case number(Int)
  case constant
  case named(String)
}

package struct FixtureError: Error, Equatable {
  package let value: Int

  package init(value: Int) { self.value = value }
}

/// The fixture definition. Optional parts are closures so each scenario sets what it needs.
package struct Fixture: FeatureDefinition {
  package typealias Wish = FixtureWish
  package typealias Action = FixtureWish
  package typealias Effect = FixtureEffect
  package typealias State = FixtureState
  package typealias News = FixtureNews

  package var clock: any Clock<Duration>
  package var log = ActorLog()
  package var news: (@Sendable (FixtureWish, FixtureEffect, FixtureState) -> FixtureNews?)?
  package var post: (@Sendable (FixtureWish, FixtureEffect, FixtureState) -> FixtureWish?)?
  package var boot: @Sendable () -> Effects<FixtureWish> = { .none }
  package var mapsErrors = false
  package var stateProbe = StateProbe()
  package var reducerGuard: ConcurrencyGuard?

  package init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  package func act(_ state: FixtureState, _ action: FixtureWish) -> Effects<FixtureEffect> {
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

  package func reduce(_ state: inout FixtureState, _ effect: FixtureEffect) {
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

  package func publishNews(_ action: FixtureWish, _ effect: FixtureEffect, _ state: FixtureState)
    -> FixtureNews?
  {
    news?(action, effect, state)
  }

  package func postProcess(_ action: FixtureWish, _ effect: FixtureEffect, _ state: FixtureState)
    -> FixtureWish?
  {
    post?(action, effect, state)
  }

  package func bootstrap() -> Effects<FixtureWish> {
    log.recordBootstrap()
    return boot()
  }

  package func effect(for error: any Error, from action: FixtureWish) -> FixtureEffect? {
    mapsErrors ? .failed("error \(error) from \(action)") : nil
  }
}

/// Lets an effect read its feature's state, as a service injected into the Actor would.
package final class StateProbe: Sendable {
  private let feature = Locked<Feature<Fixture>?>(nil)
  package let readings = Locked<[Int]>([])

  package init() {}

  package func attach(_ feature: Feature<Fixture>) { self.feature.set(feature) }
  package func detach() { feature.set(nil) }

  package func record() {
    if let counter = feature.value?.state.counter {
      readings.modify { $0.append(counter) }
    }
  }
}

/// Records every Actor call with the state it saw.
package final class ActorLog: Sendable {
  package struct Entry: Equatable, CustomStringConvertible {
    package let action: FixtureWish
    package let state: FixtureState

    package init(action: FixtureWish, state: FixtureState) {
      self.action = action
      self.state = state
    }

    package var description: String { "(\(action), \(state))" }
  }

  private let entries = Locked<[Entry]>([])
  private let bootstraps = Locked(0)
  private let cancellations = Recorder<Void>()

  package init() {}

  package func append(_ action: FixtureWish, _ state: FixtureState) {
    entries.modify { $0.append(Entry(action: action, state: state)) }
  }

  package var calls: [Entry] { entries.value }
  package var actions: [FixtureWish] { entries.value.map(\.action) }

  package func recordBootstrap() { bootstraps.modify { $0 += 1 } }
  package var bootstrapCount: Int { bootstraps.value }

  package func recordCancellation() { cancellations.append(()) }
  package var cancellationCount: Int { cancellations.values.count }
  package func waitForCancellations(_ count: Int) async {
    await cancellations.waitFor(count: count)
  }
}
