import Finita

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Recording
where
  Definition.State: Codable, Definition.Wish: Codable, Definition.Action: Codable,
  Definition.Effect: Codable, Definition.News: Codable
{
  /// The recording as JSON Lines: a header line, then one line per step, each ending in `\n`.
  ///
  /// ```
  /// {"droppedSteps":0,"feature":"calls","format":"finita-recording","initialState":{...},
  ///   "steps":42,"type":"MyApp.CallTracker","version":1}
  /// {"stage":"created","state":{...},"step":0,"time":0}
  /// {"stage":"wish","step":2,"time":1250000,"wish":{"dial":{...}}}
  /// ```
  ///
  /// (The header is one line; it is wrapped here.) `time` is in nanoseconds since recording
  /// started. Errors of failed work are saved as their description.
  ///
  /// - Returns: The UTF-8 data.
  /// - Throws: ``RecordingError/encodingFailed`` naming the step when a value does not encode.
  public func jsonLines() throws(RecordingError) -> Data {
    try RecordingLines.write(
      header: header,
      steps: steps.lazy.map { step in
        StepLine<
          Definition.Wish, Definition.Action, Definition.Effect, Definition.State, Definition.News
        >(
          number: step.number, stage: step.stage, time: step.time, wish: step.wish,
          action: step.action, effect: step.effect, state: step.state, news: step.news,
          work: step.work, error: step.error)
      })
  }

  /// Reads a recording saved with ``jsonLines()``.
  ///
  /// Lines may end in `\n` or `\r\n`. The whole file is checked before anything is returned: the
  /// format and its version, the feature type (it must be `Definition`), every value, that the
  /// step numbers increase, and that the file holds as many steps as its header says.
  ///
  /// - Parameter data: The file's contents.
  /// - Throws: A ``RecordingError`` naming the line, the key and what is wrong.
  public init(jsonLines data: Data) throws(RecordingError) {
    let (header, lines) = try RecordingLines.read(
      data,
      as: StepLine<
        Definition.Wish, Definition.Action, Definition.Effect, Definition.State, Definition.News
      >.self,
      expectedType: String(reflecting: Definition.self))
    self.init(
      header: header,
      steps: lines.map { line in
        RecordedStep(
          number: line.step, stage: line.parsedStage, time: line.duration, wish: line.wish,
          action: line.action, effect: line.effect, state: line.state, news: line.news,
          work: line.workInfo, error: line.error)
      })
  }
}

/// A recording file whose values all have one type, such as a JSON value: the same file
/// ``Recording/jsonLines()`` writes, for tools that do not have the feature's types.
///
/// The Finita Inspector writes these from what an app sent it, and the files read back as a
/// ``Recording`` of the feature's definition, to replay in a test:
///
/// ```swift
/// let file = RecordingFile<MyJSON>(
///   header: .init(featureName: "calls", typeName: "MyApp.CallTracker", initialState: state),
///   steps: steps)
/// let recording = try Recording<CallTracker>(jsonLines: try file.jsonLines())
/// ```
///
/// Reading one checks everything ``Recording/init(jsonLines:)`` checks except the feature's
/// type, which is kept in ``RecordingHeader/typeName``.
public struct RecordingFile<Value: Codable & Sendable>: Sendable {
  /// One step of the file, with its values as `Value`.
  public struct Step: Sendable {
    /// The step's number in the feature's life.
    public var number: Int
    /// The stage.
    public var stage: FeatureStage
    /// The time since recording started.
    public var time: Duration
    /// The wish, for `wish`.
    public var wish: Value?
    /// The action of the stage, or the action behind an effect or work.
    public var action: Value?
    /// The effect, for `effect` and `state`.
    public var effect: Value?
    /// The new state, for `state`; the initial state, for `created`.
    public var state: Value?
    /// The news, for `news`.
    public var news: Value?
    /// The work, for the work stages.
    public var work: WorkInfo?
    /// The description of the error, for `workFailed`.
    public var error: String?

    /// Creates a step; which values a stage needs is as for ``RecordedStep``.
    ///
    /// - Parameters:
    ///   - number: The step's number in the feature's life.
    ///   - stage: The stage.
    ///   - time: The time since recording started.
    ///   - wish: The wish, for `wish`.
    ///   - action: The action of the stage or behind it.
    ///   - effect: The effect, for `effect` and `state`.
    ///   - state: The new state, for `state` and `created`.
    ///   - news: The news, for `news`.
    ///   - work: The work, for the work stages.
    ///   - error: The error's description, for `workFailed`.
    public init(
      number: Int, stage: FeatureStage, time: Duration, wish: Value? = nil,
      action: Value? = nil, effect: Value? = nil, state: Value? = nil, news: Value? = nil,
      work: WorkInfo? = nil, error: String? = nil
    ) {
      self.number = number
      self.stage = stage
      self.time = time
      self.wish = wish
      self.action = action
      self.effect = effect
      self.state = state
      self.news = news
      self.work = work
      self.error = error
    }
  }

  /// The format version, the feature, its type's name and the state before the first step.
  public var header: RecordingHeader<Value>
  /// The steps, oldest first, with increasing numbers.
  public var steps: [Step]

  /// Creates a recording file's contents.
  ///
  /// - Parameters:
  ///   - header: The header; `typeName` must be the definition's type as
  ///     `String(reflecting:)` prints it for the file to read back as a ``Recording``.
  ///   - steps: The steps, oldest first.
  public init(header: RecordingHeader<Value>, steps: [Step]) {
    self.header = header
    self.steps = steps
  }

  /// The file as JSON Lines, in the format of ``Recording/jsonLines()``.
  ///
  /// - Returns: The UTF-8 data.
  /// - Throws: ``RecordingError/encodingFailed`` naming the step when a value does not encode.
  public func jsonLines() throws(RecordingError) -> Data {
    try RecordingLines.write(
      header: header,
      steps: steps.lazy.map { step in
        StepLine<Value, Value, Value, Value, Value>(
          number: step.number, stage: step.stage, time: step.time, wish: step.wish,
          action: step.action, effect: step.effect, state: step.state, news: step.news,
          work: step.work, error: step.error)
      })
  }

  /// Reads a recording file of any feature.
  ///
  /// - Parameter data: The file's contents.
  /// - Throws: A ``RecordingError`` naming the line, the key and what is wrong.
  public init(jsonLines data: Data) throws(RecordingError) {
    let (header, lines) = try RecordingLines.read(
      data, as: StepLine<Value, Value, Value, Value, Value>.self, expectedType: nil)
    self.init(
      header: header,
      steps: lines.map { line in
        Step(
          number: line.step, stage: line.parsedStage, time: line.duration, wish: line.wish,
          action: line.action, effect: line.effect, state: line.state, news: line.news,
          work: line.workInfo, error: line.error)
      })
  }
}

extension RecordingFile.Step {
  /// The values this step's stage needs and the step lacks (`wish`, `action`, `effect`,
  /// `state`, `news`, `work`): a file with such a step does not read back.
  public var missingValues: [String] {
    valuesNeeded(by: stage).filter { !has($0) }
  }

  private func has(_ key: String) -> Bool {
    switch key {
    case "wish": wish != nil
    case "action": action != nil
    case "effect": effect != nil
    case "state": state != nil
    case "news": news != nil
    default: work != nil
    }
  }
}

/// The values a step of `stage` needs, in the order they are checked.
private func valuesNeeded(by stage: FeatureStage) -> [String] {
  switch stage {
  case .created: ["state"]
  case .wish: ["wish"]
  case .action, .bootstrapAction, .postProcessedAction, .actionHandled: ["action"]
  case .effect: ["effect", "action"]
  case .state: ["state", "effect"]
  case .news: ["news"]
  case .workStarted, .workFinished, .workCancelled, .workFailed: ["work"]
  default: []
  }
}

/// Writes and reads the lines of a recording file, whatever the types of its values.
private enum RecordingLines {
  static func write<Wish, Action, Effect, State, News>(
    header: RecordingHeader<State>,
    steps: some Collection<StepLine<Wish, Action, Effect, State, News>>
  ) throws(RecordingError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    let headerLine = HeaderLine(
      format: HeaderLine<State>.formatName, version: header.formatVersion,
      feature: header.featureName, type: header.typeName, initialState: header.initialState,
      droppedSteps: header.droppedSteps, steps: steps.count)
    do {
      data.append(try encoder.encode(headerLine))
    } catch {
      throw RecordingError(
        .encodingFailed, line: 1, key: "initialState",
        "the initial state does not encode (\(error)); make its type Codable")
    }
    data.append(0x0A)
    for (offset, step) in steps.enumerated() {
      do {
        data.append(try encoder.encode(step))
      } catch {
        throw RecordingError(
          .encodingFailed, line: offset + 2,
          "step \(step.step) (\(step.stage)) does not encode: \(error)")
      }
      data.append(0x0A)
    }
    return data
  }

  /// Reads and checks the whole file: the format and its version, the feature type when
  /// `expectedType` is given, every value, increasing step numbers, and the step count.
  static func read<Wish, Action, Effect, State, News>(
    _ data: Data, as: StepLine<Wish, Action, Effect, State, News>.Type, expectedType: String?
  ) throws(RecordingError) -> (
    RecordingHeader<State>, [StepLine<Wish, Action, Effect, State, News>]
  ) {
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    let endsWithNewline = data.last == 0x0A
    if endsWithNewline { lines.removeLast() }
    if lines.allSatisfy({ $0.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }) {
      throw RecordingError(
        .emptyFile, line: 1,
        "the file is empty; a recording starts with a header line made by Recording.jsonLines()")
    }
    func content(_ index: Int) -> Data {
      var line = Data(lines[index])
      if line.last == 0x0D { line.removeLast() }
      return line
    }
    let lastIndex = lines.count - 1
    let decoder = JSONDecoder()
    func decode<Line: Decodable>(_ type: Line.Type, _ index: Int) throws(RecordingError) -> Line {
      let line = content(index)
      do {
        return try decoder.decode(type, from: line)
      } catch {
        let isSyntax: Bool
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
          isSyntax = true
        } else {
          isSyntax = false
        }
        if isSyntax && index == lastIndex && !endsWithNewline {
          throw RecordingError(
            .truncated, line: index + 1,
            "the file ends in the middle of this line; it was cut short while being written or "
              + "sent, so send the whole file again")
        }
        if isSyntax {
          throw RecordingError(
            .notJSON, line: index + 1,
            "the line is not a JSON object; each line of a recording is one JSON object")
        }
        let (key, message) = explain(error)
        throw RecordingError(.invalidValue, line: index + 1, key: key, message)
      }
    }

    let peek = try decode(HeaderPeek.self, 0)
    guard peek.format == HeaderLine<State>.formatName else {
      throw RecordingError(
        .notJSON, line: 1, key: "format",
        "the first line is not a recording header (format is \(peek.format.map { "\"\($0)\"" } ?? "missing"), "
          + "expected \"\(HeaderLine<State>.formatName)\")")
    }
    guard peek.version == recordingFormatVersion else {
      throw RecordingError(
        .unsupportedVersion, line: 1, key: "version",
        "the recording has format version \(peek.version), this module reads version "
          + "\(recordingFormatVersion); record it again with this version of Finita")
    }
    if let expectedType, peek.type != expectedType {
      throw RecordingError(
        .wrongFeatureType, line: 1, key: "type",
        "the recording is of \(peek.type), not \(expectedType); replay it with that feature's "
          + "definition")
    }
    let headerLine = try decode(HeaderLine<State>.self, 0)
    var steps: [StepLine<Wish, Action, Effect, State, News>] = []
    steps.reserveCapacity(lines.count - 1)
    for index in 1..<lines.count {
      var line = try decode(StepLine<Wish, Action, Effect, State, News>.self, index)
      try line.check(line: index + 1)
      if let previous = steps.last, line.step <= previous.step {
        throw RecordingError(
          .stepsOutOfOrder, line: index + 1, key: "step",
          "step \(line.step) comes after step \(previous.step); the lines were reordered "
            + "or repeated, so keep them in the order they were written")
      }
      steps.append(line)
    }
    if steps.count != headerLine.steps {
      throw RecordingError(
        .truncated, line: lines.count,
        "the header announces \(headerLine.steps) steps but the file has \(steps.count); it was "
          + "cut short, so send the whole file again")
    }
    let header = RecordingHeader(
      formatVersion: headerLine.version, featureName: headerLine.feature,
      typeName: headerLine.type, initialState: headerLine.initialState,
      droppedSteps: headerLine.droppedSteps)
    return (header, steps)
  }
}

private struct HeaderPeek: Decodable {
  var format: String?
  var version: Int
  var type: String
}

private struct HeaderLine<State: Codable>: Codable {
  static var formatName: String { "finita-recording" }
  var format: String
  var version: Int
  var feature: String?
  var type: String
  var initialState: State
  var droppedSteps: Int
  var steps: Int
}

private struct WorkLine: Codable {
  var id: UInt64
  var name: String?
  var bootstrapper: Bool
}

/// One step's line, with its values of their own types.
private struct StepLine<
  Wish: Codable, Action: Codable, Effect: Codable, State: Codable, News: Codable
>:
  Codable
{
  var step: Int
  var stage: String
  var time: Int64
  var wish: Wish?
  var action: Action?
  var effect: Effect?
  var state: State?
  var news: News?
  var work: WorkLine?
  var error: String?
  /// The stage `stage` names, once ``check(line:)`` found it.
  private var found: FeatureStage?

  private enum CodingKeys: String, CodingKey {
    case step, stage, time, wish, action, effect, state, news, work, error
  }

  init(
    number: Int, stage: FeatureStage, time: Duration, wish: Wish?, action: Action?,
    effect: Effect?, state: State?, news: News?, work: WorkInfo?, error: String?
  ) {
    step = number
    self.stage = stage.name
    found = stage
    let (seconds, attoseconds) = time.components
    self.time = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    self.wish = wish
    self.action = action
    self.effect = effect
    self.state = state
    self.news = news
    self.work = work.map { WorkLine(id: $0.id, name: $0.name, bootstrapper: $0.isBootstrapper) }
    self.error = error
  }

  var parsedStage: FeatureStage {
    guard let found else {
      preconditionFailure("Internal inconsistency: a step line was used before it was checked")
    }
    return found
  }

  var duration: Duration { .nanoseconds(time) }

  var workInfo: WorkInfo? {
    work.map { WorkInfo(id: $0.id, name: $0.name, isBootstrapper: $0.bootstrapper) }
  }

  /// Checks that the stage exists and that the values it needs are there.
  mutating func check(line: Int) throws(RecordingError) {
    guard let stage = FeatureStage.allStages.first(where: { $0.name == self.stage }) else {
      let known = FeatureStage.allStages.map(\.name).joined(separator: ", ")
      throw RecordingError(
        .invalidValue, line: line, key: "stage",
        "\"\(self.stage)\" is not a stage; the stages are \(known)")
    }
    let missing = valuesNeeded(by: stage).first { key in
      switch key {
      case "wish": wish == nil
      case "action": action == nil
      case "effect": effect == nil
      case "state": state == nil
      case "news": news == nil
      default: work == nil
      }
    }
    if let key = missing {
      throw RecordingError(
        .invalidValue, line: line, key: key, "a \(stage) step needs a \(key); add it")
    }
    found = stage
  }
}
