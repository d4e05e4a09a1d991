import Finita
import FinitaTesting
import Testing

/// A feature whose wishes are effects and whose state is the log of the effects reduced.
private struct Recorder: FeatureDefinition {
  typealias Wish = Effects<String>
  typealias Action = Effects<String>
  typealias Effect = String
  typealias State = [String]

  func act(_ state: [String], _ action: Effects<String>) -> Effects<String> { action }
  func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
}

private func makeRecorder() -> Feature<Recorder> {
  Feature(initialState: [], definition: Recorder())
}

/// `Effects` is lowered once, when it is built, into the plan that the engine, `map`,
/// `isSynchronous` and the body of a concatenation read: these tests hold the shapes whose
/// meaning could shift in that lowering.
@Suite("Effects lowering", .timeLimit(.minutes(1)))
struct EffectsLoweringTests {
  @Test("isSynchronous and synchronousEffects of each shape")
  func synchronyOfEachShape() {
    let clock = VirtualClock()
    let work: Effects<Int> = .run { _ in }
    let shapes: [(name: String, effects: Effects<Int>, expected: [Int]?)] = [
      ("none", .none, []),
      ("just", .just(1), [1]),
      ("many", .many(1, 2), [1, 2]),
      ("empty many", .many([]), []),
      ("cancel", .cancel(id: "a"), []),
      ("cancellable, synchronous", Effects.just(1).cancellable(id: "a", cancelInFlight: true), [1]),
      ("cancellable, asynchronous", work.cancellable(id: "a"), nil),
      ("run", work, nil),
      ("sequence", .sequence(AsyncStream<Int> { $0.finish() }), nil),
      ("delayed", .delayed(1, by: .seconds(1), clock: clock), nil),
      ("merge, synchronous", .merge(.just(1), .many(2, 3), .cancel(id: "a")), [1, 2, 3]),
      ("merge, asynchronous last", .merge(.just(1), work), nil),
      ("merge, asynchronous first", .merge(work, .just(1)), nil),
      (
        "concatenate, synchronous", .concatenate(.many(1, 2), .cancel(id: "a"), .just(3)),
        [1, 2, 3]
      ),
      ("concatenate, asynchronous first", .concatenate(work, .just(1)), nil),
      ("concatenate, asynchronous last", .concatenate(.just(1), work), nil),
      ("one part concatenated", .concatenate(work), nil),
      ("map, synchronous", Effects.many(1, 2).map { $0 * 10 }, [10, 20]),
      ("map, asynchronous", work.map { $0 }, nil),
    ]
    for shape in shapes {
      #expect(shape.effects.isSynchronous == (shape.expected != nil), "\(shape.name)")
      #expect(shape.effects.synchronousEffects == shape.expected, "\(shape.name)")
    }
  }

  @Test("synchronous effects keep their order through nested merges and concatenations")
  func orderOfMany() {
    let effects: Effects<Int> = .merge(
      .many(1, 2),
      .concatenate(.just(3), .merge(.many(4, 5), .none)),
      .none,
      .many(6, 7)
    )
    #expect(effects.synchronousEffects == Array(1...7))
    let feature = makeRecorder()
    feature.accept(effects.map { "\($0)" })
    #expect(feature.state == (1...7).map { "\($0)" })
  }

  @Test("merge reduces its synchronous parts at once, in order, around asynchronous ones")
  func mergeAroundWork() async {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let feature = makeRecorder()
    feature.accept(.merge(.just("1"), .sequence(stream), .many("2", "3")))
    #expect(feature.state == ["1", "2", "3"])
    continuation.yield("4")
    continuation.finish()
    _ = await feature.waitForState { $0.count == 4 }
    await feature.idle()
    #expect(feature.state == ["1", "2", "3", "4"])
  }

  @Test("nested map transforms each effect once, in order, now and later")
  func nestedMap() async {
    let clock = VirtualClock()
    let numbers: Effects<Int> = .concatenate(
      .just(1),
      .delayed(2, by: .seconds(1), clock: clock),
      .many(3, 4)
    )
    let feature = makeRecorder()
    feature.accept(numbers.map { $0 * 10 }.cancellable(id: "numbers").map { "#\($0)" })
    #expect(feature.state == ["#10"])
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    _ = await feature.waitForState { $0.count == 4 }
    await feature.idle()
    #expect(feature.state == ["#10", "#20", "#30", "#40"])
  }

  @Test("inside a concatenation, cancelling one merged part lets the other and the rest go on")
  func cancelInsideSequentialMerge() async {
    let clock = VirtualClock()
    let feature = makeRecorder()
    feature.accept(
      .concatenate(
        .just("start"),
        .merge(
          .delayed("cancelled", by: .seconds(1), clock: clock).cancellable(id: "part"),
          .delayed("kept", by: .seconds(2), clock: clock)
        ),
        .just("end")
      )
    )
    await clock.waitForSleeps(2)
    feature.accept(.cancel(id: "part"))
    await clock.advance(by: .seconds(2))
    _ = await feature.waitForState { $0.count == 3 }
    await feature.idle()
    #expect(feature.state == ["start", "kept", "end"])
  }

  @Test("cancelling a concatenation by its id stops the parts not yet run")
  func cancelWholeConcatenation() async {
    let clock = VirtualClock()
    let feature = makeRecorder()
    feature.accept(
      .concatenate(.just("1"), .delayed("2", by: .seconds(1), clock: clock), .just("3"))
        .cancellable(id: "all")
    )
    #expect(feature.state == ["1"])
    await clock.waitForSleeps(1)
    feature.accept(.cancel(id: "all"))
    await feature.idle()
    #expect(feature.state == ["1"])
    #expect(feature.inFlightEffectCount == 0)
  }

  @Test("cancelInFlight inside a concatenation cancels the running work when its part starts")
  func cancelInFlightInsideConcatenation() async {
    let clock = VirtualClock()
    let feature = makeRecorder()
    feature.accept(.delayed("old", by: .seconds(5), clock: clock).cancellable(id: "load"))
    feature.accept(
      .concatenate(
        .delayed("first", by: .seconds(1), clock: clock),
        .delayed("new", by: .seconds(1), clock: clock).cancellable(id: "load", cancelInFlight: true)
      )
    )
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    _ = await feature.waitForState { $0 == ["first"] }
    await clock.waitForSleeps(3)
    await clock.advance(by: .seconds(4))
    await feature.idle()
    #expect(feature.state == ["first", "new"])
  }

  @Test("nested identifiers: the outer one is listed first, and either one cancels")
  func nestedIdentifiers() async {
    let clock = VirtualClock()
    let top = makeRecorder()
    top.accept(
      Effects.delayed("x", by: .seconds(1), clock: clock)
        .cancellable(id: "inner").cancellable(id: "outer")
    )
    let description = top.inFlightEffectDescriptions.first ?? ""
    #expect(description.hasSuffix("(cancellable id: outer, inner)"))
    top.dispose()
    for id in ["inner", "outer"] {
      let clock = VirtualClock()
      let feature = makeRecorder()
      feature.accept(
        .concatenate(
          .delayed("a", by: .seconds(1), clock: clock),
          Effects.delayed("skipped", by: .seconds(1), clock: clock)
            .cancellable(id: "inner").cancellable(id: "outer"),
          .just("b")
        )
      )
      await clock.advance(by: .seconds(1), afterSleeps: 1)
      await clock.waitForSleeps(2)
      feature.accept(.cancel(id: id))
      _ = await feature.waitForState { $0.count == 2 }
      await feature.idle()
      #expect(feature.state == ["a", "b"], "cancelled by \(id)")
    }
  }
}
