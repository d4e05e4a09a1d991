#if Inspector
  import Finita
  import FinitaInspectorProtocol
  import FinitaRecording
  import Foundation

  /// Turns what an app sent about one feature into a recording file (the format of
  /// `Recording.jsonLines()`), and a recording file into a session the page can browse.
  enum InspectorRecordings {
    /// Why a recording could not be made or read; the message says what to do.
    struct Failure: Error {
      let message: String
    }

    /// A recording file of one feature's kept stages.
    ///
    /// The file starts at the feature's `created` stage when the inspector still has it, and
    /// otherwise right after the oldest state it has, which becomes the initial state. When the
    /// app dropped stages (its step numbers skip), only the stages after the last gap count: a
    /// recording with a hole would not replay. Times count from the first step.
    ///
    /// A jump of the live state ("Continue from here", `StageEvent.jumpStage`) is written as a
    /// `created` step with the state continued from, which a replay takes as the same jump; the
    /// steps after it are numbered one further each, so the numbers keep increasing by one.
    static func file(
      of descriptor: FeatureDescriptor?, feature: UInt64, events allEvents: [StageEvent]
    ) throws(Failure) -> Data {
      guard let descriptor else {
        throw Failure(
          message: "Feature \(feature) has not announced itself to the inspector yet; wait for it "
            + "to appear in the list.")
      }
      let name = descriptor.displayName
      let events = Array(allEvents[afterLastGap(allEvents)...])
      let first: Int
      let initialState: JSONValue
      if let created = events.first, created.stage == FeatureStage.created.name,
        let state = created.state
      {
        first = 0
        initialState = state
      } else if let index = events.firstIndex(where: {
        ($0.stage == FeatureStage.state.name || $0.stage == StageEvent.jumpStage)
          && $0.state != nil
      }), let state = events[index].state {
        first = index + 1
        initialState = state
      } else if events.count < allEvents.count, let resumed = events.first?.step {
        throw Failure(
          message: "The app dropped stages of \(name) before step \(resumed), and it has not "
            + "changed state since; let it change state once, then export again.")
      } else {
        throw Failure(
          message: "The inspector has no state of \(name) yet (its oldest kept stages came before "
            + "any state); let it change state once, then export again.")
      }
      let origin = events.indices.contains(first) ? events[first].time : 0
      var steps: [RecordingFile<JSONValue>.Step] = []
      steps.reserveCapacity(events.count - first)
      // How many jumps came before: each takes a number of its own.
      var jumps = 0
      for event in events[first...] {
        if event.stage == StageEvent.jumpStage {
          guard let state = event.state else {
            throw Failure(
              message: "The jump of \(name) at step \(event.sequence) came without its state as "
                + "JSON: its type is not Encodable in the app. A recording needs Codable states.")
          }
          let number = (steps.last?.number ?? (first > 0 ? events[first - 1].step ?? -1 : -1)) + 1
          let nanoseconds = ((event.time - origin) * 1e9).rounded()
          steps.append(
            .init(
              number: number, stage: .created, time: .nanoseconds(Int64(max(0, nanoseconds))),
              state: state))
          jumps += 1
          continue
        }
        guard let stage = FeatureStage.allStages.first(where: { $0.name == event.stage }) else {
          throw Failure(
            message: "Step \(event.sequence) of \(name) has the stage \"\(event.stage)\", which "
              + "this inspector does not know; update the inspector to the app's Finita version.")
        }
        var step = Self.step(event, stage: stage, origin: origin)
        step.number += jumps
        if let missing = step.missingValues.first {
          throw Failure(
            message: "Step \(step.number) of \(name) (\(stage)) came without its \(missing) as "
              + "JSON: its type is not Encodable in the app. A recording needs Codable wishes, "
              + "actions, effects, states and news.")
        }
        steps.append(step)
      }
      let dropped = steps.first?.number ?? (events.last?.step ?? events.count)
      let header = RecordingHeader(
        featureName: descriptor.name, typeName: descriptor.typeName, initialState: initialState,
        droppedSteps: first == 0 ? 0 : dropped)
      do {
        return try RecordingFile(header: header, steps: steps).jsonLines()
      } catch {
        throw Failure(message: "The recording of \(name) could not be written: \(error)")
      }
    }

    /// The index of the first stage after the last place where the step numbers skip; 0 when
    /// they do not (or the app sent none).
    static func afterLastGap(_ events: [StageEvent]) -> Int {
      var start = 0
      // Jumps have no step number: a stage is compared with the stage before the jumps.
      var previous: Int?
      for index in events.indices {
        guard events[index].stage != StageEvent.jumpStage else { continue }
        if let step = events[index].step, let previous, step != previous + 1 {
          start = index
        }
        previous = events[index].step
      }
      return start
    }

    private static func step(
      _ event: StageEvent, stage: FeatureStage, origin: Double
    ) -> RecordingFile<JSONValue>.Step {
      let nanoseconds = ((event.time - origin) * 1e9).rounded()
      var step = RecordingFile<JSONValue>.Step(
        number: event.step ?? Int(clamping: event.sequence), stage: stage,
        time: .nanoseconds(Int64(max(0, nanoseconds))))
      switch stage {
      case .created: step.state = event.state
      case .wish: step.wish = event.value
      case .effect:
        step.effect = event.value
        step.action = event.action
      case .state:
        step.state = event.state
        step.effect = event.effect
      case .news: step.news = event.value
      case .workStarted, .workFinished, .workCancelled, .workFailed:
        step.action = event.action
        step.work = event.work.map {
          WorkInfo(id: $0.id, name: $0.name, isBootstrapper: $0.bootstrapper)
        }
        step.error = event.error
      case .started, .disposed: break
      default: step.action = event.value
      }
      return step
    }

    /// A recording file as a session of the page's export format: a header line, then the
    /// messages of one app with one feature, its stages numbered as in the file.
    static func session(from data: Data, fileName: String) throws(Failure) -> String {
      let file: RecordingFile<JSONValue>
      do {
        file = try RecordingFile<JSONValue>(jsonLines: data)
      } catch {
        throw Failure(message: "\(fileName) is not a recording this inspector reads: \(error)")
      }
      let app = "recording"
      let feature: UInt64 = 1
      let shortType = file.header.typeName.split(separator: ".").last.map(String.init)
      let descriptor = FeatureDescriptor(
        id: feature, name: file.header.featureName, typeName: file.header.typeName,
        displayName: file.header.featureName ?? shortType ?? file.header.typeName,
        canTravel: false, acceptsWishes: false)
      var envelopes = [
        InspectorEnvelope(
          .hello(AppHello(name: fileName, platform: "recording", processID: 0)), app: app),
        InspectorEnvelope(.feature(descriptor), app: app),
      ]
      var events: [StageEvent] = []
      if file.steps.first?.stage != .created {
        events.append(
          StageEvent(
            feature: feature, sequence: 0, stage: FeatureStage.created.name, time: 0,
            text: "the state before the first recorded step", state: file.header.initialState,
            step: file.header.droppedSteps - 1))
      }
      for (index, step) in file.steps.enumerated() {
        var event = event(step, feature: feature, sequence: UInt64(events.count))
        // A created step after the first is a jump of the live state ("Continue from here").
        if index > 0, step.stage == .created {
          event.stage = StageEvent.jumpStage
          event.text = "continued from " + (step.state.map(compact) ?? "")
        }
        events.append(event)
      }
      var start = 0
      while start < events.count {
        let chunk = Array(events[start..<min(start + 500, events.count)])
        envelopes.append(InspectorEnvelope(.events(chunk), app: app))
        start += 500
      }
      var lines = [#"{"format":"finita-inspector-session","version":1}"#]
      for envelope in envelopes {
        guard let line = try? InspectorProtocol.encode(envelope) else {
          throw Failure(message: "\(fileName) has a value too large for the page to show.")
        }
        lines.append(line)
      }
      return lines.joined(separator: "\n") + "\n"
    }

    private static func event(
      _ step: RecordingFile<JSONValue>.Step, feature: UInt64, sequence: UInt64
    ) -> StageEvent {
      let (seconds, attoseconds) = step.time.components
      let value: JSONValue? =
        switch step.stage {
        case .wish: step.wish
        case .effect: step.effect
        case .news: step.news
        case .created, .state, .started, .disposed: nil
        default: step.action
        }
      var text = value.map(compact) ?? ""
      if step.stage == .state, let effect = step.effect { text = compact(effect) }
      if let work = step.work {
        text = (work.name ?? "work \(work.id)") + (step.action.map { " for \(compact($0))" } ?? "")
        if let error = step.error { text += " threw \(error)" }
      }
      return StageEvent(
        feature: feature, sequence: sequence, stage: step.stage.name,
        time: Double(seconds) + Double(attoseconds) * 1e-18, text: text, value: value,
        state: step.state, step: step.number, action: step.action, effect: step.effect,
        work: step.work.map {
          WorkDescriptor(id: $0.id, name: $0.name, bootstrapper: $0.isBootstrapper)
        }, error: step.error)
    }

    /// A value as one line of JSON, keys sorted.
    private static func compact(_ value: JSONValue) -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }
#endif  // Inspector
