#if Metrics
  import Finita
  import FinitaFixtures

  /// A shelf that loads books with asynchronous work a test releases, and publishes news.
  struct Shelf: FeatureDefinition {
    enum Wish: Sendable, Equatable {
      case add, load, fail, addTwice
    }
    typealias Action = Wish
    enum Effect: Sendable, Equatable {
      case added, loaded
    }
    enum News: Sendable, Equatable {
      case full
    }
    struct Failure: Error {}

    /// Work for `load` waits for a value on this stream.
    let gate: AsyncStream<Void>

    func act(_ state: Int, _ action: Wish) -> Effects<Effect> {
      switch action {
      case .add, .addTwice:
        return .just(.added)
      case .load:
        let gate = self.gate
        return .run(name: "load") { send in
          for await _ in gate { break }
          send(.loaded)
        }
      case .fail:
        return .run(name: "failing") { _ in throw Failure() }
      }
    }

    func reduce(_ state: inout Int, _ effect: Effect) {
      state += 1
    }

    func publishNews(_ action: Wish, _ effect: Effect, _ state: Int) -> News? {
      state == 2 ? .full : nil
    }

    func postProcess(_ action: Wish, _ effect: Effect, _ state: Int) -> Wish? {
      action == .addTwice ? .add : nil
    }
  }

  /// Yields each time a stage the test waits for comes, so that a test waits without sleeping.
  struct StageSignal: FeatureInterceptor {
    let stages: Set<String>
    let continuation: AsyncStream<FeatureStage>.Continuation

    func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
      if stages.contains(event.stage.name) { continuation.yield(event.stage) }
    }

    /// A signal for `stages`, and the stream the test awaits.
    static func make(_ stages: FeatureStage...) -> (StageSignal, AsyncStream<FeatureStage>) {
      let (stream, continuation) = AsyncStream<FeatureStage>.makeStream()
      return (StageSignal(stages: Set(stages.map(\.name)), continuation: continuation), stream)
    }
  }

  /// A gate for the shelf's `load` work.
  struct Gate {
    let stream: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func open() { continuation.yield() }
  }

  /// A feature whose wishes, effects and news count their descriptions.
  struct Noted: FeatureDefinition {
    /// A value that counts each time it is described.
    struct Value: Sendable, Equatable, CustomStringConvertible {
      /// Whether descriptions are counted: a test sets it around its own calls, so that the
      /// interceptors other tests install meanwhile for every feature (an inspector's client),
      /// which describe values in tasks of their own, are not counted.
      @TaskLocal static var isCounting = false

      let count: Locked<Int>

      var description: String {
        if Value.isCounting { count.modify { $0 += 1 } }
        return "value"
      }

      static func == (lhs: Value, rhs: Value) -> Bool { true }
    }
    typealias Wish = Value
    typealias Action = Value
    typealias Effect = Value
    typealias News = Value

    func act(_ state: Int, _ action: Value) -> Effects<Value> { .just(action) }
    func reduce(_ state: inout Int, _ effect: Value) { state += 1 }
    func publishNews(_ action: Value, _ effect: Value, _ state: Int) -> Value? { effect }
    func postProcess(_ action: Value, _ effect: Value, _ state: Int) -> Value? {
      state == 1 ? action : nil
    }
  }
#endif  // Metrics
