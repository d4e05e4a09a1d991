#if Inspector
  /// Why the inspector did not start.
  public struct InspectorServerError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case alreadyRunning, noPort, stoppedBeforeListening
      case invalidPort(Int)
      case invalidToken(String)
      case portInUse(Int)
      case portNotPermitted(Int)
      case hostUnavailable(String)
      case shutDownWhileStarting
    }

    private let kind: Kind

    private init(_ kind: Kind) {
      self.kind = kind
    }

    /// ``InspectorServer/start()`` was called on a running inspector.
    public static let alreadyRunning = Self(.alreadyRunning)
    /// The server listened but did not say on which port.
    public static let noPort = Self(.noPort)
    /// The server stopped before it listened.
    public static let stoppedBeforeListening = Self(.stoppedBeforeListening)

    /// The configuration's port is not a TCP port (0 to 65535).
    ///
    /// - Parameter port: The port asked for.
    /// - Returns: The error, which names the port.
    public static func invalidPort(_ port: Int) -> Self { Self(.invalidPort(port)) }

    /// The configuration's token cannot go into a URL as it is, or is too short.
    ///
    /// - Parameter problem: What is wrong with it and what to give instead.
    /// - Returns: The error, which says so.
    public static func invalidToken(_ problem: String) -> Self { Self(.invalidToken(problem)) }

    /// Something else listens on the configuration's port.
    ///
    /// - Parameter port: The port asked for.
    /// - Returns: The error, which names the port.
    public static func portInUse(_ port: Int) -> Self { Self(.portInUse(port)) }

    /// The system does not let this process listen on the configuration's port (below 1024,
    /// without privileges).
    ///
    /// - Parameter port: The port asked for.
    /// - Returns: The error, which names the port.
    public static func portNotPermitted(_ port: Int) -> Self { Self(.portNotPermitted(port)) }

    /// The configuration's host is not a name that resolves, or not an address of this machine.
    ///
    /// - Parameter host: The host asked for.
    /// - Returns: The error, which names the host.
    public static func hostUnavailable(_ host: String) -> Self { Self(.hostUnavailable(host)) }

    /// ``InspectorServer/shutdown()`` was called while ``InspectorServer/start()`` was starting
    /// the inspector: it stopped, and nothing listens.
    public static let shutDownWhileStarting = Self(.shutDownWhileStarting)

    /// What happened and what to do.
    public var description: String {
      switch kind {
      case .alreadyRunning: "The inspector is already running; shut it down before starting again."
      case .noPort: "The inspector listened but its port is unknown; try another port."
      case .stoppedBeforeListening:
        "The inspector stopped before it listened; is the port in use? Try --port 0."
      case .invalidPort(let port):
        "\(port) is not a TCP port; use one from 1 to 65535, "
          + "or 0 to let the system choose a free one."
      case .invalidToken(let problem): problem
      case .portInUse(let port):
        "Port \(port) is in use, perhaps by another inspector; give another port, or 0 to let the"
          + " system choose a free one."
      case .portNotPermitted(let port):
        "This process may not listen on port \(port); use one from 1024 to 65535, or 0 to let the"
          + " system choose a free one."
      case .shutDownWhileStarting:
        "The inspector was shut down while it started; nothing listens. Start it again if needed."
      case .hostUnavailable(let host):
        "'\(host)' is not an address of this machine; give 127.0.0.1 (the default), ::1, or one of"
          + " this machine's own addresses."
      }
    }
  }
#endif  // Inspector
