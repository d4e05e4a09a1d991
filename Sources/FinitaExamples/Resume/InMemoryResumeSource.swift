import Finita

/// Resumes served from memory after a delay on an injected clock, with failures that can be
/// injected resume by resume: for tests, previews and the tour.
///
/// ```swift
/// let source = InMemoryResumeSource(resumes: [Resume(id: 7, title: "iOS developer")])
/// source.failNextLoad(ofResume: 7)  // the next load of #7 fails, once
/// ```
public final class InMemoryResumeSource: ResumeSource {
  private let resumes: [Int: Resume]
  private let latency: Duration
  private let clock: any Clock<Duration>
  private let failures = LockedValue<Set<Int>>([])

  /// Creates the source.
  ///
  /// - Parameters:
  ///   - resumes: The resumes served; identifiers must be unique (the last one wins).
  ///   - latency: How long each load takes; none by default.
  ///   - clock: The clock the latency is measured on; a test clock in tests.
  public init(
    resumes: [Resume], latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.resumes = Dictionary(resumes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    self.latency = latency
    self.clock = clock
  }

  /// Makes the next load of the resume fail with a ``ResumeError``.
  ///
  /// - Parameter id: The resume's identifier.
  public func failNextLoad(ofResume id: Int) {
    _ = failures.withLock { $0.insert(id) }
  }

  /// Loads a resume after the latency.
  ///
  /// - Parameter id: The resume's identifier.
  /// - Returns: The resume.
  /// - Throws: ``ResumeError`` when there is no such resume or a failure was injected.
  public func resume(id: Int) async throws -> Resume {
    if latency > .zero {
      try await clock.sleep(for: latency)
    }
    if failures.withLock({ $0.remove(id) != nil }) {
      throw ResumeError(message: "Resume \(id) is unavailable")
    }
    guard let resume = resumes[id] else { throw ResumeError(message: "There is no resume \(id)") }
    return resume
  }
}
