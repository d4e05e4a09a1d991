import Finita

/// Where a server is between its start and its shutdown, for the servers of the examples and
/// the inspector, which start a task that listens and stop it asynchronously.
///
/// A start owns the server from before its task is made until it listens: two starts at once
/// cannot both begin. A shutdown meanwhile takes the server, stops what the start began and
/// waits for it; the start then returns ``StartOutcome/shutDown`` instead of running, so that
/// nothing listens once the shutdown has returned.
package final class ServiceLife<Value: Sendable>: Sendable {
  /// How a start ended.
  package enum StartOutcome {
    /// The server runs; the value is what `ready` returned.
    case started(Value)
    /// The server was starting or running already; nothing was begun.
    case alreadyRunning
    /// The server did not come up; what it began is stopped.
    case failed(any Error)
    /// A shutdown came while it started; what it began is stopped.
    case shutDown
  }

  private struct Begun: Sendable {
    let id: UInt64
    let stop: @Sendable () async -> Void
    let task: Task<Void, Never>
  }

  private enum Life {
    case stopped
    case starting(Begun)
    case running(Begun, Value)
  }

  private struct State {
    var life = Life.stopped
    var starts: UInt64 = 0
  }

  private let state = LockedValue(State())

  /// Creates it stopped.
  package init() {}

  /// Starts the server unless it is starting or running, and waits until it listens.
  ///
  /// - Parameters:
  ///   - run: Runs the server until it stops, in a task of its own.
  ///   - stop: Asks the server to stop; `run` then returns.
  ///   - listening: Where the server sends its port once it listens, or why it cannot. When
  ///     `run` ends first, it gets `run`'s error, or `stoppedBeforeListening`.
  ///   - stoppedBeforeListening: The error of a `run` that returned before listening.
  ///   - value: What the start returns, made from the port.
  /// - Returns: How the start ended.
  package func start(
    run: @escaping @Sendable () async throws -> Void,
    stop: @escaping @Sendable () async -> Void,
    listening: OneShot<Result<Int, any Error>>,
    stoppedBeforeListening: any Error,
    value: (Int) throws -> Value
  ) async -> StartOutcome {
    // The task is made under the lock that says the server is starting.
    let begun: Begun? = state.withLock { state in
      guard case .stopped = state.life else { return nil }
      state.starts += 1
      let task = Task {
        do {
          try await run()
          listening.send(.failure(stoppedBeforeListening))
        } catch {
          listening.send(.failure(error))
        }
      }
      let begun = Begun(id: state.starts, stop: stop, task: task)
      state.life = .starting(begun)
      return begun
    }
    guard let begun else { return .alreadyRunning }
    let outcome: Result<Value, any Error>
    do {
      outcome = .success(try value(try await listening.value.get()))
    } catch {
      outcome = .failure(error)
    }
    // Whether this start still owns the server: a shutdown meanwhile took it.
    let owned = state.withLock { state in
      guard case .starting(let starting) = state.life, starting.id == begun.id else {
        return false
      }
      switch outcome {
      case .success(let value): state.life = .running(begun, value)
      case .failure: state.life = .stopped
      }
      return true
    }
    if owned, case .success(let value) = outcome { return .started(value) }
    await begun.stop()
    await begun.task.value
    guard owned, case .failure(let error) = outcome else { return .shutDown }
    return .failed(error)
  }

  /// Stops the server, starting or running, and waits until its task has ended.
  ///
  /// - Returns: Whether there was a server to stop.
  @discardableResult
  package func shutdown() async -> Bool {
    let begun: Begun? = state.withLock { state in
      defer { state.life = .stopped }
      switch state.life {
      case .stopped: return nil
      case .starting(let begun), .running(let begun, _): return begun
      }
    }
    guard let begun else { return false }
    await begun.stop()
    await begun.task.value
    return true
  }

  /// What the start returned, while the server runs.
  package var value: Value? {
    state.withLock { state in
      guard case .running(_, let value) = state.life else { return nil }
      return value
    }
  }

  /// Whether the server is neither starting nor running.
  package var isStopped: Bool {
    state.withLock { state in
      guard case .stopped = state.life else { return false }
      return true
    }
  }
}
