/// A running MVI feature: it owns the state of a ``FeatureDefinition``, accepts wishes from any
/// thread, and publishes states and news.
///
/// ```swift
/// let counter = Feature(initialState: Counter.State(), definition: Counter(clock: clock))
/// let token = counter.observeNews { news in print(news) }
/// counter.accept(.increment)
/// print(counter.state.count)  // 1: synchronous effects are reduced before `accept` returns
/// ```
///
/// Processing is queued and never recursive: a wish sent while the feature is processing (from an
/// observer, another thread, or asynchronous work) is handled after the current one. Whoever finds
/// the feature idle processes the queue; no internal lock is held while the definition's code or
/// an observer runs. The <doc:Concurrency> article lists every rule.
public final class Feature<Definition: FeatureDefinition>: Sendable {
  /// The feature's public input.
  public typealias Wish = Definition.Wish
  /// The Actor's input.
  public typealias Action = Definition.Action
  /// The Reducer's input.
  public typealias Effect = Definition.Effect
  /// The feature's state.
  public typealias State = Definition.State
  /// The feature's outgoing signals.
  public typealias News = Definition.News

  /// The parts this feature runs.
  public var definition: Definition { core.definition }
  /// How this feature runs.
  public var configuration: FeatureConfiguration { core.configuration }

  @usableFromInline let core: FeatureCore<Definition>

  /// Creates a feature and, unless told otherwise, starts it.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - definition: The Actor, Reducer and other parts.
  ///   - configuration: Name, isolation and error reporting.
  ///   - startsImmediately: When `false`, the Bootstrapper does not run until ``start()``; use it
  ///     to subscribe to news before the Bootstrapper's first actions. Wishes accepted before
  ///     ``start()`` are held and handled right after the Bootstrapper's synchronous actions.
  @inlinable
  public convenience init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration = .init(),
    startsImmediately: Bool = true
  ) {
    self.init(
      initialState: initialState,
      definition: definition,
      configuration: configuration,
      startsImmediately: startsImmediately,
      trace: nil
    )
  }

  /// Creates a feature with a trace hook that sees every stage in processing order.
  ///
  /// For the testing module: `marksWork` marks each task of asynchronous work with its
  /// ``FeatureWork``; `workExecutor` is a `TaskExecutor` every such task prefers (typed
  /// `Executor`, since `TaskExecutor` needs macOS 15 and iOS 18: on older systems, and when
  /// `nil`, the work runs on the global executor).
  ///
  /// Inlinable, so the trace (`FeatureTrace`), which builds each stage's event, is specialized
  /// for the definition in the client's module.
  @inlinable
  package init(
    initialState: State,
    definition: Definition,
    configuration: FeatureConfiguration = .init(),
    startsImmediately: Bool = true,
    trace: (@Sendable (FeatureTraceEvent<Definition>) -> Void)?,
    marksWork: Bool = false,
    workExecutor: (any Executor)? = nil
  ) {
    let definition = definition.reportingIfNeeded(to: configuration)
    let combined = FeatureTrace.make(
      hook: trace, configuration: configuration, definition: definition)
    core = FeatureCore(
      initialState: initialState,
      definition: definition,
      configuration: configuration,
      trace: combined,
      marksWork: marksWork,
      workExecutor: workExecutor
    )
    core.emit(.created(initialState))
    if startsImmediately { core.start() }
  }

  deinit {
    // Asynchronous work holds the core, not the feature: stop it and end the streams.
    core.dispose()
  }

  // MARK: - Input

  /// Sends a wish to the feature.
  ///
  /// Safe from any thread. When no other thread is processing, the wish is handled before this
  /// call returns and ``state`` already shows its synchronous effects; otherwise it is queued
  /// behind the work in progress. After ``dispose()`` it does nothing.
  ///
  /// - Parameter wish: What the user wants.
  @inlinable
  public func accept(_ wish: Wish) {
    core.submit(.wish(wish))
  }

  /// Starts the feature: runs the Bootstrapper, then the wishes held since creation.
  ///
  /// Features start on creation unless created with `startsImmediately: false`. Starting twice,
  /// or after ``dispose()``, does nothing.
  public func start() {
    core.start()
  }

  /// Stops the feature for good: cancels asynchronous effects and the Bootstrapper's work,
  /// finishes every ``states`` and ``news`` sequence, and makes later wishes do nothing.
  ///
  /// Effects already reduced stay reduced; ``state`` keeps the last state. Calling it again does
  /// nothing. Deinitialization does the same. Called while another thread is processing, the
  /// streams finish when that thread reaches its next step; called from an observer, no
  /// observer is called after the one that disposed.
  @inlinable
  public func dispose() {
    core.dispose()
  }

  /// Whether ``dispose()`` was called.
  public var isDisposed: Bool {
    core.isDisposed
  }

  /// Returns once the feature has no pending work: nothing queued, no asynchronous effect or
  /// Bootstrapper work running, and no thread processing; at once when it is disposed.
  ///
  /// For tests that do not use `FeatureTester`: send wishes, then `await feature.idle()`, then
  /// check ``state``. Work started meanwhile (an effect that sends another, a PostProcessor's
  /// action) is waited for too. It never polls and never sleeps: the thread that finishes the
  /// last piece of work resumes the caller.
  ///
  /// Work that never ends (a timer, a stream it listens to) keeps the feature busy: cancel it,
  /// or dispose the feature, first. A caller whose task is cancelled (by a test's time limit,
  /// say) returns at once, busy or not: check `Task.isCancelled` when that matters. Wishes
  /// accepted before ``start()`` and wishes held while the feature shows a past state do not
  /// count as pending work. Calling it from the feature's own asynchronous work waits for that
  /// work to end, so it never returns there.
  public func idle() async {
    await core.idle(waitingForWork: true)
  }

  // MARK: - For the testing and composition modules

  /// Returns once nothing is queued and no thread is processing (or the feature is disposed,
  /// or the calling task is cancelled); unlike ``idle()``, asynchronous work may still run.
  package func idle(waitingForWork: Bool) async {
    await core.idle(waitingForWork: waitingForWork)
  }

  /// The work (see ``FeatureWork``) each running task of asynchronous work belongs to. Without
  /// `marksWork`, a part cancellable by its own identifier counts as work of its own.
  package var runningWork: Set<UInt64> {
    core.runningWork
  }

  /// The number of asynchronous effects and bootstrapper tasks still running.
  package var inFlightEffectCount: Int {
    core.inFlightEffectCount
  }

  /// A description of each asynchronous effect still running: its name, the action that started
  /// it, and its cancellation identifiers.
  package var inFlightEffectDescriptions: [String] {
    core.inFlightEffectDescriptions
  }
}

/// The stages of processing, in order: what the trace hook of the testing module and the public
/// interceptors (through ``FeatureEvent``) see.
@usableFromInline
package enum FeatureTraceEvent<Definition: FeatureDefinition>: Sendable {
  case created(Definition.State)
  case started
  case wish(Definition.Wish)
  case bootstrapAction(Definition.Action)
  case action(Definition.Action)
  case effect(Definition.Effect, action: Definition.Action)
  case state(previous: Definition.State, Definition.State, effect: Definition.Effect)
  case news(Definition.News)
  case postProcessedAction(Definition.Action)
  case actionHandled(Definition.Action)
  case workStarted(TracedWork<Definition.Action>)
  case workEnded(TracedWork<Definition.Action>, WorkOutcome)
  case disposed
}

/// Asynchronous work as the trace reports it.
@usableFromInline
package struct TracedWork<Action: Sendable>: Sendable {
  @usableFromInline package let info: WorkInfo
  /// The action that started it; `nil` for the Bootstrapper's work.
  @usableFromInline package let action: Action?

  @usableFromInline
  package init(info: WorkInfo, action: Action?) {
    self.info = info
    self.action = action
  }
}

/// How asynchronous work ended.
@usableFromInline
package enum WorkOutcome: Sendable {
  case finished
  case cancelled
  case failed(any Error)
}
