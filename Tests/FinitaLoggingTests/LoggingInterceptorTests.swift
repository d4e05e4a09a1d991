#if Logging
  import Finita
  import FinitaLogging
  import Logging
  import Testing

  /// A sign-in feature with a secret in its wish, effect and state, news, and work that fails.
  private struct Account: FeatureDefinition {
    struct State: Sendable, Equatable {
      var user = ""
      var password = ""
      var logins = 0
      var tags: [String] = []
    }
    enum Wish: Sendable {
      case login(user: String, password: String)
      case tag(String)
      case fail
    }
    enum Effect: Sendable {
      case loggedIn(user: String, password: String)
      case tagged(String)
    }
    enum News: Sendable {
      case welcome(String)
    }
    struct Failure: Error {}

    func act(_ state: State, _ action: Wish) -> Effects<Effect> {
      switch action {
      case .login(let user, let password): .just(.loggedIn(user: user, password: password))
      case .tag(let tag): .just(.tagged(tag))
      case .fail: .run(name: "failing") { _ in throw Failure() }
      }
    }

    func reduce(_ state: inout State, _ effect: Effect) {
      switch effect {
      case .loggedIn(let user, let password):
        state.user = user
        state.password = password
        state.logins += 1
      case .tagged(let tag):
        state.tags.append(tag)
      }
    }

    func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {
      if case .loggedIn(let user, _) = effect { .welcome(user) } else { nil }
    }
  }

  /// A feature with no name, to check that the default installation leaves it alone.
  private struct Anonymous: FeatureDefinition {
    typealias Wish = Int
    typealias State = Int
    typealias Action = Int
    typealias Effect = Int
    func reduce(_ state: inout Int, _ effect: Int) { state += effect }
  }

  // Serialized: two tests install interceptors for every feature of a type or with a name.
  @Suite("Logging interceptor", .serialized)
  struct LoggingInterceptorTests {
    private func account(
      _ name: String,
      _ logging: LoggingInterceptor? = nil
    ) -> Feature<Account> {
      Feature(
        initialState: .init(),
        definition: Account(),
        configuration: .init(
          name: name,
          interceptors: logging.map { [$0] } ?? [],
          onUnhandledError: { _ in }
        )
      )
    }

    @Test(
      "40. a named feature logs creation, start, each wish, action, effect, news, state and disposal"
    )
    func namedFeatureLogsEveryStage() {
      let store = MemoryLogHandler.Store()
      let name = "account-\(UInt64.random(in: 0...UInt64.max))"
      let token = LoggingInterceptor.install(
        logger: .memory(store), levels: .all(.debug))
      defer { token.uninstall() }
      let feature = account(name)
      let anonymous = Feature(initialState: 0, definition: Anonymous())
      feature.accept(.login(user: "ada", password: "secret"))
      anonymous.accept(1)
      feature.dispose()
      anonymous.dispose()

      let entries = store.entries(of: name)
      #expect(
        entries.map { $0.metadata["stage"] ?? "" } == [
          "created", "started", "wish", "action", "effect", "state", "news", "actionHandled",
          "disposed",
        ]
      )
      #expect(entries.allSatisfy { $0.level == .debug })
      #expect(store.entries(of: "Anonymous").isEmpty)
    }

    @Test("an unnamed feature logs when the installation asks for every feature")
    func unnamedFeatureLogsWhenAsked() {
      let store = MemoryLogHandler.Store()
      let logging = LoggingInterceptor(logger: .memory(store), levels: .all(.info))
      let token = FeatureInterceptors.install(logging, for: .type(Anonymous.self))
      defer { token.uninstall() }
      let anonymous = Feature(initialState: 0, definition: Anonymous())
      anonymous.accept(2)
      #expect(
        store.entries(of: "Anonymous").map(\.message) == [
          "created 0", "started", "wish 2", "action 2", "effect 2 from 2", "state -0 +2",
          "actionHandled 2",
        ]
      )
    }

    @Test("each entry carries the feature, its id, the stage and the action's case name")
    func metadata() throws {
      let store = MemoryLogHandler.Store()
      let feature = account("meta", LoggingInterceptor(logger: .memory(store)))
      feature.accept(.tag("blue"))
      let effect = try #require(store.all.first { $0.metadata["stage"] == "effect" })
      #expect(effect.message == "effect tagged(\"blue\") from tag")
      #expect(effect.metadata["feature"] == "meta")
      #expect(effect.metadata["action"] == "tag")
      #expect(effect.level == .debug)
      let ids = Set(store.all.compactMap { $0.metadata["feature.id"] })
      #expect(ids.count == 1)
    }

    @Test("the standard levels: info for news and the feature's life, trace for states")
    func standardLevels() {
      let store = MemoryLogHandler.Store()
      let feature = account("levels", LoggingInterceptor(logger: .memory(store, level: .info)))
      feature.accept(.login(user: "ada", password: "x"))
      feature.dispose()
      #expect(
        store.all.map(\.message) == [
          "created State(user: \"\", password: \"\", logins: 0, tags: [])", "started",
          "news welcome(\"ada\")", "disposed",
        ]
      )
      #expect(store.all.allSatisfy { $0.level == .info })
      #expect(LoggingInterceptor.Levels.standard[.state] == .trace)
      #expect(LoggingInterceptor.Levels.standard[.workFailed] == .error)
    }

    @Test("a stage without a level is not logged")
    func stageWithoutLevel() {
      let store = MemoryLogHandler.Store()
      var levels = LoggingInterceptor.Levels.all(.debug)
      levels[.state] = nil
      levels[.created] = .warning
      let feature = account("quiet", LoggingInterceptor(logger: .memory(store), levels: levels))
      feature.accept(.tag("a"))
      #expect(!store.all.contains { $0.metadata["stage"] == "state" })
      #expect(store.all.first?.level == .warning)
    }

    @Test("a state change is logged as the fields that changed, - before and + after")
    func stateDiff() throws {
      let store = MemoryLogHandler.Store()
      let feature = account("diff", LoggingInterceptor(logger: .memory(store)))
      feature.accept(.tag("red"))
      feature.accept(.login(user: "ada", password: "pw"))
      let states = store.all.filter { $0.metadata["stage"] == "state" }
      #expect(
        states.map(\.message) == [
          "state -tags: [] +tags[0]: \"red\"",
          "state -user: \"\" -password: \"\" -logins: 0 +user: \"ada\" +password: \"pw\" +logins: 1",
        ]
      )
      #expect(states.first?.metadata["diff"] == #"["-tags: []", "+tags[0]: \"red\""]"#)
    }

    @Test("an unchanged state says so")
    func unchangedState() {
      let store = MemoryLogHandler.Store()
      let feature = Feature(
        initialState: 0,
        definition: Anonymous(),
        configuration: .init(interceptors: [LoggingInterceptor(logger: .memory(store))])
      )
      feature.accept(0)
      #expect(store.all.contains { $0.message == "state unchanged" })
    }

    @Test("masked fields never reach the log, in wishes, effects or states")
    func masking() {
      let store = MemoryLogHandler.Store()
      let logging = LoggingInterceptor(
        logger: .memory(store), redaction: .masking("password"))
      let feature = account("masked", logging)
      feature.accept(.login(user: "ada", password: "hunter2"))
      let messages = store.all.map(\.message)
      #expect(!messages.contains { $0.contains("hunter2") })
      #expect(messages.contains("wish login(user: \"ada\", password: ***)"))
      #expect(
        messages.contains("effect loggedIn(user: \"ada\", password: ***) from login"))
      #expect(messages.contains("state -user: \"\" -logins: 0 +user: \"ada\" +logins: 1"))
    }

    @Test("hidden fields are left out, and a closure can rewrite any field")
    func hidingAndRewriting() {
      let store = MemoryLogHandler.Store()
      let hiding = account(
        "hidden", LoggingInterceptor(logger: .memory(store), redaction: .hiding("password")))
      hiding.accept(.login(user: "ada", password: "hunter2"))
      #expect(store.all.contains { $0.message == "wish login(user: \"ada\")" })
      #expect(!store.all.contains { $0.message.contains("hunter2") })

      let rewritten = MemoryLogHandler.Store()
      let upper = LogRedaction { label, value in label == "user" ? value.uppercased() : value }
      let feature = account(
        "rewritten", LoggingInterceptor(logger: .memory(rewritten), redaction: upper))
      feature.accept(.login(user: "ada", password: "pw"))
      #expect(
        rewritten.all.contains { $0.message == "wish login(user: \"ADA\", password: \"pw\")" })
    }

    @Test("failed work is logged at error with the error and the work in the metadata")
    func failedWork() async throws {
      let store = MemoryLogHandler.Store()
      let failed = AsyncStream<Void>.makeStream()
      let notifier = Notifier(continuation: failed.continuation)
      let watcher = Feature(
        initialState: .init(),
        definition: Account(),
        configuration: .init(
          name: "failing",
          interceptors: [LoggingInterceptor(logger: .memory(store)), notifier],
          onUnhandledError: { _ in }
        )
      )
      watcher.accept(.fail)
      var iterator = failed.stream.makeAsyncIterator()
      await iterator.next()
      let entry = try #require(store.all.first { $0.metadata["stage"] == "workFailed" })
      #expect(entry.level == .error)
      #expect(entry.metadata["error"] == "Failure()")
      #expect(entry.metadata["action"] == "fail")
      #expect(entry.metadata["work"] != nil)
      #expect(entry.message.hasPrefix("workFailed work#"))
      #expect(entry.message.hasSuffix("\"failing\" for fail threw Failure()"))
    }

    @Test("the action's case name leaves out the payload and the type")
    func caseNames() {
      #expect(LoggingInterceptor.caseName(of: Account.Wish.tag("x")) == "tag")
      #expect(LoggingInterceptor.caseName(of: Account.Wish.fail) == "fail")
      #expect(LoggingInterceptor.caseName(of: 42) == "42")
    }
  }

  /// Finishes a stream when a feature's work failed, so a test can wait for it without sleeping.
  private struct Notifier: FeatureInterceptor {
    let continuation: AsyncStream<Void>.Continuation
    func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
      if event.stage == .workFailed { continuation.yield() }
    }
  }
#endif  // Logging
