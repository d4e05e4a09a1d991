#if canImport(Combine) || Combine
  import Finita

  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif

  /// Subscribes to a publisher at once, keeps what it emits synchronously apart, and forwards
  /// the rest to a feature's `Send` once the feature's task attaches.
  ///
  /// Releasing the relay (the effect was never run) cancels the publisher.
  final class PublisherRelay<Output: Sendable>: Sendable {
    enum Ending {
      case finished
      case failed(any Error)
    }

    private struct State {
      var pending = DrainQueue<Output>()
      var ending: Ending?
      var send: Send<Output>?
      var waiter: CheckedContinuation<Void, any Error>?
      var cancellable: AnyCancellable?
      var isCancelled = false
    }

    private let box = LockedValue(State())

    /// Subscribes to `publisher`; values and completion emitted during this call are kept for
    /// ``takeSynchronousPart()``.
    func subscribe<Upstream: Publisher>(to upstream: Upstream) where Upstream.Output == Output {
      let cancellable = upstream.sink(
        receiveCompletion: { [weak self] completion in
          switch completion {
          case .finished: self?.end(.finished)
          case .failure(let error): self?.end(.failed(error))
          }
        },
        receiveValue: { [weak self] value in self?.receive(value) }
      )
      box.withLock { $0.cancellable = cancellable }
    }

    /// The values emitted so far, and how the publisher ended if it did.
    func takeSynchronousPart() -> ([Output], Ending?) {
      box.withLock { state in (state.pending.removeAll(), state.ending) }
    }

    /// Forwards later values to `send` until the publisher completes; throws the publisher's
    /// error. Cancelling the task cancels the publisher.
    func forward(to send: Send<Output>) async throws {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let drains = box.withLock { state -> Bool? in
            guard !state.isCancelled else { return nil }
            state.send = send
            state.waiter = continuation
            return state.pending.claim()
          }
          guard let drains else {
            // Cancelled before the task attached: the publisher is already cancelled.
            continuation.resume(throwing: CancellationError())
            return
          }
          if drains { drain() }
          resumeIfEnded()
        }
      } onCancel: {
        cancel()
      }
    }

    private func receive(_ value: Output) {
      let drains = box.withLock { state -> Bool in
        state.pending.append(value)
        return state.send != nil && state.pending.claim()
      }
      if drains { drain() }
    }

    private func end(_ ending: Ending) {
      box.withLock { $0.ending = ending }
      resumeIfEnded()
    }

    private func drain() {
      while let (value, send) = box.withLock({ state -> (Output, Send<Output>)? in
        guard let send = state.send, let value = state.pending.next() else { return nil }
        return (value, send)
      }) {
        send(value)
      }
      resumeIfEnded()
    }

    /// Resumes the waiting task once the publisher has ended and every value was forwarded.
    private func resumeIfEnded() {
      let resumption = box.withLock { state -> (CheckedContinuation<Void, any Error>, Ending)? in
        guard
          let ending = state.ending, state.pending.isEmpty, !state.pending.isDraining,
          let waiter = state.waiter
        else { return nil }
        state.waiter = nil
        state.cancellable = nil
        return (waiter, ending)
      }
      guard let (waiter, ending) = resumption else { return }
      switch ending {
      case .finished: waiter.resume()
      case .failed(let error): waiter.resume(throwing: error)
      }
    }

    private func cancel() {
      let (cancellable, waiter) = box.withLock { state in
        state.isCancelled = true
        defer {
          state.cancellable = nil
          state.waiter = nil
        }
        return (state.cancellable, state.waiter)
      }
      cancellable?.cancel()
      waiter?.resume(throwing: CancellationError())
    }
  }
#endif  // canImport(Combine) || Combine
