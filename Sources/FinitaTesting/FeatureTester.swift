import CustomDump
import Finita
import IssueReporting

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
/// Failures are reported through IssueReporting, so they work under Swift Testing and XCTest.
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

  private let record: LockedValue<Record>
  private let settings = LockedValue(Settings())
  private let origin: SourceLocation

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
  public init(
    initialState: State,
    startsImmediately: Bool = true,
    definition: (VirtualClock) -> Definition,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let clock = VirtualClock()
    let record = LockedValue(Record(current: initialState))
    self.clock = clock
    self.record = record
    self.origin = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.feature = Feature(
      initialState: initialState,
      definition: definition(clock),
      configuration: .init(name: "tested \(Definition.self)"),
      startsImmediately: false,
      trace: { event in record.withLock { $0.observe(event) } }
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
  }

  /// The feature's current state.
  public var state: State { feature.state }

  // MARK: - Steps

  /// Sends a wish and checks the state after its synchronous effects.
  ///
  /// - Parameters:
  ///   - wish: The wish to send.
  ///   - updateExpected: Changes the state before the wish into the state expected after it.
  ///     Omit it when the state must not change.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func send(
    _ wish: Wish,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await step("sending \(describe(wish))", updateExpected, at: location) {
      self.feature.accept(wish)
    }
  }

  /// Starts a tester created with `startsImmediately: false` and checks the state after the
  /// Bootstrapper's synchronous actions.
  ///
  /// - Parameters:
  ///   - updateExpected: Changes the initial state into the expected one.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func start(
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await step("starting", updateExpected, at: location) {
      self.feature.start()
    }
  }

  private func step(
    _ context: String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at location: SourceLocation,
    perform: () -> Void
  ) async {
    await settle()
    if exhaustivity == .on {
      failIfUnasserted(before: context, at: location)
    }
    let before = record.withLock { record in
      record.isStepping = true
      record.stepStates = []
      return record.current
    }
    perform()
    let after = record.withLock { record in
      record.isStepping = false
      return record.stepStates.last
    }
    check(before: before, after: after ?? before, updateExpected, context: context, at: location)
  }

  /// Checks the next effect received from asynchronous work, and the state it produced.
  ///
  /// Waits for the feature's running work to deliver it or fall asleep on the clock first.
  ///
  /// - Parameters:
  ///   - expected: The effect expected next.
  ///   - updateExpected: Changes the state before the effect into the state expected after it.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func receive(
    _ expected: Effect,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Effect: Equatable {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      matching: { $0 == expected },
      expectedDescription: describe(expected),
      mismatch: { actual in
        let difference = diff(expected, actual, format: .proportional) ?? ""
        return "Received an effect other than the one expected: (− expected, + received)\n\n"
          + difference
      },
      updateExpected,
      at: location
    )
  }

  /// Checks the next effect received from asynchronous work with a predicate, and the state it
  /// produced.
  ///
  /// - Parameters:
  ///   - predicate: Whether the received effect is the expected one.
  ///   - updateExpected: Changes the state before the effect into the state expected after it.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func receive(
    where predicate: @escaping (Effect) -> Bool,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      matching: predicate,
      expectedDescription: "an effect matching the predicate",
      mismatch: { actual in
        "Received an effect that does not match the predicate: \(self.describe(actual))"
      },
      updateExpected,
      at: location
    )
  }

  private func receive(
    matching predicate: (Effect) -> Bool,
    expectedDescription: String,
    mismatch: (Effect) -> String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    await settle()
    let isExhaustive = exhaustivity == .on
    let received = record.withLock { record -> Received? in
      if isExhaustive {
        return record.received.isEmpty ? nil : record.received.removeFirst()
      }
      guard let index = record.received.firstIndex(where: { predicate($0.effect) }) else {
        return nil
      }
      defer { record.received.removeFirst(index + 1) }
      return record.received[index]
    }
    guard let received else {
      report(
        "Expected to receive \(expectedDescription), but no effect arrived."
          + runningWorkNote(),
        at: location
      )
      return
    }
    guard predicate(received.effect) else {
      report(mismatch(received.effect), at: location)
      return
    }
    check(
      before: received.before,
      after: received.after,
      updateExpected,
      context: "receiving \(describe(received.effect))",
      at: location
    )
  }

  /// Checks the next news published, in order.
  ///
  /// - Parameters:
  ///   - expected: The news expected next, first to last.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func expectNews(
    _ expected: News...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where News: Equatable {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for news in expected {
      let published = record.withLock { record -> News? in
        record.news.isEmpty ? nil : record.news.removeFirst()
      }
      guard let published else {
        report("Expected news \(describe(news)), but no news was published.", at: location)
        return
      }
      if published != news {
        let difference = diff(news, published, format: .proportional) ?? ""
        report(
          "Published news is not the expected one: (− expected, + published)\n\n\(difference)",
          at: location
        )
        return
      }
    }
  }

  /// Drops every received effect and news not yet asserted.
  public func skipUnasserted() async {
    await settle()
    record.withLock { record in
      record.received = []
      record.news = []
    }
  }

  /// Moves the virtual clock forward, running everything that falls due, in order, and waiting
  /// for the resulting effects to be reduced.
  ///
  /// - Parameters:
  ///   - duration: How far to move time.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    await clock.advance(by: duration) { await self.settle() }
    await settle()
  }

  /// Ends the test: checks that every effect and news was asserted and that no work is still
  /// running, then disposes the feature.
  ///
  /// - Parameters:
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func finish(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    settings.withLock { $0.isFinished = true }
    checkEnd(at: location, context: "the end of the test")
    feature.dispose()
  }

  // MARK: - Checking

  private func check(
    before: State,
    after: State,
    _ updateExpected: ((inout State) throws -> Void)?,
    context: String,
    at location: SourceLocation
  ) {
    var expected = exhaustivity == .on ? before : after
    do {
      try updateExpected?(&expected)
    } catch {
      report("The assertion closure threw \(error) while \(context).", at: location)
      return
    }
    guard expected != after else { return }
    let difference = diff(expected, after, format: .proportional) ?? ""
    let headline =
      updateExpected == nil
      ? "The state was not expected to change after \(context), but it did:"
      : "The state after \(context) is not the expected one:"
    report("\(headline) (− expected, + actual)\n\n\(difference)", at: location)
  }

  private func failIfUnasserted(before context: String, at location: SourceLocation) {
    let (received, news) = record.withLock { ($0.received, $0.news) }
    if !received.isEmpty {
      let list = received.map { "  • \(describe($0.effect))" }.joined(separator: "\n")
      report(
        "\(received.count) received effect(s) must be asserted with receive(_:) before "
          + "\(context):\n\(list)",
        at: location
      )
    }
    if !news.isEmpty {
      let list = news.map { "  • \(describe($0))" }.joined(separator: "\n")
      report(
        "\(news.count) news must be asserted with expectNews(_:) before \(context):\n\(list)",
        at: location
      )
    }
    record.withLock { record in
      record.received = []
      record.news = []
    }
  }

  private func checkEnd(at location: SourceLocation, context: String) {
    guard exhaustivity == .on else { return }
    failIfUnasserted(before: context, at: location)
    let running = feature.inFlightEffectDescriptions
    if !running.isEmpty {
      let list = running.map { "  • \($0)" }.joined(separator: "\n")
      report(
        """
        \(running.count) effect(s) still running at \(context):
        \(list)

        Let them finish with advance(by:) and receive(_:), cancel them with Effects.cancel(id:), \
        or use exhaustivity .off to ignore them.
        """,
        at: location
      )
    }
  }

  private func runningWorkNote() -> String {
    let running = feature.inFlightEffectDescriptions
    guard !running.isEmpty else { return " No effect is running." }
    let list = running.map { "  • \($0)" }.joined(separator: "\n")
    return " Still running:\n\(list)\nDid the test forget to advance(by:) the clock?"
  }

  private func report(_ message: String, at location: SourceLocation) {
    reportIssue(
      message,
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
  }

  private func describe(_ value: some Any) -> String {
    var text = ""
    customDump(value, to: &text, maxDepth: 2)
    return text.replacingOccurrences(of: "\n", with: " ")
  }

  /// Waits until every running effect of the feature is asleep on the virtual clock or done.
  ///
  /// Work waiting on something other than the clock never settles; after a bounded number of
  /// yields the tester goes on, and `receive` or `finish` report what is still running.
  private func settle() async {
    var settledChecks = 0
    for _ in 0..<20_000 {
      if feature.inFlightEffectCount <= clock.pendingSleepCount {
        settledChecks += 1
        if settledChecks == 3 { return }
      } else {
        settledChecks = 0
      }
      await Task.yield()
    }
  }
}

/// How strictly a ``FeatureTester`` checks.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, received effect and news must be asserted, and no work may be running
  /// at the end.
  case on
  /// Only what the test asserts is checked: the assertion closure is applied to the actual
  /// state, received effects may be skipped, and unasserted news and running work are ignored.
  case off
}

extension FeatureTester {
  struct Received {
    let effect: Effect
    let before: State
    let after: State
  }

  struct Record {
    var current: State
    var pendingEffect: Effect?
    var isStepping = false
    var stepStates: [State] = []
    var received: [Received] = []
    var news: [News] = []

    mutating func observe(_ event: FeatureTraceEvent<Definition>) {
      switch event {
      case .effect(let effect, _):
        pendingEffect = effect
      case .state(_, let state, _):
        if isStepping {
          stepStates.append(state)
        } else if let effect = pendingEffect {
          received.append(Received(effect: effect, before: current, after: state))
        }
        pendingEffect = nil
        current = state
      case .news(let news):
        self.news.append(news)
      default:
        break
      }
    }
  }

  struct Settings {
    var exhaustivity = Exhaustivity.on
    var isFinished = false
  }
}

struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
