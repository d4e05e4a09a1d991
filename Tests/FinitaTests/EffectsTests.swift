import Finita
import FinitaFixtures
import FinitaTesting
import Testing

/// A small feature for exercising `Effects` combinators: the state is a log of effects.
private struct Effector: FeatureDefinition {
  typealias Wish = Effects<String>
  typealias Action = Effects<String>
  typealias Effect = String
  typealias State = [String]

  func act(_ state: [String], _ action: Effects<String>) -> Effects<String> { action }
  func reduce(_ state: inout [String], _ effect: String) { state.append(effect) }
}

private func makeEffector() -> Feature<Effector> {
  Feature(initialState: [], definition: Effector())
}

@Suite("Effects", .timeLimit(.minutes(1)))
struct EffectsTests {
  @Test("none, just and many are reduced synchronously, in order")
  func synchronousEffects() {
    let feature = makeEffector()
    feature.accept(.none)
    feature.accept(.just("a"))
    feature.accept(.many("b", "c"))
    feature.accept(.many([]))
    #expect(feature.state == ["a", "b", "c"])
    #expect(feature.inFlightEffectCount == 0)
  }

  @Test("merge reduces synchronous parts at once and runs async parts alongside")
  func merge() async {
    let clock = VirtualClock()
    let feature = makeEffector()
    feature.accept(
      .merge(
        .delayed("late", by: .seconds(2), clock: clock),
        .just("now"),
        .delayed("soon", by: .seconds(1), clock: clock)
      )
    )
    #expect(feature.state == ["now"])
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    _ = await feature.waitForState { $0.count == 2 }
    await clock.advance(by: .seconds(1))
    _ = await feature.waitForState { $0.count == 3 }
    #expect(feature.state == ["now", "soon", "late"])
  }

  @Test("concatenate keeps order across synchronous and asynchronous parts")
  func concatenate() async {
    let clock = VirtualClock()
    let feature = makeEffector()
    feature.accept(
      .concatenate(
        .just("1"),
        .delayed("2", by: .seconds(1), clock: clock),
        .just("3"),
        .delayed("4", by: .seconds(1), clock: clock)
      )
    )
    #expect(feature.state == ["1"])
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    _ = await feature.waitForState { $0.count == 3 }
    #expect(feature.state == ["1", "2", "3"])
    await clock.advance(by: .seconds(1), afterSleeps: 2)
    _ = await feature.waitForState { $0.count == 4 }
    #expect(feature.state == ["1", "2", "3", "4"])
  }

  @Test("cancel(id:) stops work marked with that id; other work goes on")
  func cancelByID() async {
    let clock = VirtualClock()
    let feature = makeEffector()
    feature.accept(.delayed("cancelled", by: .seconds(1), clock: clock).cancellable(id: "a"))
    feature.accept(.delayed("kept", by: .seconds(1), clock: clock).cancellable(id: "b"))
    #expect(feature.inFlightEffectCount == 2)
    await clock.waitForSleeps(2)
    feature.accept(.cancel(id: "a"))
    await clock.advance(by: .seconds(1))
    _ = await feature.waitForState { $0.count == 1 }
    #expect(feature.state == ["kept"])
  }

  @Test("cancelInFlight replaces the running work that has the same id")
  func cancelInFlight() async {
    let clock = VirtualClock()
    let feature = makeEffector()
    for query in ["s", "sw", "swi"] {
      feature.accept(
        .delayed(query, by: .milliseconds(300), clock: clock)
          .cancellable(id: "search", cancelInFlight: true)
      )
    }
    // Cancelled work still starts its sleep (which then throws): wait for all three.
    await clock.advance(by: .seconds(1), afterSleeps: 3)
    _ = await feature.waitForState { $0.count == 1 }
    await feature.idle()
    #expect(feature.state == ["swi"])
  }

  @Test("a cancellable part inside a concatenation can be cancelled on its own")
  func nestedCancellable() async {
    let clock = VirtualClock()
    let feature = makeEffector()
    feature.accept(
      .concatenate(
        .delayed("first", by: .seconds(1), clock: clock),
        .delayed("skipped", by: .seconds(1), clock: clock).cancellable(id: "inner"),
        .just("last")
      )
    )
    await clock.advance(by: .seconds(1), afterSleeps: 1)
    _ = await feature.waitForState { $0.count == 1 }
    await clock.waitForSleeps(2)
    feature.accept(.cancel(id: "inner"))
    _ = await feature.waitForState { $0.count == 2 }
    #expect(feature.state == ["first", "last"])
  }

  @Test("an AsyncSequence of effects is reduced element by element")
  func sequence() async {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let feature = makeEffector()
    feature.accept(.sequence(stream))
    continuation.yield("x")
    continuation.yield("y")
    continuation.finish()
    _ = await feature.waitForState { $0.count == 2 }
    #expect(feature.state == ["x", "y"])
    await feature.idle()
  }

  @Test("a run's catch handler turns an error into effects")
  func runCatch() async {
    let feature = makeEffector()
    feature.accept(
      .run { _ in
        throw FixtureError(value: 3)
      } catch: { error, send in
        send("caught \(error)")
      }
    )
    _ = await feature.waitForState { $0.count == 1 }
    #expect(feature.state == ["caught FixtureError(value: 3)"])
  }

  @Test("map transforms synchronous and asynchronous effects")
  func map() async {
    let feature = makeEffector()
    let numbers: Effects<Int> = .merge(.just(1), .run { send in send(2) })
    feature.accept(numbers.map { "#\($0)" })
    _ = await feature.waitForState { $0.count == 2 }
    #expect(feature.state == ["#1", "#2"])
  }

  @Test("synchronousEffects lists what an Actor returns, for testing it on its own")
  func synchronousEffectsInspection() {
    let sync: Effects<Int> = .concatenate(.just(1), .merge(.many(2, 3), .cancel(id: 0)))
    #expect(sync.isSynchronous)
    #expect(sync.synchronousEffects == [1, 2, 3])
    let async: Effects<Int> = .merge(.just(1), .run { _ in })
    #expect(!async.isSynchronous)
    #expect(async.synchronousEffects == nil)
  }

  @Test("completed work is released")
  func completedWorkIsReleased() async {
    let feature = makeEffector()
    for index in 0..<100 {
      feature.accept(.run { send in send("\(index)") })
    }
    _ = await feature.waitForState { $0.count == 100 }
    await feature.idle()
    #expect(feature.inFlightEffectDescriptions.isEmpty)
  }

  @Test("work still running is described by name, origin and id")
  func inFlightDescriptions() {
    let clock = VirtualClock()
    let feature = makeEffector()
    feature.accept(
      .run(name: "poll") { _ in try await clock.sleep(for: .seconds(1)) }
        .cancellable(id: "poller")
    )
    let description = feature.inFlightEffectDescriptions.first ?? ""
    #expect(description.hasPrefix("\"poll\" started by action"))
    #expect(description.hasSuffix("(cancellable id: poller)"))
    feature.dispose()
  }
}
