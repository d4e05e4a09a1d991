#if HTTPExamples
  import FinitaServerLife
  import ServiceLifecycle

  extension ServiceLife {
    /// Runs `group`, the server's, and returns once it listens: `value` makes what the start
    /// returns from the port bound.
    func startServer(
      _ group: ServiceGroup, listening: OneShot<Result<Int, any Error>>,
      value: (Int) throws -> Value
    ) async throws -> Value {
      let outcome = await start(
        run: { try await group.run() },
        stop: { await group.triggerGracefulShutdown() },
        listening: listening,
        stoppedBeforeListening: PageServerError.stoppedBeforeListening,
        value: value)
      switch outcome {
      case .started(let value): return value
      case .alreadyRunning: throw PageServerError.alreadyRunning
      case .shutDown: throw PageServerError.shutDownWhileStarting
      case .failed(let error): throw error
      }
    }
  }
#endif  // HTTPExamples
