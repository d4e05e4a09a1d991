import Finita
import FinitaBindings
import Testing

/// A feature that echoes each number it is sent as news, and keeps the numbers it received.
private struct Echo: FeatureDefinition {
  typealias Wish = Int
  typealias Action = Int
  typealias Effect = Int
  typealias State = [Int]
  typealias News = Int

  func reduce(_ state: inout [Int], _ effect: Int) {
    state.append(effect)
  }

  func publishNews(_ action: Int, _ effect: Int, _ state: [Int]) -> Int? {
    effect
  }
}

private func makeEcho() -> Feature<Echo> {
  Feature(initialState: [], definition: Echo())
}

/// Lines from any thread, in order.
private final class Lines: Sendable {
  private let box = LockedValue<[String]>([])
  var all: [String] { box.withLock { $0 } }
  func append(_ line: String) { box.withLock { $0.append(line) } }
}

@Suite("Interceptors on Binder connections: logging, recording and playback")
struct BindingInterceptorTests {
  @Test("a describing interceptor sees the connection, each value delivered or dropped, the end")
  func describes() {
    let source = makeEcho()
    let target = makeEcho()
    let lines = Lines()
    let lifecycle = ManualLifecycle()
    let binder = Binder(lifecycle: lifecycle)
    binder.bind(
      .news(of: source), to: .wishes(of: target), named: "odd x10",
      interceptors: [DescribingBindingInterceptor(lines.append)]
    ) { $0 % 2 == 1 ? $0 * 10 : nil }
    source.accept(1)  // before begin: not connected, nothing seen
    lifecycle.begin()
    source.accept(2)
    source.accept(3)
    lifecycle.end()
    source.accept(5)
    #expect(
      lines.all == [
        "odd x10: connected", "odd x10: 2 dropped", "odd x10: 3 -> 30", "odd x10: disconnected",
      ])
    #expect(target.state == [30])
    binder.cancel()
    source.dispose()
    target.dispose()
  }

  @Test("interceptors are called in the order given, before the sink receives the value")
  func orderBeforeSink() {
    let source = makeEcho()
    let lines = Lines()
    let binder = Binder()
    binder.bind(
      .news(of: source), to: .closure { lines.append("sink \($0)") }, named: "echo",
      interceptors: [
        DescribingBindingInterceptor { lines.append("first \($0)") },
        DescribingBindingInterceptor { lines.append("second \($0)") },
      ])
    source.accept(7)
    #expect(
      lines.all == [
        "first echo: connected", "second echo: connected", "first echo: 7 -> 7",
        "second echo: 7 -> 7", "sink 7",
      ])
    binder.cancel()
    source.dispose()
  }

  @Test("a source that ends by itself is reported as finished")
  func finished() {
    let source = makeEcho()
    let recorder = BindingRecorder()
    let binder = Binder()
    binder.bind(.news(of: source), to: .closure { _ in }, named: "n", interceptors: [recorder])
    source.dispose()
    binder.cancel()
    #expect(recorder.entries.map(\.stage) == [.connected, .finished, .disconnected])
  }

  @Test("a recorder keeps the delivered inputs and plays them back into a fresh feature")
  func recordAndPlayBack() {
    let source = makeEcho()
    let target = makeEcho()
    let recorder = BindingRecorder()
    let binder = Binder()
    binder.bind(
      .news(of: source), to: .wishes(of: target), named: "double", interceptors: [recorder]
    ) { $0 * 2 }
    for number in [1, 2, 3] { source.accept(number) }
    #expect(recorder.inputs(of: "double", as: Int.self) == [2, 4, 6])
    #expect(recorder.entries.compactMap { $0.output as? Int } == [1, 2, 3])
    let fresh = makeEcho()
    #expect(recorder.play("double", into: .wishes(of: fresh)) == 3)
    #expect(fresh.state == target.state)
    #expect(recorder.inputs(of: "another", as: Int.self).isEmpty)
    recorder.removeAll()
    #expect(recorder.entries.isEmpty)
    binder.cancel()
    for feature in [source, target, fresh] { feature.dispose() }
  }

  @Test("every stage has a name")
  func stageNames() {
    #expect(
      BindingStage.allStages.map(\.description) == [
        "connected", "delivered", "dropped", "finished", "disconnected",
      ])
  }
}
