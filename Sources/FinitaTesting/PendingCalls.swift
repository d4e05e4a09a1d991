import Finita

/// A controllable service for tests and exploration: each ``call(_:)`` suspends until the test
/// (or an ``Explorer``) completes it, so several calls can be in flight at once and finish in
/// any order.
///
/// Give the feature's definition a closure that calls it in place of the real service:
///
/// ```swift
/// let search = PendingCalls<String, [String]>()
/// let tester = FeatureTester(initialState: SearchState()) { _ in
///   SearchFeature(search: search.call)
/// }
/// await tester.send(.search("a"))
/// await tester.send(.search("ab"))
/// await tester.skipUnasserted()  // the work runs after the step, up to its call
/// search.complete(1, with: .success(["abc"]))  // the newer request answers first
/// await tester.receive(.resultsDidLoad(query: "ab", ["abc"])) { $0.results = ["abc"] }
/// search.complete(0, with: .success(["a", "abc"]))  // then the older one
/// await tester.receive(.resultsDidLoad(query: "a", ["a", "abc"]))
/// ```
///
/// A call whose task is cancelled (the feature disposed, the work replaced) ends at once with a
/// `CancellationError` and leaves the calls in flight.
public final class PendingCalls<Request: Sendable, Response: Sendable>: Sendable {
  private struct Call {
    let id: UInt64
    let request: Request
    let continuation: CheckedContinuation<Response, any Error>
  }

  private struct State {
    var calls: [Call] = []
    var lastID: UInt64 = 0
  }

  private let state = LockedValue(State())

  /// Creates an empty set of calls.
  public init() {}

  /// The requests of the calls in flight, oldest first: the indices ``complete(_:with:)`` takes.
  public var inFlight: [Request] {
    state.withLock { $0.calls.map(\.request) }
  }

  /// Makes a call and suspends until it is completed or its task is cancelled.
  ///
  /// - Parameter request: What the call asks for.
  /// - Returns: The response it is completed with.
  /// - Throws: The error it is completed with, or `CancellationError` when its task is
  ///   cancelled.
  public func call(_ request: Request) async throws -> Response {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Under the lock: a cancellation handler that already ran found nothing to end.
        let isCancelled = state.withLock { state in
          if Task.isCancelled { return true }
          state.calls.append(Call(id: id, request: request, continuation: continuation))
          return false
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let call = state.withLock { state in
        state.calls.firstIndex { $0.id == id }.map { state.calls.remove(at: $0) }
      }
      call?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Completes a call in flight: its caller resumes with the result.
  ///
  /// - Parameters:
  ///   - index: The call's position in ``inFlight``, the oldest being `0`.
  ///   - result: The response or the error the call ends with.
  /// - Returns: The call's request, or `nil` (and nothing done) when no call has that index.
  @discardableResult
  public func complete(_ index: Int, with result: Result<Response, any Error>) -> Request? {
    let call = state.withLock { state in
      state.calls.indices.contains(index) ? state.calls.remove(at: index) : nil
    }
    call?.continuation.resume(with: result)
    return call?.request
  }
}

/// What an ``Explorer`` needs of a sequence's ``PendingCalls``, whatever its types: how many
/// calls are in flight, and completing one with a generated outcome.
protocol ExploreCallDriver: Sendable {
  /// Turns a completion (generated, or given with its choices) into the one to perform: the
  /// call picked among those in flight, its request, and the outcome drawn from `random`.
  func resolve(_ completion: ExploreCompletion, using random: inout ExploreRandom)
    -> ExploreCompletion
  /// Completes the call a resolved completion names; does nothing without a call in flight.
  func perform(_ completion: ExploreCompletion)
}

/// A sequence's calls with the generator of their outcomes.
struct ExploreCalls<Request: Sendable, Response: Sendable>: ExploreCallDriver {
  let calls: PendingCalls<Request, Response>
  let outcomes: @Sendable (Request) -> Gen<Result<Response, any Error>>

  func resolve(_ completion: ExploreCompletion, using random: inout ExploreRandom)
    -> ExploreCompletion
  {
    let inFlight = calls.inFlight
    guard !inFlight.isEmpty else {
      return ExploreCompletion(
        call: 0, of: 0, request: nil, outcome: "none", choices: [], result: nil)
    }
    let index = completion.call % inFlight.count
    let start = random.drawn.count
    let result = outcomes(inFlight[index]).generate(using: &random)
    let dump = ValueDump(maxDepth: 3)
    let outcome =
      switch result {
      case .success(let response): "success(\(dump.line(of: response)))"
      case .failure(let error): "failure(\(dump.line(of: error)))"
      }
    return ExploreCompletion(
      call: index, of: inFlight.count, request: dump.line(of: inFlight[index]),
      outcome: outcome, choices: Array(random.drawn[start...]), result: result)
  }

  func perform(_ completion: ExploreCompletion) {
    guard let result = completion.result as? Result<Response, any Error> else { return }
    calls.complete(completion.call, with: result)
  }
}
