import Finita
import FinitaAutomaton
import FinitaFixtures
import FinitaRecording
import FinitaRedux
import Testing

private enum Gate: Hashable, Sendable {
  case locked
  case unlocked
}

private enum GateEvent: AutomatonEvent, CaseIterable {
  case coin
  case push
}

private let gate = Automaton<Gate, GateEvent, Never> {
  Initial(Gate.locked)
  Transition(from: .locked, to: .unlocked, by: .coin)
  Transition(from: .unlocked, to: .locked, by: .push)
}

private enum CounterAction: Sendable {
  case add(Int)
}

@Suite("Time travel for automata and stores")
struct TimeTravelAdapterTests {
  @Test("an automaton running as a feature steps back, holds an event, and goes back to live")
  func automaton() throws {
    let recorder = FeatureRecorder()
    let feature = try Feature(
      automaton: gate, undefinedEvents: .ignore,
      configuration: .init(name: "gate", interceptors: [recorder]))
    feature.accept(.coin)
    feature.accept(.push)
    feature.accept(.coin)
    let recording = try #require(recorder.recording(of: type(of: feature.definition)))
    let travel = TimeTravelController(feature: feature, recording: recording)
    #expect(travel.frames.map(\.state) == [.locked, .unlocked, .locked, .unlocked])
    #expect(travel.stepBack() == 2)
    #expect(feature.state == .locked)
    feature.accept(.coin)
    #expect(feature.state == .locked)
    travel.jump(to: 1)
    #expect(feature.state == .unlocked)
    travel.returnToLive()
    // The held coin is handled against the live state, unlocked: the gate ignores it.
    #expect(feature.state == .unlocked)
    #expect(!feature.isTravelling)
  }

  @Test("a store's subscribers see the recorded states; held actions apply when live again")
  func store() throws {
    let recorder = FeatureRecorder()
    let store = Store(
      initialState: 0, configuration: .init(name: "counter", interceptors: [recorder])
    ) { (count: inout Int, action: CounterAction) in
      switch action {
      case .add(let amount): count += amount
      }
    }
    let seen = Recorder<Int>()
    let subscription = store.subscribe { seen.append($0) }
    for amount in [1, 2, 3] { store.dispatch(.add(amount)) }
    let travel = try #require(TimeTravelController(store: store, recorder: recorder))
    #expect(travel.frames.map(\.state) == [0, 1, 3, 6])
    travel.stepBack()
    #expect(travel.stepBack() == 1)
    #expect(store.state == 1)
    #expect(store.isTravelling)
    store.dispatch(.add(10))
    #expect(store.state == 1)
    travel.returnToLive()
    #expect(store.state == 16)
    #expect(seen.values == [0, 1, 3, 6, 3, 1, 6, 16])
    subscription.cancel()
  }

  @Test("continuing a store from a frame starts a new branch; other stores are not matched")
  func storeContinues() throws {
    let recorder = FeatureRecorder()
    let store = Store(initialState: 0, configuration: .init(interceptors: [recorder])) {
      (count: inout Int, action: CounterAction) in
      switch action {
      case .add(let amount): count += amount
      }
    }
    store.dispatch(.add(5))
    store.dispatch(.add(5))
    #expect(TimeTravelController(store: store, recorder: recorder, named: "other") == nil)
    let other = Store(initialState: "", configuration: .init(interceptors: [recorder])) {
      (text: inout String, action: CounterAction) in text += "x"
    }
    #expect(TimeTravelController(store: other, recorder: FeatureRecorder()) == nil)
    let travel = try #require(TimeTravelController(store: store, recorder: recorder))
    travel.jump(to: 1)
    travel.continueFromHere()
    store.dispatch(.add(1))
    #expect(store.state == 6)
  }
}
