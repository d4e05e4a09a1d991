import Finita
import FinitaServerLife
import Testing

/// The start and shutdown of the servers (the inspector's, the examples'), without sockets: a
/// server here is a task that runs until it is asked to stop.
@Suite("A server's start and shutdown")
struct ServiceLifeTests {
  struct StoppedEarly: Error {}

  /// A server that runs until stopped, and listens when `listened` is sent a port.
  final class FakeServer: Sendable {
    let life = ServiceLife<Int>()
    let stopped = OneShot<Void>()
    let listened = OneShot<Result<Int, any Error>>()
    let ended = LockedValue(false)
    let stops = LockedValue(0)

    func start() async -> ServiceLife<Int>.StartOutcome {
      await life.start(
        run: {
          await self.stopped.value
          self.ended.withLock { $0 = true }
        },
        stop: {
          self.stops.withLock { $0 += 1 }
          self.stopped.send(())
        },
        listening: listened, stoppedBeforeListening: StoppedEarly(), value: { $0 })
    }
  }

  /// Runs `start` in a task and returns once the server is starting.
  static func starting(_ server: FakeServer) async -> Task<ServiceLife<Int>.StartOutcome, Never> {
    let task = Task { await server.start() }
    while server.life.isStopped { await Task.yield() }
    return task
  }

  @Test("a start that listens runs, with its value; shutdown stops it and waits for it")
  func startsAndStops() async {
    let server = FakeServer()
    server.listened.send(.success(7447))
    guard case .started(7447) = await server.start() else {
      Issue.record("expected started(7447)")
      return
    }
    #expect(server.life.value == 7447)
    #expect(await server.life.shutdown())
    #expect(server.ended.withLock { $0 })
    #expect(server.life.value == nil)
    #expect(server.life.isStopped)
    #expect(await server.life.shutdown() == false)
  }

  @Test("a second start while one is starting is refused and begins nothing")
  func secondStartRefused() async {
    let server = FakeServer()
    let first = await Self.starting(server)
    guard case .alreadyRunning = await server.start() else {
      Issue.record("expected alreadyRunning")
      return
    }
    server.listened.send(.success(1))
    guard case .started(1) = await first.value else {
      Issue.record("expected the first start to run")
      return
    }
    await server.life.shutdown()
    #expect(server.stops.withLock { $0 } == 1)
  }

  @Test("a shutdown while it starts stops what the start began; the start says so")
  func shutdownWhileStarting() async {
    let server = FakeServer()
    let start = await Self.starting(server)
    // The shutdown returns once the server's task has ended, even though it has not listened.
    #expect(await server.life.shutdown())
    #expect(server.ended.withLock { $0 })
    #expect(server.life.isStopped)
    // Whatever the server says now (a socket bound just before the stop would say it
    // listens), the start stops it rather than running.
    server.listened.send(.success(2))
    guard case .shutDown = await start.value else {
      Issue.record("expected shutDown")
      return
    }
    #expect(server.life.value == nil)
    #expect(server.life.isStopped)
  }

  @Test("a start whose server fails to listen stops it, says why, and can start again")
  func failedStart() async {
    struct Refused: Error {}
    let server = FakeServer()
    server.listened.send(.failure(Refused()))
    guard case .failed(let error) = await server.start() else {
      Issue.record("expected failed")
      return
    }
    #expect(error is Refused)
    #expect(server.ended.withLock { $0 })
    #expect(server.life.isStopped)
    let again = FakeServer()
    again.listened.send(.success(3))
    guard case .started(3) = await again.start() else {
      Issue.record("expected started(3)")
      return
    }
    await again.life.shutdown()
  }

  @Test("a start that a shutdown took, then a new start: the old one stops only its own")
  func newStartAfterShutdown() async {
    let server = FakeServer()
    let old = await Self.starting(server)
    await server.life.shutdown()
    // A new start owns the server now; its server is another fake, started through the same
    // life, so the old start's stop cannot reach it.
    let newStopped = OneShot<Void>()
    let newListening = OneShot<Result<Int, any Error>>()
    newListening.send(.success(4))
    let new = Task {
      await server.life.start(
        run: { await newStopped.value }, stop: { newStopped.send(()) }, listening: newListening,
        stoppedBeforeListening: StoppedEarly(), value: { $0 })
    }
    guard case .started(4) = await new.value else {
      Issue.record("expected the new start to run")
      return
    }
    server.listened.send(.success(5))
    guard case .shutDown = await old.value else {
      Issue.record("expected the old start to say it was shut down")
      return
    }
    #expect(server.life.value == 4)
    await server.life.shutdown()
    #expect(server.life.isStopped)
  }
}
