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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    let headerLine = HeaderLine(
      format: HeaderLine<Definition.State>.formatName, version: header.formatVersion,
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
        data.append(try encoder.encode(StepLine(step)))
      } catch {
        throw RecordingError(
          .encodingFailed, line: offset + 2,
          "step \(step.number) (\(step.stage)) does not encode: \(error)")
      }
      data.append(0x0A)
    }
    return data
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
    func decode<Value: Decodable>(_ type: Value.Type, _ index: Int) throws(RecordingError) -> Value
    {
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
    guard peek.format == HeaderLine<Definition.State>.formatName else {
      throw RecordingError(
        .notJSON, line: 1, key: "format",
        "the first line is not a recording header (format is \(peek.format.map { "\"\($0)\"" } ?? "missing"), "
          + "expected \"\(HeaderLine<Definition.State>.formatName)\")")
    }
    guard peek.version == recordingFormatVersion else {
      throw RecordingError(
        .unsupportedVersion, line: 1, key: "version",
        "the recording has format version \(peek.version), this module reads version "
          + "\(recordingFormatVersion); record it again with this version of Finita")
    }
    let expectedType = String(reflecting: Definition.self)
    guard peek.type == expectedType else {
      throw RecordingError(
        .wrongFeatureType, line: 1, key: "type",
        "the recording is of \(peek.type), not \(expectedType); replay it with that feature's "
          + "definition")
    }
    let headerLine = try decode(HeaderLine<Definition.State>.self, 0)
    var steps: [RecordedStep<Definition>] = []
    steps.reserveCapacity(lines.count - 1)
    for index in 1..<lines.count {
      let line = try decode(StepLine<Definition>.self, index)
      let step = try line.step(line: index + 1)
      if let previous = steps.last, step.number <= previous.number {
        throw RecordingError(
          .stepsOutOfOrder, line: index + 1, key: "step",
          "step \(step.number) comes after step \(previous.number); the lines were reordered "
            + "or repeated, so keep them in the order they were written")
      }
      steps.append(step)
    }
    if steps.count != headerLine.steps {
      throw RecordingError(
        .truncated, line: lines.count,
        "the header announces \(headerLine.steps) steps but the file has \(steps.count); it was "
          + "cut short, so send the whole file again")
    }
    self.init(
      header: RecordingHeader(
        formatVersion: headerLine.version, featureName: headerLine.feature,
        typeName: headerLine.type, initialState: headerLine.initialState,
        droppedSteps: headerLine.droppedSteps),
      steps: steps)
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

private struct StepLine<Definition: FeatureDefinition>: Codable
where
  Definition.State: Codable, Definition.Wish: Codable, Definition.Action: Codable,
  Definition.Effect: Codable, Definition.News: Codable
{
  var step: Int
  var stage: String
  var time: Int64
  var wish: Definition.Wish?
  var action: Definition.Action?
  var effect: Definition.Effect?
  var state: Definition.State?
  var news: Definition.News?
  var work: WorkLine?
  var error: String?

  init(_ step: RecordedStep<Definition>) {
    self.step = step.number
    stage = step.stage.name
    let (seconds, attoseconds) = step.time.components
    time = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    wish = step.wish
    action = step.action
    effect = step.effect
    state = step.state
    news = step.news
    work = step.work.map { WorkLine(id: $0.id, name: $0.name, bootstrapper: $0.isBootstrapper) }
    error = step.error
  }

  func step(line: Int) throws(RecordingError) -> RecordedStep<Definition> {
    guard let stage = FeatureStage.allStages.first(where: { $0.name == self.stage }) else {
      let known = FeatureStage.allStages.map(\.name).joined(separator: ", ")
      throw RecordingError(
        .invalidValue, line: line, key: "stage",
        "\"\(self.stage)\" is not a stage; the stages are \(known)")
    }
    func require(_ present: Bool, _ key: String) throws(RecordingError) {
      if !present {
        throw RecordingError(
          .invalidValue, line: line, key: key, "a \(stage) step needs a \(key); add it")
      }
    }
    switch stage {
    case .created: try require(state != nil, "state")
    case .wish: try require(wish != nil, "wish")
    case .action, .bootstrapAction, .postProcessedAction, .actionHandled:
      try require(action != nil, "action")
    case .effect:
      try require(effect != nil, "effect")
      try require(action != nil, "action")
    case .state:
      try require(state != nil, "state")
      try require(effect != nil, "effect")
    case .news: try require(news != nil, "news")
    case .workStarted, .workFinished, .workCancelled, .workFailed: try require(work != nil, "work")
    default: break
    }
    return RecordedStep(
      number: step, stage: stage, time: .nanoseconds(time), wish: wish, action: action,
      effect: effect, state: state, news: news,
      work: work.map { WorkInfo(id: $0.id, name: $0.name, isBootstrapper: $0.bootstrapper) },
      error: error)
  }
}
