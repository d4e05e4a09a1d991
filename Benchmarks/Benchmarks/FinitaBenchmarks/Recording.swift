import Benchmark
import Finita
import FinitaRecording

// The replay compares news with `==`.
extension Counter.News: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.incremented(let left), .incremented(let right)): left == right
    }
  }
}

/// Recording (issue 15): the cost of a recorder on the sync path against the same wish without
/// one, a 100,000-step replay, and memory bounded by the ring.
func recordingBenchmarks() {
  func syncWish(_ name: String, interceptors: [any FeatureInterceptor]) {
    syncWishBenchmark("recording: sync wish, \(name)", interceptors: interceptors)
  }
  syncWish("no recorder", interceptors: [])
  syncWish("recorded, ring of 10,000", interceptors: [FeatureRecorder(capacity: 10_000)])

  syncWishBenchmark(
    "recording: sync wish, recorder compiled in, ring of 10,000",
    definition: Counter().intercepted(by: FeatureRecorder(capacity: 10_000)), interceptors: [])

  // The same, on one feature whose ring is already full: what a feature recorded for a while
  // pays per wish (each sample above creates a feature and grows a fresh ring).
  fullRingBenchmark(
    "recording: sync wish, recorded, ring of 10,000 already full", definition: Counter(),
    interceptors: [FeatureRecorder(capacity: 10_000)])
  fullRingBenchmark(
    "recording: sync wish, recorder compiled in, ring of 10,000 already full",
    definition: Counter().intercepted(by: FeatureRecorder(capacity: 10_000)), interceptors: [])

  Benchmark(
    "recording: replay 100,000 steps",
    configuration: tuned(.init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one))
  ) { benchmark in
    let steps = isSmokeRun ? 1_000 : 100_000
    let recorder = FeatureRecorder(capacity: steps)
    let feature = Feature(
      initialState: Counter.State(),
      definition: Counter(),
      configuration: .init(name: "counter", interceptors: [recorder])
    )
    // created and started, then five steps a wish: wish, action, effect, state, handled.
    for _ in 0..<(steps / 5) { feature.accept(.increment) }
    guard let recording = recorder.recording(of: Counter.self) else {
      preconditionFailure("Internal inconsistency: the recorder saw no counter")
    }
    precondition(recording.steps.count == steps, "\(recording.steps.count) steps recorded")
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let result = recording.replay { _ in Counter() }
      precondition(result.divergence == nil)
      blackHole(result)
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "recording: memory, 100,000 then 1,000,000 wishes into a ring of 10,000",
    configuration: oneShot(measuring: "RSS bytes grown")
  ) { benchmark in
    let recorder = FeatureRecorder(capacity: 10_000)
    let feature = Feature(
      initialState: Counter.State(),
      definition: Counter(),
      configuration: .init(name: "counter", interceptors: [recorder])
    )
    for _ in 0..<(isSmokeRun ? 1_000 : 100_000) { feature.accept(.increment) }
    let before = allocatedBytes() ?? 0
    for _ in 0..<(isSmokeRun ? 1_000 : 900_000) { feature.accept(.increment) }
    let after = allocatedBytes() ?? 0
    benchmark.measurement(.custom("RSS bytes grown"), max(0, after - before))
    blackHole(recorder.recording(of: Counter.self)?.steps.count)
  }
}

/// A benchmark of a synchronous wish to one feature of `definition`, made once, whose
/// recorder's ring is full before the first sample.
func fullRingBenchmark<Definition: FeatureDefinition>(
  _ name: String, definition: Definition, interceptors: [any FeatureInterceptor]
) where Definition.State == Counter.State, Definition.Wish == Counter.Wish {
  let recorded = Feature(
    initialState: Counter.State(),
    definition: definition,
    configuration: .init(name: "counter", interceptors: interceptors)
  )
  for _ in 0..<4_000 { recorded.accept(.increment) }
  Benchmark(name) { benchmark in sendWishes(to: recorded, in: benchmark) }
}
