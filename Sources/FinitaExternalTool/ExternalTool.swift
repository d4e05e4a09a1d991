import Foundation
import Synchronization

/// A command-line program, such as Graphviz's `dot`, found on `PATH` and run on some input.
///
/// Files rather than pipes carry the three streams, so a large output can never block the
/// program or the caller; a run that takes longer than its timeout is stopped.
///
/// ```swift
/// let dot = try ExternalTool("dot", install: "apt-get install graphviz")
/// let result = try dot.run(["-Tsvg"], input: "digraph { a -> b }")
/// ```
package struct ExternalTool: Sendable {
  /// What a run of the program gave back.
  package struct Result: Sendable {
    /// The exit status.
    package let status: Int32
    /// Standard output, as bytes.
    package let data: Data
    /// Standard error.
    package let errors: String

    /// Standard output, as UTF-8 text.
    package var output: String { String(decoding: data, as: UTF8.self) }
  }

  /// Why a program could not be run, or did not finish.
  package struct Failure: Error, CustomStringConvertible, Equatable {
    enum Kind: Equatable {
      case missing(name: String, install: String, searched: [String])
      case didNotStart(path: String, reason: String)
      case timedOut(path: String, after: Duration)
      case failed(path: String, status: Int32, errors: String)
    }

    let kind: Kind

    /// The program is not installed where it was looked for.
    package static func missing(_ name: String, install: String, searched: [String]) -> Self {
      Self(kind: .missing(name: name, install: install, searched: searched))
    }

    /// The program exists but could not be started.
    package static func didNotStart(_ path: String, reason: String) -> Self {
      Self(kind: .didNotStart(path: path, reason: reason))
    }

    /// The program ran longer than allowed and was stopped.
    package static func timedOut(_ path: String, after timeout: Duration) -> Self {
      Self(kind: .timedOut(path: path, after: timeout))
    }

    /// The program exited with a status other than 0.
    package static func failed(_ path: String, status: Int32, errors: String) -> Self {
      Self(kind: .failed(path: path, status: status, errors: errors))
    }

    /// What happened and what to do about it.
    package var description: String {
      switch kind {
      case .missing(let name, let install, let searched):
        "'\(name)' was not found on PATH (looked in \(searched.joined(separator: ":"))). "
          + "Install it: \(install)"
      case .didNotStart(let path, let reason):
        "\(path) did not start: \(reason)"
      case .timedOut(let path, let timeout):
        "\(path) did not finish within \(timeout) and was stopped"
      case .failed(let path, let status, let errors):
        "\(path) failed with status \(status)"
          + (errors.isEmpty ? "" : ": \(errors.trimmingCharacters(in: .whitespacesAndNewlines))")
      }
    }
  }

  /// The program's executable.
  package let executable: URL

  /// Uses the executable at `url`.
  package init(executable url: URL) {
    executable = url
  }

  /// Finds `name` on `PATH`, then in the usual install folders (which a GUI app's `PATH` may
  /// lack).
  ///
  /// - Parameters:
  ///   - name: The program's file name, such as `dot`.
  ///   - install: How to install it, for the error when it is missing.
  /// - Throws: ``Failure`` saying where it looked and how to install it.
  package init(_ name: String, install: String) throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    var folders: [String] = []
    for folder in path.split(separator: ":").map(String.init)
      + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    where !folders.contains(folder) {
      folders.append(folder)
    }
    for folder in folders {
      let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        executable = candidate
        return
      }
    }
    throw Failure.missing(name, install: install, searched: folders)
  }

  /// Runs the program with `input` on standard input and waits for it.
  ///
  /// A status other than 0 is not an error here: the result carries it with standard error.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - input: The text written to standard input.
  ///   - timeout: How long the program may run before it is stopped.
  /// - Returns: The exit status and both output streams.
  /// - Throws: ``Failure`` when the program does not start or runs out of time; file errors
  ///   when the temporary files cannot be written.
  package func run(
    _ arguments: [String], input: String, timeout: Duration = .seconds(60)
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("finita-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("input")
    let outputURL = folder.appendingPathComponent("output")
    let errorURL = folder.appendingPathComponent("errors")
    try Data(input.utf8).write(to: inputURL)
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let inputHandle = try FileHandle(forReadingFrom: inputURL)
    let outputHandle = try FileHandle(forWritingTo: outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)
    defer {
      try? inputHandle.close()
      try? outputHandle.close()
      try? errorHandle.close()
    }
    process.standardInput = inputHandle
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      throw Failure.didNotStart(executable.path, reason: "\(error)")
    }
    if finished.wait(timeout: .now() + Self.dispatchInterval(timeout)) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + .seconds(2)) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
      throw Failure.timedOut(executable.path, after: timeout)
    }
    return Result(
      status: process.terminationStatus,
      data: (try? Data(contentsOf: outputURL)) ?? Data(),
      errors: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    )
  }

  /// Runs the program as the blocking `run(_:input:timeout:)` does, waiting on a thread of its
  /// own.
  ///
  /// Call this one from async code: the waiting never holds a thread of Swift's cooperative
  /// pool, which has only one thread per processor. A few slow programs (a compiler, a JVM)
  /// waited for there stop every other task in the process until they end.
  ///
  /// The async runs of a process take turns, one per two processors (at least one) at a time:
  /// freed from the pool, a test suite started seven compilers and JVMs at once on two
  /// processors, and its own tasks, under ThreadSanitizer, waited for processor time past
  /// their time limits.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - input: The text written to standard input.
  ///   - timeout: How long the program may run before it is stopped.
  /// - Returns: The exit status and both output streams.
  /// - Throws: What the blocking `run(_:input:timeout:)` throws.
  package func run(
    _ arguments: [String], input: String, timeout: Duration = .seconds(60)
  ) async throws -> Result {
    try await Self.onOwnThread(takingTurn: true) {
      try self.run(arguments, input: input, timeout: timeout)
    }
  }

  /// The turns of the async runs (see the async `run(_:input:timeout:)`).
  private static let turns = Turns(
    count: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

  /// Calls `body` on a new thread and gives back what it returns, without blocking the caller's
  /// thread: for blocking work (waiting for a process, reading a pipe) called from async code.
  ///
  /// - Parameters:
  ///   - takingTurn: Whether `body` runs an outside program, and so waits for a turn among the
  ///     process's runs of them, as the async `run(_:input:timeout:)` does.
  ///   - body: The blocking work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package static func onOwnThread<Value: Sendable>(
    takingTurn: Bool = false, _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    if takingTurn { await turns.take() }
    defer { if takingTurn { turns.give() } }
    return try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
  }

  private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) else {
      return .never
    }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}

/// A number of turns that callers take and give back, waiting without a thread while none is
/// free; waiting callers get their turn in the order they asked.
package final class Turns: Sendable {
  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>

  /// Creates `count` turns, all free.
  ///
  /// - Parameter count: How many callers may hold a turn at once.
  package init(count: Int) {
    state = Mutex(State(free: count))
  }

  /// How many callers wait for a turn.
  package var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Takes a turn, waiting for one when none is free.
  package func take() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Gives a turn back, to the caller that has waited longest if any.
  package func give() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
