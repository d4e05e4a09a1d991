import Finita
import FinitaRecording

extension FeatureTester {
  /// Creates a tester whose feature starts from a recording's initial state, not yet started,
  /// ready for ``replay(_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// @Test func bugReport1234() async throws {
  ///   let recording = try Recording<CallTracker>(jsonLines: attachment)
  ///   let tester = FeatureTester(recording: recording) { clock in
  ///     CallTracker(clock: clock, api: .stub)
  ///   }
  ///   await tester.replay(recording)  // each recorded wish, state, effect and news, in order
  ///   await tester.finish()
  /// }
  /// ```
  ///
  /// To start from a later point, create a tester with
  /// `FeatureTester(initialState: recording.state(after: index), definition: ...)`.
  ///
  /// - Parameters:
  ///   - recording: The recording; its header's initial state is the feature's.
  ///   - definition: Builds the definition with the tester's clock.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public convenience init(
    recording: Recording<Definition>,
    definition: (VirtualClock) -> Definition,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: recording.header.initialState, startsImmediately: false,
      definition: definition, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Plays a recording as the test's steps: the recorded wishes are sent and the recorded
  /// states, effects of asynchronous work and news are expected, in order, exhaustively.
  ///
  /// The recording is cut into inputs: the start of the feature, each wish, and each effect
  /// that asynchronous work delivered (an `effect` step outside an action). For each input, in
  /// the recorded order, the tester:
  /// 1. advances its ``clock`` to the input's recorded time (measured from the recording's first
  ///    step), so timers and debounces fire as they did;
  /// 2. starts the feature, sends the wish, or receives the next effect of asynchronous work,
  ///    and expects the state to be the last state the recording has before the next input;
  /// 3. expects the news the recording has before the next input.
  ///
  /// The definition runs for real, with the test's doubles for its services: unlike
  /// `Recording.replay(configuration:definition:)`, nothing is substituted, so the test shows
  /// whether today's code and doubles still do what the recording shows. A failure is reported
  /// at the line of this call, with the tester's usual `-`/`+` diff.
  ///
  /// - Parameters:
  ///   - recording: The recording to play.
  ///   - fileID: The file of the step, where a failure is reported.
  ///   - filePath: The path of that file.
  ///   - line: The line of the step.
  ///   - column: The column of the step.
  public func replay(
    _ recording: Recording<Definition>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Definition.News: Equatable {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let base = recording.steps.first?.time ?? .zero
    var advanced = Duration.zero
    for segment in RecordedSegment.split(recording) {
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

/// One input of a recording and what it led to before the next input.
private struct RecordedSegment<Definition: FeatureDefinition> {
  enum Input {
    case start
    case wish(Definition.Wish)
    case effect
  }

  var input: Input
  var time: Duration
  var state: Definition.State?
  var news: [Definition.News] = []

  static func split(_ recording: Recording<Definition>) -> [Self] {
    var segments = [Self(input: .start, time: recording.steps.first?.time ?? .zero)]
    var insideAction = false
    for step in recording.steps {
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
