import Finita
import FinitaFixtures
import FinitaTesting
import Foundation
import Testing

@testable import FinitaRecording

/// Records a session of the tracker: three increments (news at three), a load whose work
/// finishes on the test clock, and a reset.
private func recordSession(recorder: FeatureRecorder) async -> Feature<Tracker> {
  // Counts sleeps, so the clock is advanced only once the load's work sleeps on it: advancing
  // first would leave the work asleep for good.
  let clock = VirtualClock()
  let feature = Feature(
    initialState: Tracker.State(), definition: Tracker(clock: clock),
    configuration: .init(name: "tracker", interceptors: [recorder]))
  feature.accept(.increment)
  feature.accept(.increment)
  feature.accept(.increment)
  feature.accept(.load)
  await clock.advance(by: .seconds(1), afterSleeps: 1)
  for await state in feature.states where !state.items.isEmpty { break }
  feature.accept(.increment)
  return feature
}

@Suite("Recording a feature", .timeLimit(.minutes(1)))
struct RecorderTests {
  @Test("every stage is recorded with its typed values and its time on the injected clock")
  func recordsStages() async throws {
    let clock = VirtualClock()
    let recorder = FeatureRecorder(capacity: 1000, clock: clock)
    let feature = Feature(
      initialState: Tracker.State(), definition: Tracker(clock: clock),
      configuration: .init(name: "tracker", interceptors: [recorder]))
    await clock.advance(by: .milliseconds(5))
    feature.accept(.increment)
    let recording = try #require(recorder.recording(of: Tracker.self))
    #expect(recording.header.featureName == "tracker")
    #expect(recording.header.typeName == String(reflecting: Tracker.self))
    #expect(recording.header.initialState == Tracker.State())
    #expect(
      recording.steps.map(\.stage.name) == [
        "created", "started", "wish", "action", "effect", "state", "actionHandled",
      ])
    #expect(recording.steps.map(\.number) == Array(0..<7))
    #expect(recording.steps[2].wish == .increment)
    #expect(recording.steps[2].time == .milliseconds(5))
    #expect(recording.steps[0].time == .zero)
    #expect(recording.steps[5].state == Tracker.State(count: 1))
    #expect(recording.wishes == [.increment])
    #expect(recording.state(after: 4) == Tracker.State())
    #expect(recording.state(after: 5).count == 1)
    #expect(recording.states.map(\.count) == [0, 0, 0, 0, 0, 1, 1])
    #expect(recorder.features.map(\.name) == ["tracker"])
    _ = feature
  }

  @Test("compiled into the definition, it records what a recorder attached at run time does")
  func compiledRecorder() async throws {
    typealias Recorded = InterceptedDefinition<Tracker, FeatureRecorder>
    let clock = VirtualClock()
    let compiled = FeatureRecorder(capacity: 1000)
    let attached = FeatureRecorder(capacity: 1000)
    let feature = Feature(
      initialState: Tracker.State(), definition: Tracker(clock: clock).intercepted(by: compiled),
      configuration: .init(name: "tracker", interceptors: [attached]))
    for _ in 0..<3 { feature.accept(.increment) }
    feature.accept(.load)
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    for await state in feature.states where !state.items.isEmpty { break }
    feature.accept(.increment)
    feature.dispose()
    let written = try #require(compiled.recording(of: Recorded.self, named: "tracker"))
    let atRunTime = try #require(attached.recording(of: Recorded.self))
    // Its log is of the wrapping definition: asking for the wrapped one finds nothing.
    #expect(compiled.recording(of: Tracker.self) == nil)
    #expect(written.header.initialState == atRunTime.header.initialState)
    #expect(written.header.typeName == String(reflecting: Tracker.self))
    func lines(_ recording: Recording<Recorded>) -> [String] {
      recording.steps.map {
        "\($0.number) \($0.stage) \(String(describing: $0.wish)) \(String(describing: $0.state))"
          + " \(String(describing: $0.news)) \(String(describing: $0.work?.id))"
      }
    }
    #expect(lines(written) == lines(atRunTime))
    #expect(written.wishes == [.increment, .increment, .increment, .load, .increment])
    #expect(written.states.last?.count == 4)
    #expect(written.steps.last?.stage == .disposed)
    let info = try #require(compiled.features.first)
    #expect(compiled.recording(of: info, as: Recorded.self)?.steps.count == written.steps.count)
    #expect(compiled.recording(of: info, as: Tracker.self) == nil)
    // Replayed into the plain definition, in memory and from the saved file.
    let plain = written.unwrapped()
    #expect(plain.steps.map(\.number) == written.steps.map(\.number))
    #expect(plain.wishes == written.wishes)
    #expect(plain.replay { Tracker(clock: $0) }.divergence == nil)
    let loaded = try Recording<Tracker>(jsonLines: written.jsonLines())
    #expect(loaded.steps.count == written.steps.count)
    #expect(loaded.replay { Tracker(clock: $0) }.divergence == nil)
  }

  @Test("the ring keeps the newest steps, counts the dropped ones and moves the initial state")
  func ringDropsOldest() throws {
    let recorder = FeatureRecorder(capacity: 5)
    let feature = Feature(
      initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
      configuration: .init(interceptors: [recorder]))
    for _ in 0..<3 { feature.accept(.increment) }
    // 2 steps for creation, 5 for each increment and news for the third: 18 steps, 0...17.
    let recording = try #require(recorder.recording(of: Tracker.self))
    #expect(recording.steps.count == 5)
    #expect(recording.header.droppedSteps == 13)
    #expect(recording.steps.map(\.number) == Array(13...17))
    #expect(recording.header.initialState.count == 2)
    #expect(recording.states.last?.count == 3)
    _ = feature
  }

  @Test(
    "the recordings of ended features are let go, all but the newest endedLimit; live ones stay")
  func endedFeaturesLetGo() throws {
    let recorder = FeatureRecorder(capacity: 100, endedLimit: 3)
    func makeTracker(_ name: String) -> Feature<Tracker> {
      Feature(
        initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
        configuration: .init(name: name, interceptors: [recorder]))
    }
    let root = makeTracker("root")
    root.accept(.increment)
    // A feature per screen: each is used, then closed.
    for screen in 0..<1_000 {
      let feature = makeTracker("screen \(screen)")
      feature.accept(.increment)
      if screen % 2 == 0 {
        feature.dispose()
      }  // The others end when released, at the end of this turn.
    }
    // One more feature, still open: attaching it lets ended ones go when the recorder looks.
    let open = makeTracker("open")
    open.accept(.increment)
    open.accept(.increment)
    let names = recorder.features.compactMap(\.name)
    // At most 2 * (live + limit) + 1 kept at any time, however many features came and went.
    #expect(names.count <= 2 * (2 + 3) + 1)
    #expect(names.first == "root")
    #expect(names.last == "open")
    // The newest ended screens are among those kept: the last one closed is there.
    #expect(names.contains("screen 999"))
    #expect(recorder.recording(of: Tracker.self, named: "screen 999")?.states.last?.count == 1)
    #expect(recorder.recording(of: Tracker.self, named: "screen 0") == nil)
    #expect(recorder.recording(of: Tracker.self, named: "root")?.states.last?.count == 1)
    #expect(recorder.recording(of: Tracker.self, named: "open")?.states.last?.count == 2)
  }

  @Test("looking for ended features costs a constant per feature attached, however many live")
  func looksAreAmortized() {
    let recorder = FeatureRecorder(capacity: 10)
    let features = (0..<5_000).map { index in
      Feature(
        initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
        configuration: .init(name: "\(index)", interceptors: [recorder]))
    }
    #expect(recorder.features.count == 5_000)
    // Looking at every attachment would ask about 12.5 million times.
    #expect(recorder.endedChecks < 2 * 5_000)
    for feature in features { feature.dispose() }
  }

  @Test("with endedLimit 0, a disposed feature's recording is let go once the recorder looks")
  func endedLimitZero() throws {
    let recorder = FeatureRecorder(capacity: 100, endedLimit: 0)
    var kept: [Int] = []
    for index in 0..<100 {
      let feature = Feature(
        initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
        configuration: .init(name: "\(index)", interceptors: [recorder]))
      feature.accept(.increment)
      feature.dispose()
      kept.append(recorder.features.count)
    }
    // Never more than two: the feature attached and, before the recorder looks, one ended.
    #expect(kept.max() ?? 0 <= 2)
  }

  @Test("a log says it has ended once its feature is disposed, even after removeAll forgot that")
  func logHasEnded() throws {
    let keeper = LogKeeper<Tracker>(capacity: 100)
    let feature = Feature(
      initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
      configuration: .init(interceptors: [keeper]))
    feature.accept(.increment)
    let log = try #require(keeper.log)
    #expect(!log.hasEnded)
    log.removeAll()
    #expect(!log.hasEnded)
    feature.dispose()
    #expect(log.hasEnded)
    log.removeAll()
    #expect(log.span == nil)
    #expect(log.hasEnded)
  }
}

@Suite("Recording while threads send wishes", .threadTestsTimeLimit)
struct ConcurrentRecordingTests {
  @Test("recordings taken on two threads while four send wishes: whole inputs, consistent states")
  func recordingsWhileSending() async throws {
    let recorder = FeatureRecorder(capacity: 300)
    let feature = Feature(
      initialState: Tracker.State(), definition: Tracker(clock: ContinuousClock()),
      configuration: .init(interceptors: [recorder]))
    let wishesPerThread = 1_000
    await runOnThreads(6) { thread in
      if thread < 4 {
        for _ in 0..<wishesPerThread { feature.accept(.increment) }
        return
      }
      for _ in 0..<100 {
        guard let recording = recorder.recording(of: Tracker.self) else {
          Issue.record("no recording")
          return
        }
        let numbers = recording.steps.map(\.number)
        #expect(recording.steps.count <= 300)
        #expect(numbers == Array(numbers.indices.map { (numbers.first ?? 0) + $0 }))
        #expect(recording.header.droppedSteps == numbers.first ?? recording.header.droppedSteps)
        // A recording ends after a whole input, and its states follow from its initial state.
        if let last = recording.steps.last?.stage.name, last != "started" {
          #expect(last == "actionHandled")
        }
        let stateSteps = recording.steps.filter { $0.stage.name == "state" }.count
        #expect(
          (recording.states.last ?? recording.header.initialState).count
            == recording.header.initialState.count + stateSteps)
      }
    }
    #expect(feature.state.count == 4 * wishesPerThread)
    let recording = try #require(recorder.recording(of: Tracker.self))
    #expect(recording.states.last?.count == 4 * wishesPerThread)
  }
}

@Suite("Saving, loading and replaying recordings", .timeLimit(.minutes(1)))
struct ReplayTests {
  @Test("a recorded session saved as JSON Lines loads back and replays with no divergence")
  func roundTripReplay() async throws {
    let recorder = FeatureRecorder()
    let feature = await recordSession(recorder: recorder)
    let recording = try #require(recorder.recording(of: Tracker.self))
    let data = try recording.jsonLines()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == recording.steps.count + 1)
    #expect(lines[0].contains("\"format\":\"finita-recording\""))
    #expect(lines[0].contains("\"version\":1"))

    let loaded = try Recording<Tracker>(jsonLines: data)
    #expect(loaded.steps.count == recording.steps.count)
    #expect(loaded.states == recording.states)
    #expect(loaded.steps.map(\.stage) == recording.steps.map(\.stage))

    let result = loaded.replay { clock in Tracker(clock: clock) }
    #expect(result.divergence == nil, "\(result.divergence.map(String.init(describing:)) ?? "")")
    #expect(result.wishes == 5)
    #expect(result.substitutedEffects == 1)
    #expect(result.finalState == feature.state)
    #expect(result.finalState.items == ["a", "b"])
  }

  @Test("a changed reducer diverges at the step of the first different state, with a diff")
  func changedReducerDiverges() async throws {
    let recorder = FeatureRecorder()
    _ = await recordSession(recorder: recorder)
    let recording = try Recording<Tracker>(
      jsonLines: try #require(recorder.recording(of: Tracker.self)).jsonLines())
    let result = recording.replay { clock in Tracker(clock: clock, step: 2) }
    let divergence = try #require(result.divergence)
    let firstIncrement = try #require(
      recording.steps.first { $0.stage == .state && $0.effect == .incremented })
    #expect(divergence.step == firstIncrement.number)
    #expect(divergence.subject == "state")
    #expect(divergence.description.hasPrefix("step \(firstIncrement.number): the state differs\n"))
    #expect(divergence.diff.contains("-   - count: 1"))
    #expect(divergence.diff.contains("+   - count: 2"))
    #expect(divergence.diff.contains("    - isLoading: false"))
  }

  @Test("CRLF line endings are accepted")
  func crlfAccepted() async throws {
    let recorder = FeatureRecorder()
    _ = await recordSession(recorder: recorder)
    let data = try #require(recorder.recording(of: Tracker.self)).jsonLines()
    let crlf = Data(
      String(decoding: data, as: UTF8.self).replacingOccurrences(
        of: "\n", with: "\r\n"
      ).utf8)
    let loaded = try Recording<Tracker>(jsonLines: crlf)
    #expect(loaded.replay { Tracker(clock: $0) }.divergence == nil)
  }
}

@Suite("Bad recordings give errors that name the line and the key", .timeLimit(.minutes(1)))
struct BadRecordingTests {
  private func savedLines() async throws -> [String] {
    let recorder = FeatureRecorder()
    _ = await recordSession(recorder: recorder)
    let data = try #require(recorder.recording(of: Tracker.self)).jsonLines()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  private func load(_ text: String) -> RecordingError? {
    do {
      _ = try Recording<Tracker>(jsonLines: Data(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test("an empty file")
  func emptyFile() {
    let error = load("")
    #expect(error == .emptyFile)
    #expect(error?.line == 1)
    #expect(load("\n\r\n") == .emptyFile)
  }

  @Test("a file cut in the middle of a line, or after a whole line")
  func truncated() async throws {
    let lines = try await savedLines()
    let text = lines.joined(separator: "\n")
    let cut = load(String(text.prefix(text.count - 10)))
    #expect(cut == .truncated)
    #expect(cut?.line == lines.count)
    #expect(cut?.description.hasPrefix("line \(lines.count): the file ends in the middle") == true)
    let shortened = load(lines.dropLast(3).joined(separator: "\n") + "\n")
    #expect(shortened == .truncated)
    #expect(shortened?.description.contains("announces \(lines.count - 1) steps") == true)
  }

  @Test("reordered lines name the line and the step key")
  func reordered() async throws {
    var lines = try await savedLines()
    lines.swapAt(3, 4)
    let error = load(lines.joined(separator: "\n") + "\n")
    #expect(error == .stepsOutOfOrder)
    #expect(error?.line == 5)
    #expect(error?.key == "step")
    #expect(error?.description.hasPrefix("line 5, key \"step\": step 2 comes after step 3") == true)
  }

  @Test("another format version, another feature type, a line that is not JSON")
  func headerProblems() async throws {
    let lines = try await savedLines()
    var wrongVersion = lines
    wrongVersion[0] = wrongVersion[0].replacingOccurrences(
      of: "\"version\":1", with: "\"version\":9")
    let version = load(wrongVersion.joined(separator: "\n") + "\n")
    #expect(version == .unsupportedVersion)
    #expect(version?.key == "version")
    #expect(version?.description.contains("format version 9") == true)

    let data = Data((lines.joined(separator: "\n") + "\n").utf8)
    #expect(throws: RecordingError.wrongFeatureType) {
      try Recording<OtherTracker>(jsonLines: data)
    }
    do {
      _ = try Recording<OtherTracker>(jsonLines: data)
    } catch {
      #expect(error.line == 1)
      #expect(error.key == "type")
      #expect(error.description.contains("not \(String(reflecting: OtherTracker.self))"))
    }

    var notJSON = lines
    notJSON[2] = "hello"
    let garbage = load(notJSON.joined(separator: "\n") + "\n")
    #expect(garbage == .notJSON)
    #expect(garbage?.line == 3)
  }

  @Test("a value that does not decode names its line and key")
  func badValue() async throws {
    var lines = try await savedLines()
    let index = try #require(lines.firstIndex { $0.contains("\"stage\":\"state\"") })
    lines[index] = lines[index].replacingOccurrences(
      of: "\"count\":", with: "\"count\":\"x\",\"was\":")
    let error = load(lines.joined(separator: "\n") + "\n")
    #expect(error == .invalidValue)
    #expect(error?.line == index + 1)
    #expect(error?.key == "state.count")

    var unknownStage = try await savedLines()
    unknownStage[1] = unknownStage[1].replacingOccurrences(of: "\"created\"", with: "\"born\"")
    let stage = load(unknownStage.joined(separator: "\n") + "\n")
    #expect(stage == .invalidValue)
    #expect(stage?.key == "stage")
  }
}
