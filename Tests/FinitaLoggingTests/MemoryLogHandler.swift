#if Logging
  import Foundation
  import Logging

  /// A `LogHandler` that keeps its entries in memory, for tests.
  struct MemoryLogHandler: LogHandler {
    struct Entry: Sendable, Equatable {
      var level: Logger.Level
      var message: String
      var metadata: [String: String]
    }

    /// The entries, shared by every copy of the handler.
    final class Store: @unchecked Sendable {
      // Safe to send: `entries` is only touched while `lock` is held.
      private let lock = NSLock()
      private var entries: [Entry] = []

      var all: [Entry] { lock.withLock { entries } }

      func append(_ entry: Entry) { lock.withLock { entries.append(entry) } }

      /// The entries of one feature, by its `feature` metadata.
      func entries(of feature: String) -> [Entry] {
        all.filter { $0.metadata["feature"] == feature }
      }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(store: Store) {
      self.store = store
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      var flat: [String: String] = [:]
      for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
        flat[key] = "\(value)"
      }
      store.append(Entry(level: event.level, message: "\(event.message)", metadata: flat))
    }
  }

  extension Logger {
    /// A logger that writes to `store`, at `level`.
    static func memory(_ store: MemoryLogHandler.Store, level: Logger.Level = .trace) -> Logger {
      var logger = Logger(label: "test") { _ in MemoryLogHandler(store: store) }
      logger.logLevel = level
      return logger
    }
  }
#endif  // Logging
