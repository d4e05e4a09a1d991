import FinitaAutomaton
import FinitaExamples
import Testing

@Suite("Declaring and querying automata")
struct AutomatonQueryTests {
  @Test("a table of Transition(from:to:by:) and the builder describe the same machine")
  func tableAndBuilderAgree() {
    let table = Automaton<Turnstile, TurnstileEvent, Never>(
      initialState: .locked,
      transitions: [
        Transition(from: .locked, to: .unlocked, by: .coin),
        Transition(from: .unlocked, to: .locked, by: .push),
      ]
    )
    let built = Automaton<Turnstile, TurnstileEvent, Never> {
      Initial(.locked)
      Transition(from: .locked, to: .unlocked, by: .coin)
      Transition(from: .unlocked, to: .locked, by: .push)
    }
    for state in Turnstile.allCases {
      for event in TurnstileEvent.allCases {
        #expect(
          table.transition(from: state, by: event) == built.transition(from: state, by: event))
      }
    }
    #expect(table.initialState == .locked)
    #expect(built.states == [.locked, .unlocked])
  }

  @Test("transition(from:by:) returns the next state, or nil when the event is undefined")
  func pureQuery() {
    #expect(CDPlayer.automaton.transition(from: .stopped, by: .play) == .playing)
    #expect(CDPlayer.automaton.transition(from: .empty, by: .play) == nil)
  }

  @Test("match(from:by:) returns the transition taken and its output")
  func richQuery() throws {
    let match = try #require(CDPlayer.automaton.match(from: .playing, by: .pause))
    #expect(match.from == .playing)
    #expect(match.to == .paused)
    #expect(match.output == .pausePlayback)
    #expect(match.transition.kind == .pause)
    #expect(CDPlayer.automaton.match(from: .open, by: .pause) == nil)
  }

  @Test("events with payloads are matched by case, and the payload reaches the output")
  func payloadsMatchByKind() {
    let automaton = SignupFlow.mealyAutomaton
    let alice = SignupEvent.registerWithFacebook(profile: FacebookProfile(name: "Alice"))
    let bob = SignupEvent.registerWithFacebook(profile: FacebookProfile(name: "Bob"))
    #expect(automaton.transition(from: .registerRoot, by: alice) == .profileRegister)
    #expect(automaton.transition(from: .registerRoot, by: bob) == .profileRegister)
    #expect(
      automaton.match(from: .registerRoot, by: bob)?.output
        == .profileRegister(FacebookProfile(name: "Bob"))
    )
  }

  @Test("strings are events of their own kind")
  func stringEvents() {
    let automaton = Automaton<String, String, String>(
      initialState: "a",
      transitions: [Transition(from: "a", to: "b", by: "go").output("went")]
    )
    #expect(automaton.transition(from: "a", by: "go") == "b")
    #expect(automaton.match(from: "a", by: "go")?.output == "went")
    #expect(automaton.transition(from: "a", by: "stay") == nil)
  }

  @Test("transitions(from:by:) lists the candidates in the order they are tried")
  func candidatesInOrder() {
    let candidates = ParkingMeter.automaton(fee: 300).transitions(
      from: .awaitingPayment, by: .insert)
    #expect(candidates.map(\.guardName) == ["enough", "not enough"])
    #expect(candidates.map(\.isInternal) == [false, true])
  }

  @Test("a large non-CaseIterable state space uses the hashed table and behaves the same")
  func hashedTable() {
    let transitions = (0..<100).map {
      Transition<Int, String, Never>(from: $0, to: $0 + 1, by: "next")
    }
    let counter = Automaton(initialState: 0, transitions: transitions)
    var state = 0
    for _ in 0..<100 {
      state = counter.transition(from: state, by: "next") ?? -1
    }
    #expect(state == 100)
    #expect(counter.transition(from: 100, by: "next") == nil)
  }

  @Test("the reducer form of an automaton gives the same next state and output")
  func reducerForm() {
    let reducer = CDPlayer.automaton.reducer
    #expect(reducer.transition(from: .stopped, by: .play)?.state == .playing)
    #expect(reducer.transition(from: .stopped, by: .play)?.output == .startPlayback)
    #expect(reducer.transition(from: .empty, by: .play) == nil)
  }
}
