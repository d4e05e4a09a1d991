#if Inspector
  import Finita
  import Testing

  @testable import FinitaInspectorClient

  /// The client's buffer keeps the logs of live features, and of disposed ones only until their
  /// stages are sent.
  @Suite("The client's buffer of logs")
  struct ClientBufferTests {
    /// A feature that counts, and whose `wait` wish starts work that never ends by itself.
    struct Waiting: FeatureDefinition {
      enum Wish: Sendable { case add, wait }
      func act(_ state: Int, _ action: Wish) -> Effects<Wish> {
        switch action {
        case .add: .just(.add)
        case .wait:
          .run(name: "wait") { _ in
            let (stream, _) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
          }
        }
      }
      func reduce(_ state: inout Int, _ effect: Wish) { state += 1 }
    }

    /// Drains `buffer` until nothing waits, `max` at a time; returns the stages drained.
    static func drainAll(_ buffer: EventBuffer, max: Int) -> [PendingEvent] {
      var drained: [PendingEvent] = []
      while true {
        let events = buffer.drain(max: max).events
        if events.isEmpty { return drained }
        drained += events
      }
    }

    @Test("the log of a disposed feature is let go once its stages are sent, not before")
    func disposedLogsAreLetGo() {
      let buffer = EventBuffer(capacity: 100)
      let interceptor = InspectorInterceptor(buffer: buffer)
      let live = Feature(
        initialState: 0, definition: Waiting(), configuration: .init(interceptors: [interceptor]))
      for _ in 0..<50 {
        let screen = Feature(
          initialState: 0, definition: Waiting(), configuration: .init(interceptors: [interceptor]))
        screen.accept(.add)
        screen.dispose()
      }
      #expect(buffer.sourceCount == 51)
      // Three at a time: a disposed feature's log stays while some of its stages wait.
      let first = buffer.drain(max: 3)
      #expect(first.events.count == 3)
      #expect(buffer.sourceCount == 51)
      let rest = Self.drainAll(buffer, max: 3)
      // created, started, wish, action, effect, state, actionHandled, disposed: 8 per feature,
      // and the live one's created and started.
      #expect(first.events.count + rest.count == 50 * 8 + 2)
      #expect(rest.filter { $0.stage == .disposed }.count == 50)
      // The last drain found nothing; the next one lets the sent logs go.
      _ = buffer.drain(max: 3)
      #expect(buffer.sourceCount == 1)
      // The live feature's log is still read.
      live.accept(.add)
      #expect(Self.drainAll(buffer, max: 10).count == 5)
      #expect(buffer.sourceCount == 1)
    }

    @Test("a feature disposed with work running: its last stage is the disposal, nothing is lost")
    func disposedWithWork() async {
      let buffer = EventBuffer(capacity: 100)
      let interceptor = InspectorInterceptor(buffer: buffer)
      let feature = Feature(
        initialState: 0, definition: Waiting(), configuration: .init(interceptors: [interceptor]))
      feature.accept(.wait)
      feature.dispose()
      await feature.idle()
      let stages = Self.drainAll(buffer, max: 100).map(\.stage)
      #expect(stages.last == .disposed)
      #expect(stages.contains(.workStarted))
      _ = buffer.drain(max: 100)
      #expect(buffer.sourceCount == 0)
    }
  }
#endif  // Inspector
