#if Inspector
  import Finita
  import FinitaInspectorProtocol
  import FinitaRecording
  import Foundation
  import Testing

  @testable import FinitaInspector
  @testable import FinitaInspectorClient

  /// Stages the app's client dropped keep their step numbers, and an exported recording starts
  /// after the last gap, so it never has a hole that would not replay.
  @Suite("Dropped stages and step numbers")
  struct DroppedStepsTests {
    /// A feature that counts.
    struct Counting: FeatureDefinition {
      enum Wish: Sendable { case add }
      func act(_ state: Int, _ action: Wish) -> Effects<Wish> { .just(.add) }
      func reduce(_ state: inout Int, _ effect: Wish) { state += 1 }
    }

    @Test("the buffer counts the stages the logs dropped by feature, once per drain")
    func droppedByFeature() {
      let buffer = EventBuffer(capacity: 3)
      let interceptor = InspectorInterceptor(buffer: buffer)
      let one = Feature(
        initialState: 0, definition: Counting(), configuration: .init(interceptors: [interceptor]))
      // created 0, started 1, then wish 2, action 3, effect 4, state 5, actionHandled 6: a log of
      // three keeps 4 to 6.
      one.accept(.add)
      let two = Feature(
        initialState: 0, definition: Counting(), configuration: .init(interceptors: [interceptor]))
      #expect(buffer.count == 5)
      #expect(buffer.droppedTotal == 4)
      let drained = buffer.drain(max: 10)
      let ids = drained.events.map(\.info.id)
      #expect(ids.count == 5)
      #expect(Set(ids[0..<3]).count == 1 && Set(ids[3...]).count == 1 && ids[0] != ids.last)
      #expect(drained.droppedByFeature == [ids[0]: 4])
      #expect(drained.dropped?.count == 4)
      #expect(drained.events.map(\.stage) == [.effect, .state, .actionHandled, .created, .started])
      #expect(drained.events.map(\.number) == [4, 5, 6, 0, 1])
      // Counted once: the next drain reports nothing dropped.
      let next = buffer.drain(max: 10)
      #expect(next.droppedByFeature.isEmpty)
      #expect(next.dropped == nil)
      #expect(next.events.isEmpty)
      // The second feature's wish: two of its five stages do not fit.
      two.accept(.add)
      let last = buffer.drain(max: 10)
      #expect(last.droppedByFeature == [ids[3]: 2])
      #expect(last.dropped?.count == 2)
      #expect(last.dropped?.total == 6)
      #expect(last.events.map(\.number) == [4, 5, 6])
      withExtendedLifetime((one, two)) {}
    }

    static func event(
      _ step: Int, _ stage: FeatureStage, state: JSONValue? = nil, value: JSONValue? = nil
    ) -> StageEvent {
      StageEvent(
        feature: 7, sequence: UInt64(step), stage: stage.name, time: Double(step) / 10,
        text: "", value: value, state: state, step: step,
        action: stage == .effect ? "add" : nil, effect: stage == .state ? "added" : nil)
    }

    static let descriptor = FeatureDescriptor(
      id: 7, name: "loader", typeName: "Tests.Loader", displayName: "loader")

    @Test("an export starts after the last gap in the step numbers, at a state")
    func exportAfterGap() throws {
      let events = [
        Self.event(0, .created, state: ["count": 0]), Self.event(1, .started),
        Self.event(2, .wish, value: "add"), Self.event(3, .action, value: "add"),
        Self.event(4, .effect, value: "added"), Self.event(5, .state, state: ["count": 1]),
        // Steps 6 to 8 were dropped by the app.
        Self.event(9, .wish, value: "add"), Self.event(10, .action, value: "add"),
        Self.event(11, .effect, value: "added"), Self.event(12, .state, state: ["count": 3]),
        Self.event(13, .actionHandled, value: "add"),
        Self.event(14, .wish, value: "add"),
      ]
      #expect(InspectorRecordings.afterLastGap(events) == 6)
      let data = try InspectorRecordings.file(of: Self.descriptor, feature: 7, events: events)
      let file = try RecordingFile<JSONValue>(jsonLines: data)
      #expect(file.header.initialState == ["count": 3])
      #expect(file.header.droppedSteps == 13)
      #expect(file.steps.map(\.number) == [13, 14])
      // Without a gap, the export starts at `created`.
      let whole = try RecordingFile<JSONValue>(
        jsonLines: try InspectorRecordings.file(
          of: Self.descriptor, feature: 7, events: Array(events[0..<6])))
      #expect(whole.header.droppedSteps == 0)
      #expect(whole.steps.map(\.number) == [0, 1, 2, 3, 4, 5])
    }

    @Test("a gap with no state after it: the export is refused and says why")
    func noStateAfterGap() {
      let events = [
        Self.event(0, .created, state: ["count": 0]), Self.event(1, .started),
        Self.event(5, .wish, value: "add"), Self.event(6, .action, value: "add"),
      ]
      #expect {
        _ = try InspectorRecordings.file(of: Self.descriptor, feature: 7, events: events)
      } throws: { error in
        let message = (error as? InspectorRecordings.Failure)?.message ?? ""
        return message.contains("dropped stages of loader before step 5")
      }
    }
  }
#endif  // Inspector
