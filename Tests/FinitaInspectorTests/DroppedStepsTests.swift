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
  static func pending(_ feature: UInt64, _ stage: FeatureStage) -> PendingEvent {
    PendingEvent(
      info: FeatureInfo(id: feature, name: "f\(feature)", definitionType: Loader.self),
      stage: stage, time: 0
    ) { RenderedValues(text: "") }
  }

  @Test("the buffer counts the stages it drops by feature, once per drain")
  func droppedByFeature() {
    let buffer = EventBuffer(capacity: 3)
    // Feature 1 sends 4 stages, feature 2 one, feature 1 one more: the 3 oldest are dropped.
    for stage in [FeatureStage.wish, .action, .effect, .state] {
      buffer.append(Self.pending(1, stage))
    }
    buffer.append(Self.pending(2, .wish))
    buffer.append(Self.pending(1, .news))
    let drained = buffer.drain(max: 10)
    #expect(drained.droppedByFeature == [1: 3])
    #expect(drained.dropped?.count == 3)
    #expect(drained.events.map(\.stage) == [.state, .wish, .news])
    #expect(drained.events.map(\.info.id) == [1, 2, 1])
    // Counted once: the next drain reports nothing dropped.
    buffer.append(Self.pending(2, .action))
    let next = buffer.drain(max: 10)
    #expect(next.droppedByFeature.isEmpty)
    #expect(next.dropped == nil)
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
