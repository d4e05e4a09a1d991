#if Inspector
  import HTTPTypes
  import Testing

  @testable import FinitaInspector

  @Suite("A refused WebSocket upgrade says why")
  struct UpgradeRefusalTests {
    let policy = AccessPolicy(token: "the-token-1", host: "127.0.0.1", port: 7447)

    func request(_ path: String, origin: String? = nil) -> HTTPRequest {
      var request = HTTPRequest(
        method: .get, scheme: nil, authority: "127.0.0.1:7447", path: path)
      request.headerFields[.upgrade] = "websocket"
      if let origin { request.headerFields[.origin] = origin }
      return request
    }

    @Test("a wrong or missing token, or a foreign Origin, is a 403 with the policy's reason")
    func refusedByPolicy() {
      let wrong = UpgradeRefusal.of(request("/page?token=nope"), policy: policy)
      #expect(wrong?.status == .forbidden)
      #expect(wrong?.text.contains("The token is not this inspector's") == true)
      let missing = UpgradeRefusal.of(request("/app"), policy: policy)
      #expect(missing?.status == .forbidden)
      #expect(missing?.text.contains("needs its token") == true)
      let foreign = UpgradeRefusal.of(
        request("/page?token=the-token-1", origin: "http://evil.example"), policy: policy)
      #expect(foreign?.status == .forbidden)
      #expect(foreign?.text.contains("http://evil.example") == true)
    }

    @Test("another path or a starting inspector gets its reason; a good upgrade none")
    func otherReasons() {
      let path = UpgradeRefusal.of(request("/socket?token=the-token-1"), policy: policy)
      #expect(path?.status == .notFound)
      #expect(path?.text.contains("There is no WebSocket at /socket") == true)
      let starting = UpgradeRefusal.of(request("/app?token=the-token-1"), policy: nil)
      #expect(starting?.status == .serviceUnavailable)
      #expect(UpgradeRefusal.of(request("/app?token=the-token-1"), policy: policy) == nil)
    }
  }
#endif  // Inspector
