import Finita

extension FeatureTester {
  /// One recorded stage of the feature, as ``replay(_:fileID:filePath:line:column:)`` plays it:
  /// the stage, its time, and the wish, new state or news it carries.
  ///
  /// FinitaRecording gives a recording's steps in this form (`Recording.testSteps`); a tuple of
  /// the engine's types, so that this module needs no other module than `Finita`.
  public typealias ReplayedStep = (
    stage: FeatureStage, time: Duration, wish: Wish?, state: State?, news: News?
  )

  /// Plays recorded steps as the test's steps: the recorded wishes are sent and the recorded
  /// states, effects of asynchronous work and news are expected, in order, exhaustively.
  ///
  /// ```swift
  /// @Test func bugReport1234() async throws {
  ///   let recording = try Recording<CallTracker>(jsonLines: attachment)  // FinitaRecording
  ///   let tester = FeatureTester(
  ///     initialState: recording.header.initialState, startsImmediately: false
  ///   ) { clock in
  ///     CallTracker(clock: clock, api: .stub)
  ///   }
  ///   await tester.replay(recording.testSteps)  // each wish, state, effect and news, in order
  ///   await tester.finish()
  /// }
  /// ```
  ///
  /// Create the tester from the recording's initial state, not yet started: the recording's
  /// start is its first input. To start from a later point, create a tester with
  /// `FeatureTester(initialState: recording.state(after: index), definition: ...)`.
  ///
  /// The steps are cut into inputs: the start of the feature, each wish, and each effect that
  /// asynchronous work delivered (an `effect` step outside an action). For each input, in
  /// the recorded order, the tester:
  /// 1. advances its ``clock`` to the input's recorded time (measured from the first step), so
  ///    timers and debounces fire as they did;
  /// 2. starts the feature, sends the wish, or receives the next effect of asynchronous work,
  ///    and expects the state to be the last state recorded before the next input;
  /// 3. expects the news recorded before the next input.
  ///
  /// The definition runs for real, with the test's doubles for its services: unlike
  /// FinitaRecording's `Recording.replay(configuration:definition:)`, nothing is substituted,
  /// so the test shows whether today's code and doubles still do what the recording shows. A
  /// failure is reported at the line of this call, with the tester's usual `-`/`+` diff.
  ///
  /// - Parameters:
  ///   - steps: The recorded steps, oldest first.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func replay(
    _ steps: [ReplayedStep],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Definition.News: Equatable {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let base = steps.first?.time ?? .zero
    var advanced = Duration.zero
    for segment in RecordedSegment<Definition>.split(steps) {
      let due = segment.time - base
      if due > advanced {
        await advance(by: due - advanced, at: location)
        advanced = due
      }
      let expected = segment.state
      let assert: (inout State) -> Void = { state in
        if let expected { state = expected }
      }
      switch segment.input {
      case .start:
        await start(assert: assert, at: location)
      case .wish(let wish):
        await send(wish, assert: assert, at: location)
      case .effect:
        await receive(where: { _ in true }, assert: assert, at: location)
      }
      expectNews(segment.news, at: location)
    }
  }
}

/// One input of recorded steps and what it led to before the next input.
private struct RecordedSegment<Definition: FeatureDefinition> where Definition.State: Equatable {
  enum Input {
    case start
    case wish(Definition.Wish)
    case effect
  }

  var input: Input
  var time: Duration
  var state: Definition.State?
  var news: [Definition.News] = []

  static func split(_ steps: [FeatureTester<Definition>.ReplayedStep]) -> [Self] {
    var segments = [Self(input: .start, time: steps.first?.time ?? .zero)]
    var insideAction = false
    for step in steps {
      switch step.stage {
      case .wish:
        if let wish = step.wish {
          segments.append(Self(input: .wish(wish), time: step.time))
        }
      case .action:
        insideAction = true
      case .actionHandled:
        insideAction = false
      case .effect where !insideAction:
        segments.append(Self(input: .effect, time: step.time))
      case .state:
        segments[segments.count - 1].state = step.state
      case .news:
        if let news = step.news { segments[segments.count - 1].news.append(news) }
      default:
        break
      }
    }
    return segments
  }
}
