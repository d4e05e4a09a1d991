#if Tools
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Waits until the process gets SIGINT or SIGTERM.
  func waitForInterrupt() async {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let sources = [SIGINT, SIGTERM].map {
      DispatchSource.makeSignalSource(signal: $0, queue: .global())
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = OnceFlag()
      for source in sources {
        source.setEventHandler {
          if once.claim() { continuation.resume() }
        }
        source.resume()
      }
    }
    for source in sources { source.cancel() }
  }

  /// True for the first caller only.
  // @unchecked: `claimed` is read and written only under `lock`.
  private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      if claimed { return false }
      claimed = true
      return true
    }
  }

  /// Writes out what `print` buffered, so a script reading a pipe sees it at once.
  func flushOutput() {
    // fflush(nil) flushes every output stream, without touching the global `stdout`.
    fflush(nil)
  }
#endif  // Tools
