import Dispatch
import Finita
import FinitaAutomaton
import FinitaFixtures
import Testing

@Suite("A running automaton on the Finita engine", .threadTestsTimeLimit)
struct RunningMachineTests {
  @Test("events move the machine; observers see each transition with its output")
  func transitionsAndOutputs() throws {
    let turnstile = try Feature(automaton: Turnstile.automaton, undefinedEvents: .ignore)
    let steps = Recorder<AutomatonStep<Turnstile, TurnstileEvent, String>>()
    let subscription = turnstile.observeNews { steps.append($0) }
    turnstile.accept(.coin)
    turnstile.accept(.coin)
    turnstile.accept(.push)
    #expect(turnstile.state == .locked)
    #expect(
      steps.values == [
        .transitioned(from: .locked, to: .unlocked, output: "green"),
        .stayed(in: .unlocked, output: "green"),
        .transitioned(from: .unlocked, to: .locked, output: "red"),
      ])
    #expect(
      steps.values.map(\.description) == [
        "locked -> unlocked / green", "stayed in unlocked / green", "unlocked -> locked / red",
      ])
    _ = subscription
  }

  @Test("an interceptor compiled into the automaton's feature sees its events and steps")
  func compiledInterceptor() throws {
    /// Keeps each stage and the news' states.
    struct Stages: FeatureInterceptor {
      let lines: Recorder<String>
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
        let values = event.valueDescription
        lines.append(values.isEmpty ? event.stage.name : "\(event.stage) \(values)")
      }
    }
    let lines = Recorder<String>()
    let turnstile = Feature(
      initialState: Turnstile.locked,
      definition: AutomatonDefinition(Turnstile.automaton, undefinedEvents: .ignore)
        .intercepted(by: Stages(lines: lines)))
    turnstile.accept(.coin)
    turnstile.accept(.push)
    #expect(turnstile.state == .locked)
    let wishes = lines.values.filter { $0.hasPrefix("wish ") }
    let news = lines.values.filter { $0.hasPrefix("news ") }
    #expect(wishes == ["wish coin", "wish push"])
    #expect(news.count == 2)
    #expect(news.first?.contains("unlocked") == true)
    #expect(lines.values.first == "created locked")
  }

  @Test("an event sent by an observer is queued and handled after the current one")
  func reentrantEventsAreQueued() throws {
    let turnstile = try Feature(automaton: Turnstile.automaton)
    let order = Locked<[String]>([])
    let subscription = turnstile.observeNews { [turnstile] step in
      order.modify { $0.append("notified \(step.state)") }
      if step.state == .unlocked { turnstile.accept(.push) }
      order.modify { $0.append("returned \(step.state)") }
    }
    turnstile.accept(.coin)
    #expect(
      order.value == [
        "notified unlocked", "returned unlocked", "notified locked", "returned locked",
      ])
    _ = subscription
  }

  @Test("undefined events: report publishes them, throw reports an error naming state and event")
  func undefinedEventPolicies() async throws {
    let reporting = try Feature(automaton: CDPlayer.automaton, undefinedEvents: .report)
    let steps = Recorder<AutomatonStep<CDState, CDEvent, CDAction>>()
    let subscription = reporting.observeNews { steps.append($0) }
    reporting.accept(.pause)
    #expect(steps.values == [.undefined(in: .empty, kind: .pause)])

    let errors = Recorder<String>()
    let throwing = try Feature(
      automaton: CDPlayer.automaton,
      undefinedEvents: .throw,
      configuration: .init(name: "player", onUnhandledError: { errors.append($0.description) })
    )
    throwing.accept(.pause)
    await errors.waitFor(count: 1)
    #expect(throwing.state == .empty)
    #expect(errors.values[0].contains("empty"))
    #expect(errors.values[0].contains("pause"))
    _ = subscription
  }

  @Test("entry and exit actions run when the running machine transitions")
  func entryAndExitActions() throws {
    let log = ActionLog()
    let player = try Feature(automaton: CDPlayer.make(log: log))
    for event in [CDEvent.cdDetected, .play, .stop] { player.accept(event) }
    #expect(player.state == .stopped)
    #expect(log.all.contains("enter playing on play"))
    #expect(log.all.contains("exit playing on stop"))
  }

  @Test("an automaton without an initial state cannot run, and says so")
  func missingInitialState() {
    let table = Automaton<Turnstile, TurnstileEvent, Never> {
      Transition(from: .locked, to: .unlocked, by: .coin)
    }
    #expect(throws: ValidationError.self) { try Feature(automaton: table) }
  }

  @Test("8 threads send events: none lost, never concurrent")
  func concurrentEvents() async throws {
    let turnstile = try Feature(automaton: Turnstile.automaton)
    let transitions = Locked(0)
    let subscription = turnstile.observeNews { _ in transitions.modify { $0 += 1 } }
    await runOnThreads(8) { _ in
      for index in 0..<2_000 {
        turnstile.accept(index.isMultiple(of: 2) ? .coin : .push)
      }
    }
    #expect(transitions.value == 16_000)
    _ = subscription
  }
}
