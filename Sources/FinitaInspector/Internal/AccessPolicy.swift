#if Inspector
  /// Who may open the page and connect: the token, the `Host` and the `Origin` rules.
  struct AccessPolicy: Sendable {
    let token: String
    let host: String
    let port: Int

    /// The hosts a browser on this machine uses for the inspector; a DNS-rebinding page has
    /// another one.
    var allowedHosts: Set<String> {
      var hosts: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
      hosts.insert(host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
      return hosts
    }

    /// Why a request is refused, or `nil` when it may go on.
    ///
    /// - Parameters:
    ///   - hostHeader: The `Host` (or `:authority`) the request names.
    ///   - origin: The `Origin` header, which browsers send with WebSocket and cross-site requests.
    ///   - token: The `token` query parameter; `nil` where the path needs none.
    ///   - needsToken: Whether the path needs the token.
    func refusal(hostHeader: String?, origin: String?, token: String?, needsToken: Bool) -> String?
    {
      guard let hostHeader, allowedHosts.contains(hostHeader.lowercased()) else {
        return "The Host \"\(hostHeader ?? "")\" is not this inspector's address; open"
          + " http://127.0.0.1:\(port)/ as finita inspect printed it."
      }
      if let origin, !origin.isEmpty {
        // Browsers send the page's origin, http://host:port. Apps' WebSocket clients (not
        // browsers; no web page can choose this value) may send ws://host, with or without port.
        let bareHosts = allowedHosts.map { String($0[..<($0.lastIndex(of: ":") ?? $0.endIndex)]) }
        let allowedOrigins = Set(
          allowedHosts.map { "http://\($0)" } + allowedHosts.map { "ws://\($0)" }
            + bareHosts.map { "ws://\($0)" })
        guard allowedOrigins.contains(origin.lowercased()) else {
          return "Requests from the page at \(origin) are refused: only the inspector's own page"
            + " may talk to it."
        }
      }
      if needsToken {
        guard let token, Self.constantTimeEqual(token, self.token) else {
          return token == nil
            ? "This inspector needs its token: open the full URL finita inspect printed, with"
              + " ?token=…"
            : "The token is not this inspector's: open the URL finita inspect printed."
        }
      }
      return nil
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
      let left = Array(lhs.utf8)
      let right = Array(rhs.utf8)
      var difference = UInt8(left.count == right.count ? 0 : 1)
      for index in 0..<max(left.count, right.count) {
        let a = index < left.count ? left[index] : 0
        let b = index < right.count ? right[index] : 0
        difference |= a ^ b
      }
      return difference == 0
    }

    static func randomToken() -> String {
      var generator = SystemRandomNumberGenerator()
      let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
      return String((0..<32).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
  }
#endif  // Inspector
