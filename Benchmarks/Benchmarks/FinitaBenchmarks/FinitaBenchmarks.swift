import Benchmark
import BenchmarkMachines
import Finita
import FinitaAutomaton
import FinitaRedux
import Foundation

/// With `FINITA_BENCHMARK_SMOKE` set (as CI does), every benchmark runs once, briefly: a check
/// that the harness works, not a measurement.
let isSmokeRun = ProcessInfo.processInfo.environment["FINITA_BENCHMARK_SMOKE"] != nil

/// The configuration to use: `configuration`, or a one-iteration version of it in a smoke run.
func tuned(_ configuration: Benchmark.Configuration) -> Benchmark.Configuration {
  guard isSmokeRun else { return configuration }
  var smoke = configuration
  smoke.scalingFactor = .one
  smoke.maxIterations = 1
  smoke.maxDuration = .milliseconds(100)
  smoke.warmupIterations = 0
  return smoke
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = tuned(
    .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal],
      scalingFactor: .kilo,
      maxDuration: .seconds(3),
      maxIterations: 200
    )
  )

  // MARK: Baselines, measured in the same run.

  Benchmark("baseline: switch reducer on a struct") { benchmark in
    var counter = PlainCounter()
    for _ in benchmark.scaledIterations {
      counter.reduce(.increment)
      blackHole(counter.count)
    }
  }

  Benchmark("baseline: NSLock + switch reducer + 1 observer") { benchmark in
    let counter = LockedCounter { blackHole($0) }
    for _ in benchmark.scaledIterations {
      counter.accept(.increment)
    }
  }

  Benchmark("baseline: OpenCombine subject pipeline") { benchmark in
    let counter = CombineCounter { blackHole($0) }
    for _ in benchmark.scaledIterations {
      counter.wishes.send(.increment)
    }
  }

  // MARK: 1-2. The synchronous path.

  // With no interceptor the feature has no hook at all: the engine's plain synchronous path.
  syncWishBenchmark("1. sync wish -> effect -> state -> 1 observer", interceptors: [])

  Benchmark("2. sync wish with NewsPublisher and PostProcessor") { benchmark in
    let feature = Feature(
      initialState: Counter.State(),
      definition: Counter(publishesNews: true, postProcesses: true)
    )
    let states = feature.observeState { blackHole($0) }
    let news = feature.observeNews { blackHole($0) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      feature.accept(.incrementThenFollowUp)
    }
    benchmark.stopMeasurement()
    states.cancel()
    news.cancel()
  }

  // One link of benchmark 6's chain on its own: a wish whose feature publishes news to one
  // observer, with no state observer. The chain of 10 costs ten of these and what its links add.
  Benchmark("2. sync wish with NewsPublisher, 1 news observer") { benchmark in
    let feature = Feature(initialState: Counter.State(), definition: Counter(publishesNews: true))
    let news = feature.observeNews { blackHole($0) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      feature.accept(.increment)
    }
    benchmark.stopMeasurement()
    news.cancel()
  }

  // MARK: The Redux store on the same engine (issue 8).

  Benchmark("redux: dispatch, no middleware, 1 subscriber") { benchmark in
    let store = Store(
      initialState: PlainCounter(),
      reducer: Reducer { state, wish in state.reduce(wish) }
    )
    let subscription = store.subscribe { blackHole($0.count) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(Counter.Wish.increment)
    }
    benchmark.stopMeasurement()
    subscription.cancel()
  }

  Benchmark("redux: dispatch through 1 middleware, 1 subscriber") { benchmark in
    let store = Store(
      initialState: PlainCounter(),
      reducer: Reducer { state, wish in state.reduce(wish) },
      middleware: [Middleware { _, next, action in next(action) }]
    )
    let subscription = store.subscribe { blackHole($0.count) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(Counter.Wish.increment)
    }
    benchmark.stopMeasurement()
    subscription.cancel()
  }

  // MARK: 3. The Kotlin MVI benchmarks' operation.

  Benchmark(
    "3. create, 5,000 wishes, final state, dispose",
    configuration: tuned(.init(scalingFactor: .one))
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      let feature = Feature(initialState: Counter.State(), definition: Counter())
      for _ in 0..<5_000 { feature.accept(.increment) }
      precondition(feature.state.count == 5_000)
      feature.dispose()
    }
  }

  // MARK: 4. Asynchronous round trip.

  Benchmark("4. async run effect round trip", configuration: tuned(.init(scalingFactor: .one))) {
    benchmark in
    let feature = Feature(initialState: Counter.State(), definition: Counter())
    let waiter = RoundTripWaiter()
    let subscription = feature.observeState { waiter.stateDidChange($0.count) }
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      await waiter.wait(for: index + 1) { feature.accept(.incrementAsync) }
    }
    benchmark.stopMeasurement()
    subscription.cancel()
    feature.dispose()
  }

  // The same round trip without the engine: a task increments a locked counter and resumes the
  // waiting benchmark task, as the feature's work, reducer and observer do above.
  Benchmark(
    "baseline: Task + lock + continuation round trip",
    configuration: tuned(.init(scalingFactor: .one))
  ) { benchmark in
    let counter = LockedInteger()
    let waiter = RoundTripWaiter()
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      await waiter.wait(for: index + 1) {
        Task { waiter.stateDidChange(counter.increment()) }
      }
    }
    benchmark.stopMeasurement()
  }

  // MARK: 5. Fan-out.

  for observers in [1, 10, 100, 1_000] {
    Benchmark(
      "5. fan-out to \(observers) state observers",
      configuration: tuned(.init(scalingFactor: observers >= 100 ? .one : .kilo))
    ) { benchmark in
      let feature = Feature(initialState: Counter.State(), definition: Counter())
      let subscriptions = (0..<observers).map { _ in feature.observeState { blackHole($0) } }
      // The first notification after observers change copies the list once (O(n), 2 mallocs);
      // this measures the notifications after it.
      feature.accept(.increment)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        feature.accept(.increment)
      }
      benchmark.stopMeasurement()
      for subscription in subscriptions { subscription.cancel() }
    }
  }

  Benchmark(
    "5. observer churn: add 100,000 state observers, then cancel them one by one",
    configuration: tuned(
      .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 10
      )
    )
  ) { benchmark in
    let feature = Feature(initialState: Counter.State(), definition: Counter())
    var subscriptions: [Subscription] = []
    subscriptions.reserveCapacity(100_000)
    benchmark.startMeasurement()
    for _ in 0..<100_000 {
      subscriptions.append(feature.observeState { blackHole($0) })
    }
    for subscription in subscriptions { subscription.cancel() }
    benchmark.stopMeasurement()
  }

  // MARK: 6. A chain of features talking through news.

  Benchmark("6. chain of 10 features through News") { benchmark in
    let features = (0..<10).map { _ in
      Feature(initialState: Counter.State(), definition: Counter(publishesNews: true))
    }
    let links = zip(features, features.dropFirst()).map { upstream, downstream in
      upstream.observeNews { _ in downstream.accept(.increment) }
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      features[0].accept(.increment)
    }
    benchmark.stopMeasurement()
    precondition(features[9].state.count == features[0].state.count)
    for link in links { link.cancel() }
  }

  // MARK: 7. Automaton transitions.

  Benchmark(
    "7. automaton: CD player, per event (11M events)",
    configuration: tuned(.init(scalingFactor: .mega, maxIterations: 11))
  ) { benchmark in
    var machine = AutomatonMachine(cdPlayer, state: .empty, undefinedEvents: .ignore)
    var position = 0
    for _ in benchmark.scaledIterations {
      _ = try? machine.step(cdScript[position])
      position = position == cdScript.count - 1 ? 0 : position + 1
    }
    blackHole(machine.state)
  }

  Benchmark(
    "7. automaton: 50 x 50 guarded table, per event",
    configuration: tuned(.init(scalingFactor: .mega, maxIterations: 11))
  ) { benchmark in
    var machine = AutomatonMachine(guardedTable, state: 0, undefinedEvents: .ignore)
    var kind = 0
    for _ in benchmark.scaledIterations {
      _ = try? machine.step(TableEvent(kind: kind, payload: 1))
      kind = kind == 49 ? 0 : kind + 1
    }
    blackHole(machine.state)
  }

  // Statecharts (FinitaStatechart): see Statecharts.swift.
  registerStatechartBenchmarks()

  // MARK: Importing DOT (issue 18).

  registerDOTImportBenchmarks()

  // MARK: 8. Memory.

  Benchmark(
    "8. memory: bytes per idle feature",
    configuration: oneShot(measuring: "bytes per idle feature (RSS)")
  ) { benchmark in
    let count = isSmokeRun ? 100 : 100_000
    let before = allocatedBytes() ?? 0
    let features = (0..<count).map { _ in
      Feature(initialState: Counter.State(), definition: Counter())
    }
    let after = allocatedBytes() ?? 0
    blackHole(features)
    benchmark.measurement(.custom("bytes per idle feature (RSS)"), (after - before) / count)
  }

  Benchmark(
    "8. memory: growth from 1,000 to 1,000,000 wishes",
    configuration: oneShot(measuring: "RSS bytes grown")
  ) { benchmark in
    let feature = Feature(
      initialState: Counter.State(),
      definition: Counter(publishesNews: true, postProcesses: true)
    )
    let subscription = feature.observeState { blackHole($0) }
    for _ in 0..<1_000 { feature.accept(.incrementThenFollowUp) }
    let afterThousand = allocatedBytes() ?? 0
    for _ in 0..<(isSmokeRun ? 1_000 : 999_000) { feature.accept(.incrementThenFollowUp) }
    let afterMillion = allocatedBytes() ?? 0
    benchmark.measurement(.custom("RSS bytes grown"), max(0, afterMillion - afterThousand))
    subscription.cancel()
  }

  // MARK: Automata (issue 18), in Automata.swift.

  automataBenchmarks()

  // MARK: Observing (issue 14).

  observingBenchmarks()

  // MARK: Recording (issue 15), in Recording.swift.

  recordingBenchmarks()
}

/// A configuration that runs a benchmark once and reports one custom metric, smaller being
/// better: for the memory measures, which take their own readings.
func oneShot(measuring metric: String) -> Benchmark.Configuration {
  tuned(
    .init(
      metrics: [.custom(metric, polarity: .prefersSmaller)],
      warmupIterations: 0,
      scalingFactor: .one,
      maxDuration: .seconds(30),
      maxIterations: 1
    ))
}

/// Lets the asynchronous benchmark wait for a state without sleeping.
final class RoundTripWaiter: @unchecked Sendable {
  // Safe to send: `target` and `continuation` are only touched while `lock` is held.
  private let lock = NSLock()
  private var target = 0
  private var continuation: CheckedContinuation<Void, Never>?

  func wait(for count: Int, after send: () -> Void) async {
    await withCheckedContinuation { continuation in
      lock.lock()
      target = count
      self.continuation = continuation
      lock.unlock()
      send()
    }
  }

  func stateDidChange(_ count: Int) {
    lock.lock()
    let ready = count >= target ? continuation : nil
    if ready != nil { continuation = nil }
    lock.unlock()
    ready?.resume()
  }
}
