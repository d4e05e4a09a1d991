#if HTTPExamples
  /// Why a ``PageServer`` could not start.
  public struct PageServerError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case alreadyRunning, stoppedBeforeListening, noPort, shutDownWhileStarting
    }

    private let kind: Kind

    /// ``PageServer/start(host:port:)`` was called while the server runs; call
    /// ``PageServer/shutdown()`` first.
    public static let alreadyRunning = PageServerError(kind: .alreadyRunning)
    /// The server stopped before it listened.
    public static let stoppedBeforeListening = PageServerError(kind: .stoppedBeforeListening)
    /// The server's socket has no port: the address is not an IP address.
    public static let noPort = PageServerError(kind: .noPort)
    /// `shutdown()` was called while `start(host:port:)` was starting the server: it stopped, and
    /// nothing listens.
    public static let shutDownWhileStarting = PageServerError(kind: .shutDownWhileStarting)

    /// What happened and what to do.
    public var description: String {
      switch kind {
      case .alreadyRunning:
        "The page server is already running; call shutdown() before starting it again."
      case .stoppedBeforeListening:
        "The page server stopped before it listened; check the host and port."
      case .noPort:
        "The page server's socket has no port; give it an IP address such as 127.0.0.1."
      case .shutDownWhileStarting:
        "The server was shut down while it started; nothing listens. Start it again if needed."
      }
    }
  }
#endif  // HTTPExamples
