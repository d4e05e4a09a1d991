import Finita

/// Users served from memory after a delay on an injected clock, with failures that can be
/// injected: for tests, previews and the tour.
///
/// ```swift
/// let api = InMemoryUsersAPI(users: User.samples, latency: .seconds(1), clock: clock)
/// api.failNextFetch()  // the next fetch fails, once
/// ```
public final class InMemoryUsersAPI: UsersAPI {
  private let users: [User]
  private let latency: Duration
  private let clock: any Clock<Duration>
  private let counters = LockedValue((fetches: 0, failures: 0))

  /// Creates the API.
  ///
  /// - Parameters:
  ///   - users: The users served.
  ///   - latency: How long each fetch takes; none by default.
  ///   - clock: The clock the latency is measured on; a test clock in tests.
  public init(
    users: [User] = User.samples, latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.users = users
    self.latency = latency
    self.clock = clock
  }

  /// Makes the next fetch fail with a ``UsersError``.
  public func failNextFetch() {
    counters.withLock { $0.failures += 1 }
  }

  /// How many fetches were started, cancelled ones included.
  public var fetchCount: Int {
    counters.withLock { $0.fetches }
  }

  /// Fetches the users after the latency.
  ///
  /// - Returns: The users.
  /// - Throws: ``UsersError`` when a failure was injected; `CancellationError` when cancelled
  ///   during the latency.
  public func fetchUsers() async throws -> [User] {
    counters.withLock { $0.fetches += 1 }
    if latency > .zero {
      try await clock.sleep(for: latency)
    }
    let fails = counters.withLock { counters in
      defer { counters.failures = max(0, counters.failures - 1) }
      return counters.failures > 0
    }
    if fails {
      throw UsersError(message: "The users service is unavailable")
    }
    return users
  }
}
