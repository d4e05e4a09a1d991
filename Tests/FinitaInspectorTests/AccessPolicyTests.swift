#if Inspector
  import Testing

  @testable import FinitaInspector

  @Suite("Who may talk to the inspector")
  struct AccessPolicyTests {
    let policy = AccessPolicy(token: "secret", host: "127.0.0.1", port: 7447)

    @Test("the loopback names with the port are accepted, with the token")
    func accepted() {
      for host in ["127.0.0.1:7447", "localhost:7447", "[::1]:7447", "LOCALHOST:7447"] {
        #expect(
          policy.refusal(hostHeader: host, origin: nil, token: "secret", needsToken: true) == nil)
      }
      #expect(
        policy.refusal(
          hostHeader: "127.0.0.1:7447", origin: "http://localhost:7447", token: "secret",
          needsToken: true) == nil)
      #expect(
        policy.refusal(
          hostHeader: "127.0.0.1:7447", origin: "ws://127.0.0.1", token: "secret",
          needsToken: true) == nil)
    }

    @Test("another Host is refused: a rebound DNS name reaches the port under its own name")
    func foreignHost() throws {
      for host in ["evil.example:7447", "127.0.0.1:80", "127.0.0.1", ""] {
        let refusal = try #require(
          policy.refusal(hostHeader: host, origin: nil, token: "secret", needsToken: true))
        #expect(refusal.contains("is not this inspector's address"))
      }
      #expect(policy.refusal(hostHeader: nil, origin: nil, token: nil, needsToken: false) != nil)
    }

    @Test("another Origin is refused")
    func foreignOrigin() throws {
      for origin in ["http://evil.example", "http://127.0.0.1:8080", "https://localhost:7447"] {
        let refusal = try #require(
          policy.refusal(
            hostHeader: "127.0.0.1:7447", origin: origin, token: "secret", needsToken: true))
        #expect(refusal.contains("refused"))
      }
    }

    @Test("the token is needed where asked, and must match")
    func token() {
      #expect(
        policy.refusal(hostHeader: "127.0.0.1:7447", origin: nil, token: nil, needsToken: true)?
          .contains("needs its token") == true)
      #expect(
        policy.refusal(
          hostHeader: "127.0.0.1:7447", origin: nil, token: "secreT", needsToken: true)?
          .contains("not this inspector's") == true)
      #expect(
        policy.refusal(hostHeader: "127.0.0.1:7447", origin: nil, token: nil, needsToken: false)
          == nil)
      #expect(AccessPolicy.randomToken().count == 32)
      #expect(AccessPolicy.randomToken() != AccessPolicy.randomToken())
    }
  }
#endif  // Inspector
