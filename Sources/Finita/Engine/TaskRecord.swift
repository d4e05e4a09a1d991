extension FeatureCore {
  /// Asynchronous work owned by the feature.
  @usableFromInline
  struct TaskRecord {
    @usableFromInline
    enum Source: Sendable {
      case action(Action)
      case bootstrapper
    }

    /// The running task.
    @usableFromInline
    enum Handle: Sendable {
      case task(Task<Void, Never>)
      case throwingTask(Task<Void, any Error>)

      /// Cancels the task.
      @usableFromInline
      func cancel() {
        switch self {
        case .task(let task): task.cancel()
        case .throwingTask(let task): task.cancel()
        }
      }
    }

    /// The running task; `nil` for the moment between registering the work and making its
    /// task.
    @usableFromInline var handle: Handle?
    @usableFromInline let cancelIDs: [EffectID]
    @usableFromInline let source: Source
    @usableFromInline let name: String?
    /// The work the task belongs to: its own identifier, or for a cancellable part, the
    /// identifier of the work that started it (see ``FeatureWork``).
    @usableFromInline let work: UInt64

    @usableFromInline
    init(cancelIDs: [EffectID], source: Source, name: String?, work: UInt64) {
      self.cancelIDs = cancelIDs
      self.source = source
      self.name = name
      self.work = work
    }

    /// Cancels the task.
    @usableFromInline
    func cancel() {
      handle?.cancel()
    }

    var description: String {
      let origin =
        switch source {
        case .action(let action): "action \(action)"
        case .bootstrapper: "the bootstrapper"
        }
      var text = name.map { "\"\($0)\" started by \(origin)" } ?? "started by \(origin)"
      if !cancelIDs.isEmpty {
        text += " (cancellable id: \(cancelIDs.map { "\($0.base)" }.joined(separator: ", ")))"
      }
      return text
    }
  }
}
