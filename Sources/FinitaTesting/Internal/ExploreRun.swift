import Finita

/// One step of an explored sequence: the input and the choices it was made from.
struct ExploreStep<Wish: Sendable>: Sendable {
  var choices: [UInt64]
  var input: ExploreInput<Wish>
}

/// A violated invariant: which, where and why.
struct ExploreViolation: Sendable {
  /// The step after which the monitor reported it; `-1` while starting.
  var step: Int
  var invariant: String
  var message: String
}

/// What running one sequence showed.
struct ExploreOutcome<Definition: FeatureDefinition> {
  var steps: [ExploreStep<Definition.Wish>]
  /// The events of each step, in order; the events of the start are in ``startEvents``.
  var events: [[ExploreEvent<Definition>]]
  var startEvents: [ExploreEvent<Definition>]
  var violation: ExploreViolation?
  var finalState: Definition.State
  /// The asynchronous work still running at the end, described, and when the clock's next
  /// sleeper wakes from now: with the state, what tells two runs apart.
  var pendingWork: [String]
  var nextWake: Duration?
  var isDisposed = false
}

/// Runs sequences of one explorer, one after another, on one executor: a fresh clock, feature
/// and set of monitors for each, so each sequence depends only on its steps.
final class ExploreRunner<Definition: FeatureDefinition> {
  typealias Wish = Definition.Wish
  let explorer: Explorer<Definition>
  let executor: WorkExecutor?
  /// The name of each sequence's feature, worked out once: naming a type takes reflection.
  private let featureName = "explored \(Definition.self)"
  /// Interceptors of each sequence's feature.
  var interceptors: [any FeatureInterceptor] = []

  init(explorer: Explorer<Definition>) {
    self.explorer = explorer
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      executor = WorkExecutor(runningJobsOnDemand: ())
    } else {
      executor = nil
    }
  }

  deinit { executor?.stop() }

  /// Runs `count` steps drawn from `seed`, stopping at the first violation.
  func run(seed: UInt64, count: Int) async -> ExploreOutcome<Definition> {
    var random = ExploreRandom(seed: seed)
    return await run(count: count) { _, calls in
      let start = random.drawn.count
      let input = Self.resolved(self.explorer.inputs.generate(using: &random), calls, &random)
      return ExploreStep(choices: Array(random.drawn[start...]), input: input)
    }
  }

  /// Runs steps rebuilt from their choices (the inputs they make now), stopping at the first
  /// violation.
  func replay(_ choices: [[UInt64]]) async -> ExploreOutcome<Definition> {
    await run(count: choices.count) { index, calls in
      var random = ExploreRandom(replaying: choices[index])
      let input = Self.resolved(self.explorer.inputs.generate(using: &random), calls, &random)
      return ExploreStep(choices: random.drawn, input: input)
    }
  }

  /// Runs the given inputs, stopping at the first violation.
  func run(inputs: [ExploreInput<Wish>], clock: VirtualClock = VirtualClock()) async
    -> ExploreOutcome<Definition>
  {
    await run(count: inputs.count, clock: clock) { index, calls in
      var random = ExploreRandom(replaying: [])
      if case .completion(let completion) = inputs[index] {
        random = ExploreRandom(replaying: completion.choices)
      }
      return ExploreStep(choices: [], input: Self.resolved(inputs[index], calls, &random))
    }
  }

  /// A completion picks its call among those in flight, and draws its outcome, when its step
  /// runs; other inputs are as generated.
  private static func resolved(
    _ input: ExploreInput<Wish>, _ calls: (any ExploreCallDriver)?,
    _ random: inout ExploreRandom
  ) -> ExploreInput<Wish> {
    guard case .completion(let completion) = input, let calls else { return input }
    return .completion(calls.resolve(completion, using: &random))
  }

  private func run(
    count: Int, clock: VirtualClock = VirtualClock(),
    next: (Int, (any ExploreCallDriver)?) -> ExploreStep<Wish>
  ) async -> ExploreOutcome<Definition> {
    let (definition, calls) = explorer.makeSequence(clock)
    let log = LockedValue<[ExploreEvent<Definition>]>([])
    let feature = Feature(
      initialState: explorer.initialState,
      definition: definition,
      configuration: .init(name: featureName, interceptors: interceptors),
      startsImmediately: false,
      trace: { event in
        let explored: ExploreEvent<Definition>? =
          switch event {
          case .wish(let wish): .wish(wish)
          case .effect(let effect, _): .effect(effect)
          case .state(let previous, let state, _): .state(previous: previous, current: state)
          case .news(let news): .news(news)
          case .disposed: .disposed
          default: nil
          }
        if let explored { log.withLock { $0.append(explored) } }
      },
      marksWork: true,
      workExecutor: executor
    )
    let monitors = explorer.invariants.map { ($0.name, $0.makeMonitor()) }
    func check(_ events: [ExploreEvent<Definition>], step: Int) -> ExploreViolation? {
      for event in events {
        for (name, monitor) in monitors {
          if let message = monitor(event) {
            return ExploreViolation(step: step, invariant: name, message: message)
          }
        }
      }
      return nil
    }
    func takeEvents() -> [ExploreEvent<Definition>] {
      log.withLock { events in
        defer { events = [] }
        return events
      }
    }

    explorer.willStart(feature)
    holdingWork { feature.start() }
    await settle(feature, clock, log)
    let startEvents = takeEvents()
    var outcome = ExploreOutcome<Definition>(
      steps: [], events: [], startEvents: startEvents,
      violation: check(startEvents, step: -1), finalState: feature.state,
      pendingWork: [], nextWake: nil)
    var index = 0
    while outcome.violation == nil && index < count {
      let step = next(index, calls)
      switch step.input {
      case .wish(let wish):
        let before = executor?.quietGeneration
        holdingWork { feature.accept(wish) }
        // Nothing enqueued: the wish was handled on this thread, before `accept` returned, and
        // no work started; there is nothing to wait for.
        if before == nil || executor?.quietGeneration != before {
          await settle(feature, clock, log)
        }
      case .advance(let duration):
        log.withLock { $0.append(.advanced(duration)) }
        await clock.advance(by: duration) { await self.settle(feature, clock, log) }
      case .dispose:
        feature.dispose()
        await settle(feature, clock, log)
      case .completion(let completion):
        holdingWork { calls?.perform(completion) }
        await settle(feature, clock, log)
      }
      let events = takeEvents()
      outcome.steps.append(step)
      outcome.events.append(events)
      outcome.violation = check(events, step: index)
      index += 1
    }
    outcome.finalState = feature.state
    outcome.pendingWork = feature.inFlightEffectDescriptions.sorted()
    outcome.nextWake = clock.nextDeadline.map { clock.now.duration(to: $0) }
    outcome.isDisposed = feature.isDisposed
    feature.dispose()
    await settle(feature, clock, log)
    return outcome
  }

  private func holdingWork(_ body: () -> Void) {
    guard let executor else { return body() }
    executor.holdingJobs(body)
  }

  /// Waits until all of the feature's work is suspended, as `FeatureTester.settle()` does.
  ///
  /// Without a task executor, by yields, with the tester's rule for giving up (`log` tells
  /// progress from none).
  private func settle(
    _ feature: Feature<Definition>, _ clock: VirtualClock,
    _ log: LockedValue<[ExploreEvent<Definition>]>
  ) async {
    guard let executor else {
      return await settleByYields(feature, clock) { log.withLock { $0.count } }
    }
    // The work's jobs run here, on the explorer's thread: handing them to a thread of their
    // own and waiting to be resumed cost two thread switches a step, 12% of a paginator's
    // exploration. A job enqueued from elsewhere meanwhile (work that left for an actor)
    // makes the generation differ, and the loop runs it.
    while !Task.isCancelled {
      if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        executor.runQueuedJobs()
      }
      guard let quiet = executor.quietGeneration else { continue }
      await feature.idle(waitingForWork: false)
      if executor.quietGeneration == quiet { return }
    }
  }
}
