#if Inspector
  import Finita
  import FinitaInspectorProtocol
  import Foundation
  import Testing

  @testable import FinitaInspector

  @Suite("The inspector's hub")
  struct InspectorHubTests {
    /// A batch of `count` wish events of the feature `DroppedStepsTests.descriptor`, from `start`.
    static func batch(from start: Int, count: Int = 10) -> InspectorMessage {
      .events((start..<start + count).map { DroppedStepsTests.event($0, .wish, value: "add") })
    }

    @Test("events are kept where the app's record is: a batch appends, it copies nothing kept")
    func keepsInPlace() throws {
      let hub = InspectorHub(
        limits: .init(eventsPerFeature: 100, featuresPerApp: 10, pageBacklog: 10))
      let app = hub.addApp(AppHello(name: "app", platform: "test", processID: 1)) { _ in }
      #expect(hub.receive(.feature(DroppedStepsTests.descriptor), from: app) == nil)
      // Full: from here on a batch overwrites the oldest events instead of growing the array.
      for start in stride(from: 0, to: 100, by: 10) {
        #expect(hub.receive(Self.batch(from: start), from: app) == nil)
      }
      let feature = DroppedStepsTests.descriptor.id
      let address = try #require(hub.eventsAddress(app: app, feature: feature))
      // A copy of the events would be made while the kept ones are still alive, so at another
      // address. (Taking the app's record out of the hub to change it did that at every batch.)
      for start in stride(from: 100, to: 250, by: 10) {
        #expect(hub.receive(Self.batch(from: start), from: app) == nil)
        #expect(hub.eventsAddress(app: app, feature: feature) == address)
      }
      #expect(hub.keptEvents == 100)
      let kept = try #require(hub.history(app: app, feature: feature)).1
      #expect(kept.map(\.step) == Array(150..<250).map(Optional.some))
    }

    @Test("at its limit of features, an app's oldest disposed feature makes room for a new one")
    func disposedFeaturesMakeRoom() {
      let hub = InspectorHub(
        limits: .init(eventsPerFeature: 10, featuresPerApp: 3, pageBacklog: 10))
      let app = hub.addApp(AppHello(name: "app", platform: "test", processID: 1)) { _ in }
      func describe(_ id: UInt64) -> ErrorFrame? {
        hub.receive(
          .feature(FeatureDescriptor(id: id, name: "f\(id)", typeName: "T", displayName: "f\(id)")),
          from: app)
      }
      func event(_ id: UInt64, _ stage: FeatureStage) -> StageEvent {
        var event = DroppedStepsTests.event(1, stage)
        event.feature = id
        return event
      }
      for id: UInt64 in 1...3 { #expect(describe(id) == nil) }
      // Every kept feature is live: a fourth is refused.
      #expect(describe(4)?.code == "tooManyFeatures")
      #expect(hub.receive(.events([event(2, .disposed), event(3, .wish)]), from: app) == nil)
      // Feature 2 was disposed: the fourth takes its place, and its events are kept.
      #expect(describe(4) == nil)
      #expect(hub.receive(.events([event(4, .wish)]), from: app) == nil)
      #expect(hub.history(app: app, feature: 2) == nil)
      #expect(hub.history(app: app, feature: 4)?.1.count == 1)
      #expect(hub.history(app: app, feature: 1) != nil)
      // Features 1, 3 and 4 are live: the events of a fifth are not kept.
      #expect(hub.receive(.events([event(5, .wish)]), from: app) == nil)
      #expect(hub.history(app: app, feature: 5) == nil)
      #expect(hub.keptEvents == 2)
    }

    @Test(
      "a page that comes while an app sends sees each event once and in order",
      .timeLimit(.minutes(1)))
    func pagesComingDuringEvents() async throws {
      let hub = InspectorHub(
        limits: .init(eventsPerFeature: 100_000, featuresPerApp: 10, pageBacklog: 100_000))
      let app = hub.addApp(AppHello(name: "app", platform: "test", processID: 1)) { _ in }
      #expect(hub.receive(.feature(DroppedStepsTests.descriptor), from: app) == nil)
      // Small, for ThreadSanitizer next to the other suites (5,000 stages and 20 pages timed out
      // there); the old hub still failed it in 5 runs of 6.
      let batches = 200
      let pages = LockedValue<[PageMessages]>([])
      // The app sends from one thread while pages come one after another from another.
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let finished = LockedValue(0)
        let end: @Sendable () -> Void = {
          let count = finished.withLock { count in
            count += 1
            return count
          }
          if count == 2 { done.resume() }
        }
        Thread {
          for batch in 0..<batches {
            _ = hub.receive(Self.batch(from: batch * 5, count: 5), from: app)
          }
          end()
        }.start()
        Thread {
          for _ in 0..<10 {
            let (_, stream) = hub.addPage(dotAvailable: false)
            pages.withLock { $0.append(stream) }
          }
          end()
        }.start()
      }
      hub.finishAllPages()
      for stream in pages.withLock({ $0 }) {
        var steps: [Int] = []
        for await text in stream {
          guard case .events(let events) = try InspectorProtocol.decode(text).message else {
            continue
          }
          steps += events.compactMap(\.step)
        }
        // Before the fix, a page got events sent while it was welcomed before its snapshot, or
        // in it and again after it.
        #expect(steps == Array(0..<batches * 5))
      }
    }
  }
#endif  // Inspector
