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

    @Test("a WebSocket version other than 13, or not one key, gets its reason; others pass")
    func wrongWebSocketHeaders() {
      func refusal(_ headers: [String: [String]]) -> UpgradeRefusal? {
        UpgradeRefusal.ofUpgradeHeaders { headers[$0] ?? [] }
      }
      let good = [
        "upgrade": ["websocket"], "sec-websocket-version": ["13"], "sec-websocket-key": ["k"],
      ]
      #expect(refusal(good) == nil)
      for (versions, asked) in [(["8"], "8"), ([], "none"), (["13", "8"], "13, 8")] {
        var headers = good
        headers["sec-websocket-version"] = versions
        headers["upgrade"] = ["WebSocket"]
        let refused = refusal(headers)
        #expect(refused?.status == .upgradeRequired, "\(versions)")
        #expect(refused?.text.contains("asked for \(asked).") == true, "\(versions)")
      }
      for keys in [[], ["k", "l"]] {
        var headers = good
        headers["sec-websocket-key"] = keys
        #expect(refusal(headers)?.status == .badRequest)
        #expect(refusal(headers)?.text.contains("had \(keys.count).") == true)
      }
      // Not a WebSocket upgrade: the upgrader lets it through, and so does the check.
      #expect(refusal(["upgrade": ["h2c"]]) == nil)
      #expect(refusal([:]) == nil)
    }
  }
#endif  // Inspector
