import FinitaAutomaton
import FinitaExamples
import FinitaFixtures
import Testing

/// A running machine remembers where its current state is in the transition table; these tests
/// check that it never steps from a stale place, whatever the start, the path or the table.
@Suite("A running machine keeps its place in the table")
struct MachinePositionTests {
  @Test("from every start state, random walks agree with a fresh lookup at every step")
  func randomWalksFromEveryState() throws {
    expectWalksAgree(CDPlayer.automaton, samples: CDEvent.allCases, seed: 1)
    expectWalksAgree(silentPlayer, samples: CDEvent.allCases, seed: 2)
    expectWalksAgree(Turnstile.automaton, samples: TurnstileEvent.allCases, seed: 3)
    expectWalksAgree(
      ParkingMeter.automaton(fee: 300), samples: ParkingMeter.samples, seed: 4)
    expectWalksAgree(ring, samples: Turn.allCases, seed: 5)
    expectWalksAgree(keypad, samples: Key.allCases, seed: 6)
    expectWalksAgree(switchboard, samples: Key.allCases, seed: 7)
    expectWalksAgree(
      try DOTImporter.mealyMachine(from: learnedTurnstile), samples: ["coin", "push", "kick"],
      seed: 8)
  }

  @Test("a machine started in a state that no transition leaves finds every event undefined")
  func startedInASink() throws {
    var machine = AutomatonMachine(ring, state: 99)
    #expect(try machine.step(.left) == .undefined(in: 99, kind: .left))
    #expect(
      try machine.run([.right, .left]) == [
        .undefined(in: 99, kind: .right), .undefined(in: 99, kind: .left),
      ])
    var throwing = AutomatonMachine(
      CDPlayer.automaton, state: .open, undefinedEvents: .throw)
    #expect(throws: AutomatonError.undefinedTransition) { try throwing.step(.play) }
    #expect(throwing.state == .open)
    #expect(try throwing.step(.openClose).state == .empty)
  }

  @Test("a state missing from allCases still steps by its declared transitions")
  func stateOutsideTheCases() throws {
    let automaton = Automaton<Floor, Turn, Never> {
      Initial(Floor(0))
      Transition(from: Floor(0), to: Floor(7), by: .right)
      Transition(from: Floor(7), to: Floor(1), by: .right)
      Transition(from: Floor(7), to: Floor(0), by: .left)
    }
    var machine = AutomatonMachine(automaton, state: Floor(7))
    #expect(try machine.step(.left) == .transitioned(from: Floor(7), to: Floor(0), output: nil))
    #expect(try machine.step(.right) == .transitioned(from: Floor(0), to: Floor(7), output: nil))
    #expect(try machine.step(.right) == .transitioned(from: Floor(7), to: Floor(1), output: nil))
    #expect(try machine.step(.right) == .undefined(in: Floor(1), kind: .right))
    var outside = AutomatonMachine(automaton, state: Floor(42))
    #expect(try outside.step(.right) == .undefined(in: Floor(42), kind: .right))
  }

  @Test("a guard that rejects, and an internal transition, leave the machine where it was")
  func rejectedAndInternal() throws {
    let automaton = Automaton<Turnstile, Coin, Never> {
      Initial(.locked)
      Transition(from: .locked, to: .unlocked, by: .coin).guarded { _, coin in coin.value >= 50 }
      Transition(within: .unlocked, by: .coin)
      Transition(from: .unlocked, to: .locked, by: .push)
    }
    var machine = try AutomatonMachine(automaton)
    #expect(try machine.step(.coin(10)) == .ignored(in: .locked, kind: .coin))
    #expect(try machine.step(.push) == .undefined(in: .locked, kind: .push))
    #expect(try machine.step(.coin(50)) == .transitioned(from: .locked, to: .unlocked, output: nil))
    #expect(try machine.step(.coin(10)) == .stayed(in: .unlocked, output: nil))
    #expect(try machine.step(.push) == .transitioned(from: .unlocked, to: .locked, output: nil))
    #expect(try machine.step(.coin(10)) == .ignored(in: .locked, kind: .coin))
  }

  @Test("after send and run, the next step starts from the state they reached")
  func afterSendAndRun() throws {
    var machine = try AutomatonMachine(CDPlayer.automaton)
    try machine.send(.openClose)
    #expect(try machine.step(.openClose).state == .empty)
    try machine.run([.cdDetected, .play, .pause])
    #expect(
      try machine.step(.endPause)
        == .transitioned(from: .paused, to: .playing, output: .resumePlayback))
    try machine.send(.stop)
    #expect(try machine.step(.stop) == .stayed(in: .stopped, output: .stoppedAgain))
  }

  @Test("kinds of a payload-free enum that no transition uses are undefined")
  func unusedEnumKinds() throws {
    let automaton = Automaton<Turnstile, CDEvent, Never> {
      Initial(.locked)
      Transition(from: .locked, to: .unlocked, by: .play)
      Transition(from: .unlocked, to: .locked, by: .cdDetected)
    }
    var machine = try AutomatonMachine(automaton)
    for event in CDEvent.allCases where event != .play {
      #expect(try machine.step(event) == .undefined(in: .locked, kind: event))
    }
    #expect(
      try machine.run([.play, .stop, .cdDetected]).map(\.state) == [
        .unlocked, .unlocked, .locked,
      ])
  }

  @Test("one-byte kinds that are not enums are matched by equality, not by their byte")
  func oneByteKinds() throws {
    // Bytes that are not the positions of the cases.
    let scrambled = Automaton<Turnstile, Code, Never> {
      Initial(.locked)
      Transition(from: .locked, to: .unlocked, by: Code(9))
      Transition(from: .unlocked, to: .locked, by: Code(0))
    }
    var machine = try AutomatonMachine(scrambled)
    #expect(try machine.step(Code(1)) == .undefined(in: .locked, kind: Code(1)))
    #expect(try machine.step(Code(0)) == .undefined(in: .locked, kind: Code(0)))
    #expect(try machine.step(Code(9)).state == .unlocked)
    #expect(try machine.step(Code(0)).state == .locked)

    // Bytes that are positions, with an equality that ignores all but the lowest bit: a value
    // outside the cases still equals one of them.
    let parity = Automaton<Turnstile, Parity, Never> {
      Initial(.locked)
      Transition(from: .locked, to: .unlocked, by: Parity(1))
      Transition(from: .unlocked, to: .locked, by: Parity(0))
    }
    var parityMachine = try AutomatonMachine(parity)
    #expect(try parityMachine.step(Parity(4)) == .undefined(in: .locked, kind: Parity(4)))
    #expect(try parityMachine.step(Parity(201)).state == .unlocked)
    #expect(try parityMachine.step(Parity(2)).state == .locked)
    #expect(parity.transition(from: .locked, by: Parity(3)) == .unlocked)
  }

  @Test("a table without transitions makes every event undefined")
  func emptyTables() throws {
    var dense = AutomatonMachine(
      Automaton<CDState, CDEvent, Never>(initialState: .empty, transitions: []), state: .empty)
    #expect(try dense.step(.play) == .undefined(in: .empty, kind: .play))
    var hashed = AutomatonMachine(
      Automaton<Int, String, Never>(initialState: 0, transitions: []), state: 3)
    #expect(try hashed.step("go") == .undefined(in: 3, kind: "go"))
  }
}

/// Runs a machine from each of `automaton`'s states through a seeded random walk of `samples`,
/// and expects each step to be the one a fresh lookup of the current state gives.
private func expectWalksAgree<State, Event, Output: Equatable>(
  _ automaton: Automaton<State, Event, Output>,
  samples: [Event],
  seed: UInt64,
  length: Int = 300,
  sourceLocation: SourceLocation = #_sourceLocation
) where State: Equatable, Event.Kind: Equatable {
  var generator = SeededGenerator(seed: seed)
  var mismatches: [String] = []
  for start in automaton.states {
    var machine = AutomatonMachine(automaton, state: start)
    for _ in 0..<length {
      let event = samples.randomElement(using: &generator)!
      let before = machine.state
      let expected = freshStep(automaton, from: before, by: event)
      let actual = try? machine.step(event)
      if actual != expected || machine.state != expected.state {
        mismatches.append(
          "\(before) × \(event): expected \(expected), got \(String(describing: actual))")
        break
      }
    }
  }
  #expect(mismatches == [], sourceLocation: sourceLocation)
}

/// The step a machine just started in `state` should take on `event`, with the report policy,
/// found through the automaton's queries rather than a running machine.
private func freshStep<State, Event, Output>(
  _ automaton: Automaton<State, Event, Output>,
  from state: State,
  by event: Event
) -> AutomatonStep<State, Event.Kind, Output> {
  if let match = automaton.match(from: state, by: event) {
    return match.transition.isInternal
      ? .stayed(in: state, output: match.output)
      : .transitioned(from: state, to: match.to, output: match.output)
  }
  return automaton.transitions(from: state, by: event.kind).isEmpty
    ? .undefined(in: state, kind: event.kind) : .ignored(in: state, kind: event.kind)
}

/// The CD player without outputs, as in the benchmark: no guards and no outputs to look at.
private let silentPlayer = Automaton<CDState, CDEvent, Never>(
  initialState: .empty,
  transitions: CDPlayer.automaton.transitions.map { transition in
    transition.isInternal
      ? Transition(within: transition.from, by: transition.kind)
      : Transition(from: transition.from, to: transition.to, by: transition.kind)
  }
)

private enum Turn: AutomatonEvent, CaseIterable {
  case left
  case right
}

/// 40 states in a ring, more than are searched, so they are hashed; turning left in 5 is
/// internal.
private let ring = Automaton<Int, Turn, Never>(
  initialState: 0,
  transitions: [Transition(within: 5, by: .left)]
    + (0..<40).flatMap { state in
      [
        Transition(from: state, to: (state + 1) % 40, by: .right),
        Transition(from: state, to: (state + 39) % 40, by: .left),
      ]
    }
)

/// 20 keys: too many cases to index kinds by their byte.
private enum Key: AutomatonEvent, CaseIterable {
  case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9
  case k10, k11, k12, k13, k14, k15, k16, k17, k18, k19
}

private enum Lock: Hashable, CaseIterable, Sendable {
  case closed
  case half
  case open
}

/// A lock that uses four of the keys, few enough to search for.
private let keypad = Automaton<Lock, Key, String> {
  Initial(.closed)
  Transition(from: .closed, to: .half, by: .k3).output("one more")
  Transition(from: .half, to: .open, by: .k17).output("open")
  Transition(from: .half, to: .closed, by: .k0)
  Transition(within: .open, by: .k19)
  Transition(from: .open, to: .closed, by: .k0)
  StateOutput(.open, "green")
}

/// A lock on which every key does something: more kinds than are searched, so they are hashed.
private let switchboard = Automaton<Lock, Key, Never>(
  initialState: .closed,
  transitions: Key.allCases.enumerated().flatMap { index, key in
    [
      Transition(from: .closed, to: index.isMultiple(of: 2) ? .half : .open, by: key),
      Transition(from: .half, to: index < 10 ? .open : .closed, by: key),
      index.isMultiple(of: 3)
        ? Transition(within: .open, by: key) : Transition(from: .open, to: .closed, by: key),
    ]
  }
)

private let learnedTurnstile = """
  digraph g {
    __start0 [label="" shape="none"];
    s0 [label="0"];
    s1 [label="1"];
    s2 [label="2"];
    s0 -> s1 [label="coin / unlock"];
    s0 -> s0 [label="push / alarm"];
    s1 -> s0 [label="push / lock"];
    s1 -> s1 [label="coin / refund"];
    s1 -> s2 [label="kick / break"];
    __start0 -> s0;
  }
  """

/// A `CaseIterable` state type whose cases leave out most of its values.
private struct Floor: Hashable, CaseIterable, Sendable, CustomStringConvertible {
  let number: Int
  init(_ number: Int) { self.number = number }
  static var allCases: [Floor] { [Floor(0), Floor(1)] }
  var description: String { "floor \(number)" }
}

private enum Coin: AutomatonEvent {
  case coin(Int)
  case push

  enum Kind: Hashable, Sendable {
    case coin
    case push
  }

  var kind: Kind {
    switch self {
    case .coin: .coin
    case .push: .push
    }
  }

  var value: Int {
    if case .coin(let value) = self { value } else { 0 }
  }
}

/// A one-byte kind whose cases' bytes are not their positions.
private struct Code: AutomatonEvent, Hashable, CaseIterable {
  let byte: UInt8
  init(_ byte: UInt8) { self.byte = byte }
  static var allCases: [Code] { [Code(9), Code(4), Code(0)] }
}

/// A one-byte kind whose cases' bytes are their positions, equal by parity.
private struct Parity: AutomatonEvent, Hashable, CaseIterable {
  let byte: UInt8
  init(_ byte: UInt8) { self.byte = byte }
  static var allCases: [Parity] { [Parity(0), Parity(1)] }
  static func == (lhs: Parity, rhs: Parity) -> Bool { lhs.byte % 2 == rhs.byte % 2 }
  func hash(into hasher: inout Hasher) { hasher.combine(byte % 2) }
}
