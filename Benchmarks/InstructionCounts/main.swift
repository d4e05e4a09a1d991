// Instruction counts of the engine's hot paths, for Scripts/instructions.sh.
//
// Each run does one scenario `count` times; the script runs it under callgrind twice (with
// `count` and with 0) and divides the difference by `count`, which leaves the cost of one
// operation without the process's start-up. Instructions, unlike time, do not depend on what
// else the machine is doing, so two builds can be compared on a loaded machine.
import BenchmarkMachines
import Finita
import FinitaAutomaton
import FinitaLogging
import FinitaMetrics
import FinitaRecording
import FinitaRedux
import FinitaStatechart
import Foundation
import Logging

/// A counter whose wish is one synchronous effect, like the benchmarks' `Counter`.
struct Counter: FeatureDefinition {
  struct State: Sendable, Equatable { var count = 0 }
  enum Wish: Sendable { case increment }
  enum Effect: Sendable { case incremented }
  enum News: Sendable, Equatable { case incremented(Int) }
  func act(_ state: State, _ action: Wish) -> Effects<Effect> { .just(.incremented) }
  func reduce(_ state: inout State, _ effect: Effect) { state.count &+= 1 }
}

/// A counter whose state also holds a title and a list, so copying it retains and releases
/// their storage, as most apps' states do.
struct TitledCounter: FeatureDefinition {
  struct State: Sendable, Equatable {
    var count = 0
    var title = "A counter whose title is too long to be stored inline"
    var marks = [1, 2, 3]
  }
  enum Wish: Sendable { case increment }
  enum Effect: Sendable { case incremented }
  func act(_ state: State, _ action: Wish) -> Effects<Effect> { .just(.incremented) }
  func reduce(_ state: inout State, _ effect: Effect) { state.count &+= 1 }
}

/// The benchmarks' counter with news and a PostProcessor: `incrementThenFollowUp` publishes news
/// and posts `followUp`, which is reduced in the same call.
struct NewsCounter: FeatureDefinition {
  struct State: Sendable, Equatable { var count = 0 }
  enum Wish: Sendable { case increment, incrementThenFollowUp, followUp }
  enum Effect: Sendable { case incremented }
  enum News: Sendable { case incremented(Int) }
  var postProcesses = true
  func act(_ state: State, _ action: Wish) -> Effects<Effect> { .just(.incremented) }
  func reduce(_ state: inout State, _ effect: Effect) { state.count &+= 1 }
  func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
    .incremented(state.count)
  }
  func postProcess(_ action: Wish, _ effect: Effect, _ state: State) -> Wish? {
    postProcesses && action == .incrementThenFollowUp ? .followUp : nil
  }
}

/// Keeps a value from being optimized away.
@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// An interceptor that does nothing.
struct NoOpInterceptor: FeatureInterceptor {
  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {}
}

/// A log handler that lets every entry through and drops it.
struct DiscardingLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(event: LogEvent) { consume(event.message) }
}

/// Sends `count` wishes to a counter with `observers` state observers and `interceptors`.
func wishes(count: Int, observers: Int, interceptors: [any FeatureInterceptor] = []) {
  wishes(count: count, observers: observers, definition: Counter(), interceptors: interceptors)
}

/// Sends `count` wishes to `definition`, a counter or one with an interceptor compiled in.
func wishes<Definition: FeatureDefinition>(
  count: Int, observers: Int, definition: Definition, interceptors: [any FeatureInterceptor]
) where Definition.State == Counter.State, Definition.Wish == Counter.Wish {
  let feature = Feature(
    initialState: Counter.State(),
    definition: definition,
    configuration: .init(name: "counter", interceptors: interceptors)
  )
  let subscriptions = (0..<observers).map { _ in feature.observeState { consume($0) } }
  for _ in 0..<count { feature.accept(.increment) }
  for subscription in subscriptions { subscription.cancel() }
}

/// Dispatches `count` actions to a store with `middleware` pass-through middleware and one
/// subscriber.
func dispatches(count: Int, middleware: Int) {
  let store = Store(
    initialState: Counter.State(),
    reducer: Reducer { state, _ in state.count &+= 1 },
    middleware: (0..<middleware).map { _ in
      Middleware<Counter.State, Counter.Wish> { _, next, action in next(action) }
    }
  )
  let subscription = store.subscribe { consume($0) }
  for _ in 0..<count { store.dispatch(.increment) }
  subscription.cancel()
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  print("usage: FinitaInstructionCounts SCENARIO COUNT")
  exit(2)
}
switch arguments[1] {
case "wish": wishes(count: count, observers: 1)
case "fanout10": wishes(count: count, observers: 10)
case "fanout100": wishes(count: count, observers: 100)
case "fanout1000": wishes(count: count, observers: 1_000)
case "noop-interceptor": wishes(count: count, observers: 1, interceptors: [NoOpInterceptor()])
case "compiled-noop-interceptor":
  wishes(
    count: count, observers: 1, definition: Counter().intercepted(by: NoOpInterceptor()),
    interceptors: [])
case "compiled-logging-noop":
  let logger = Logger(label: "counter") { _ in SwiftLogNoOpLogHandler() }
  wishes(
    count: count, observers: 1,
    definition: Counter().intercepted(by: LoggingInterceptor(logger: logger)),
    interceptors: [])
case "logging-noop":
  let logger = Logger(label: "counter") { _ in SwiftLogNoOpLogHandler() }
  wishes(count: count, observers: 1, interceptors: [LoggingInterceptor(logger: logger)])
case "logging-dropped":
  let logger = Logger(label: "counter") { _ in DiscardingLogHandler() }
  wishes(count: count, observers: 1, interceptors: [LoggingInterceptor(logger: logger)])
case "metrics-noop": wishes(count: count, observers: 1, interceptors: [MetricsInterceptor()])
case "tracing-noop": wishes(count: count, observers: 1, interceptors: [TracingInterceptor()])
case "recording":
  wishes(count: count, observers: 1, interceptors: [FeatureRecorder(capacity: 10_000)])
case "compiled-recording":
  wishes(
    count: count, observers: 1,
    definition: Counter().intercepted(by: FeatureRecorder(capacity: 10_000)), interceptors: [])
// The ring of 10,000 steps is full after 2,013 wishes of 5 steps; 3,000 more wishes in the run
// with no operations too leave only its steady state in the difference.
case "recording-full":
  wishes(count: count + 3_000, observers: 1, interceptors: [FeatureRecorder(capacity: 10_000)])
// The titled counter's state has references: a copy of it retains and releases them.
case "recording-full-references":
  let feature = Feature(
    initialState: TitledCounter.State(), definition: TitledCounter(),
    configuration: .init(name: "titled", interceptors: [FeatureRecorder(capacity: 10_000)]))
  let subscription = feature.observeState { consume($0) }
  for _ in 0..<(count + 3_000) { feature.accept(.increment) }
  subscription.cancel()
case "compiled-recording-full":
  wishes(
    count: count + 3_000, observers: 1,
    definition: Counter().intercepted(by: FeatureRecorder(capacity: 10_000)), interceptors: [])
// A recorded session of `count` wishes, read as a recording, then (for `replay`) replayed: the
// difference between the two is the replay's cost.
case "replay-recorded", "replay":
  let recorder = FeatureRecorder(capacity: 100_002)
  let feature = Feature(
    initialState: Counter.State(), definition: Counter(),
    configuration: .init(name: "counter", interceptors: [recorder]))
  for _ in 0..<count { feature.accept(.increment) }
  let recording = recorder.recording(of: Counter.self)!
  if arguments[1] == "replay" { consume(recording.replay { _ in Counter() }.divergence == nil) }
  consume(recording.steps.count)
case "redux": dispatches(count: count, middleware: 0)
case "redux-middleware": dispatches(count: count, middleware: 1)
case "churn":
  let feature = Feature(initialState: Counter.State(), definition: Counter())
  var subscriptions: [Subscription] = []
  subscriptions.reserveCapacity(count)
  for _ in 0..<count { subscriptions.append(feature.observeState { consume($0) }) }
  for subscription in subscriptions { subscription.cancel() }
case "news-post":
  // Benchmark 2: a wish with a NewsPublisher and a PostProcessor active.
  let feature = Feature(initialState: NewsCounter.State(), definition: NewsCounter())
  let states = feature.observeState { consume($0) }
  let news = feature.observeNews { consume($0) }
  for _ in 0..<count { feature.accept(.incrementThenFollowUp) }
  states.cancel()
  news.cancel()
case "news":
  // A link of benchmark 6's chain on its own: a wish whose news one observer receives.
  let feature = Feature(
    initialState: NewsCounter.State(), definition: NewsCounter(postProcesses: false))
  let news = feature.observeNews { consume($0) }
  for _ in 0..<count { feature.accept(.increment) }
  news.cancel()
case "chain10":
  // Benchmark 6: ten features, each one's news a wish of the next.
  let features = (0..<10).map { _ in
    Feature(initialState: NewsCounter.State(), definition: NewsCounter(postProcesses: false))
  }
  let links = zip(features, features.dropFirst()).map { upstream, downstream in
    upstream.observeNews { _ in downstream.accept(.increment) }
  }
  for _ in 0..<count { features[0].accept(.increment) }
  for link in links { link.cancel() }
case "automaton-accept": automatonAccepts(count: count)
case "automaton-step": automatonSteps(count: count)
case "automaton-handwritten": handWrittenAccepts(count: count)
case "statechart-hierarchy":
  // One event of the three-level hierarchy benchmark's script.
  let script = [
    "play", "ready", "stall", "ready", "pause", "play", "stop", "play", "eject", "load",
  ]
  .map(hierarchyChart.event)
  var machine = StatechartMachine(hierarchyChart)
  for index in 0..<count { consume(machine.send(script[index % script.count])) }
  consume(machine.configuration)
case "statechart-parallel":
  let script = ["sync", "connect", "synced", "disconnect", "sync", "logout", "login", "connect"]
    .map(parallelChart.event)
  var machine = StatechartMachine(parallelChart)
  for index in 0..<count { consume(machine.send(script[index % script.count])) }
  consume(machine.configuration)
case "dot-import":
  // Imports the 600 KB learned model `count` times.
  let text = learnedMealy600KB
  for _ in 0..<count { consume(try DOTImporter.mealyMachine(from: text)) }
case "lifecycle":
  // Create a feature, send 100 wishes, dispose it.
  for _ in 0..<count {
    let feature = Feature(initialState: Counter.State(), definition: Counter())
    for _ in 0..<100 { feature.accept(.increment) }
    feature.dispose()
  }
default:
  print("unknown scenario \(arguments[1])")
  exit(2)
}
