import Finita

/// Runs a feature under test and checks, step by step, every state it produces, every effect it
/// receives from asynchronous work and every news it publishes.
///
/// ```swift
/// @Test func counting() async {
///   let tester = FeatureTester(initialState: Counter.State()) { clock in
///     Counter(goal: 2, clock: clock)
///   }
///   await tester.send(.increment) { $0.count = 1 }
///   await tester.send(.incrementLater) { $0.isWaiting = true }
///   await tester.advance(by: .seconds(1))
///   await tester.receive(.incremented) { $0.count = 2; $0.isWaiting = false }
///   tester.expectNews(.goalReached(2))
///   await tester.finish()
/// }
/// ```
///
/// The tester is exhaustive by default: a state change the test did not describe, an effect it
/// did not receive, a news it did not expect, or work still running at ``finish(fileID:filePath:line:column:)``
/// fails the test, with a `-`/`+` diff of expected and actual values, at the line of the step.
/// Set ``exhaustivity`` to ``Exhaustivity/off`` to check only what the test asserts.
///
/// A failure is recorded as an issue of the running Swift Testing test, or as an XCTest failure
/// under XCTest.
public final class FeatureTester<Definition: FeatureDefinition>: Sendable
where Definition.State: Equatable {
  /// The feature's public input.
  public typealias Wish = Definition.Wish
  /// The Reducer's input.
  public typealias Effect = Definition.Effect
  /// The feature's state.
  public typealias State = Definition.State
  /// The feature's outgoing signals.
  public typealias News = Definition.News

  /// The feature under test.
  public let feature: Feature<Definition>
  /// The virtual clock given to the definition; moved by ``advance(by:fileID:filePath:line:column:)``.
  public let clock: VirtualClock
  /// Where the feature's asynchronous work runs, telling when all of it is suspended (see
  /// ``settle()``); `nil` where task executors are missing (before macOS 15 and iOS 18).
  package let executor: WorkExecutor?

  /// What the feature did, as the tester saw it through the trace, and what is not asserted yet.
  let record: LockedValue<Record>
  /// The exhaustivity and whether ``finish(fileID:filePath:line:column:)`` ran.
  let settings = LockedValue(Settings())
  /// Where the tester was created: where a release without `finish()` is reported.
  let origin: StepLocation

  /// How strictly the tester checks.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock { $0.exhaustivity } }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// Creates a tester around a feature built with a virtual clock.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - startsImmediately: When `false`, the Bootstrapper waits for
  ///     ``start(assert:fileID:filePath:line:column:)``.
  ///   - definition: Builds the definition with the tester's clock.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public convenience init(
    initialState: State,
    startsImmediately: Bool = true,
    definition: (VirtualClock) -> Definition,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      startsImmediately: startsImmediately,
      runsWorkOnExecutor: true,
      definition: definition,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Creates a tester; `runsWorkOnExecutor: false` settles as on systems without task
  /// executors, for the tests of that way.
  package init(
    initialState: State,
    startsImmediately: Bool = true,
    runsWorkOnExecutor: Bool,
    definition: (VirtualClock) -> Definition,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let executor: WorkExecutor? =
      if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
        runsWorkOnExecutor
      {
        WorkExecutor()
      } else {
        nil
      }
    let clock = VirtualClock()
    let record = LockedValue(Record(current: initialState))
    self.executor = executor
    self.clock = clock
    self.record = record
    self.origin = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.feature = Feature(
      initialState: initialState,
      definition: definition(clock),
      configuration: .init(name: "tested \(Definition.self)"),
      startsImmediately: false,
      trace: { event in
        record.withLock { $0.observe(event) }
        // An effect reduced outside the executor (sent from a thread of its own) wakes a
        // `receive` waiting for the work to move, as a job would.
        if case .state = event { executor?.noteActivity() }
      },
      marksWork: true,
      workExecutor: executor
    )
    if startsImmediately { feature.start() }
  }

  /// Creates a tester around a feature whose definition needs no clock.
  ///
  /// - Parameters:
  ///   - initialState: The state before any wish.
  ///   - startsImmediately: When `false`, the Bootstrapper waits for
  ///     ``start(assert:fileID:filePath:line:column:)``.
  ///   - definition: The definition under test.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public convenience init(
    initialState: State,
    startsImmediately: Bool = true,
    definition: Definition,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      startsImmediately: startsImmediately,
      definition: { _ in definition },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  deinit {
    let finished = settings.withLock { $0.isFinished }
    if !finished {
      checkEnd(at: origin, context: "the tester was released without finish()")
      feature.dispose()
    }
    executor?.stop()
  }

  /// The feature's current state.
  public var state: State { feature.state }
}
