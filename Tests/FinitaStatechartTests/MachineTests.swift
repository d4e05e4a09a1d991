import FinitaStatechart
import Testing

@Suite("Statechart machine semantics")
struct MachineTests {
  @Test("a compound state enters its initial child, and events bubble up to ancestors")
  func hierarchy() throws {
    let chart = try Statechart {
      State("off") { On("power", to: "on") }
      State("on", initial: "low") {
        State("low") { On("up", to: "high") }
        State("high")
        On("power", to: "off")
      }
    }
    var machine = StatechartMachine(chart)
    #expect(machine.configuration == ["off"])
    #expect(machine.send("power") == .handled(microsteps: 1))
    #expect(machine.configuration == ["low"])
    #expect(machine.activeStates == ["on", "low"])
    machine.send("up")
    #expect(machine.configuration == ["high"])
    machine.send("power")
    #expect(machine.configuration == ["off"])
    #expect(machine.send("up") == .ignored)
  }

  @Test("parallel regions are all active, and a transition in one leaves the other alone")
  func parallel() throws {
    let chart = try Statechart {
      Parallel("app") {
        State("sync", initial: "idle") {
          State("idle") { On("sync", to: "syncing") }
          State("syncing") { On("synced", to: "idle") }
        }
        State("chat", initial: "offline") {
          State("offline") { On("connect", to: "online") }
          State("online")
        }
      }
    }
    var machine = StatechartMachine(chart)
    #expect(machine.configuration == ["idle", "offline"])
    machine.send("sync")
    #expect(machine.configuration == ["syncing", "offline"])
    machine.send("connect")
    #expect(machine.configuration == ["syncing", "online"])
  }

  @Test("entry and exit actions run in exit order, then transition actions, then entry order")
  func actionOrder() throws {
    let chart = try Statechart {
      State("a", initial: "a1") {
        Exit(.emit("exit a"))
        State("a1") {
          Exit(.emit("exit a1"))
          On("go", to: "b2", actions: .emit("transition"))
        }
      }
      State("b", initial: "b1") {
        Entry(.emit("enter b"))
        State("b1")
        State("b2") { Entry(.emit("enter b2")) }
      }
    }
    var machine = StatechartMachine(chart)
    machine.send("go")
    #expect(
      machine.commands.compactMap(\.output) == [
        "exit a1", "exit a", "transition", "enter b", "enter b2",
      ])
  }

  @Test("an internal transition does not exit its source; an external one does")
  func internalTransitions() throws {
    let chart = try Statechart {
      State("s", initial: "s1") {
        Entry(.emit("enter s"))
        Exit(.emit("exit s"))
        State("s1")
        State("s2")
        On("inside", to: "s2", internal: true)
        On("outside", to: "s1")
      }
    }
    var machine = StatechartMachine(chart)
    machine.send("inside")
    #expect(machine.configuration == ["s2"])
    #expect(machine.commands.isEmpty)
    machine.send("outside")
    #expect(machine.configuration == ["s1"])
    #expect(machine.commands.compactMap(\.output) == ["exit s", "enter s"])
  }

  @Test("raised events and eventless transitions complete before the next external event")
  func internalQueue() throws {
    let chart = try Statechart {
      State("a") { On("go", to: "b", actions: .raise("inner")) }
      State("b") { On("inner", to: "c") }
      State("c") { Always(to: "d", when: .in("c")) }
      State("d")
    }
    var machine = StatechartMachine(chart)
    #expect(machine.send("go") == .handled(microsteps: 3))
    #expect(machine.configuration == ["d"])
  }

  @Test("entering a final state raises done.state of its parent, and of a finished parallel")
  func doneEvents() throws {
    let chart = try Statechart {
      Parallel("both") {
        State("left", initial: "l1") {
          State("l1") { On("finish", to: "lDone") }
          FinalState("lDone")
        }
        State("right", initial: "r1") {
          State("r1") { On("finish", to: "rDone") }
          FinalState("rDone")
        }
        On("done.state.left", actions: .emit("left done"))
        On("done.state.both", to: "end")
      }
      FinalState("end")
    }
    var machine = StatechartMachine(chart)
    machine.send("finish")
    #expect(machine.configuration == ["end"])
    #expect(machine.commands.compactMap(\.output) == ["left done"])
    #expect(machine.isFinished)
    #expect(machine.send("anything") == .ignored)
  }

  @Test("shallow history restores the active child, deep history the atomic descendants")
  func history() throws {
    let chart = try Statechart {
      State("s", initial: "s1") {
        History("shallow", default: "s1")
        History("deep", deep: true, default: "s1")
        State("s1", initial: "x") {
          State("x") { On("next", to: "y") }
          State("y")
        }
        State("s2") {}
        On("leave", to: "out")
        On("toS2", to: "s2")
      }
      State("out") {
        On("shallow", to: "shallow")
        On("deep", to: "deep")
      }
    }
    var machine = StatechartMachine(chart)
    machine.send("next")
    #expect(machine.configuration == ["y"])
    machine.send("leave")
    machine.send("shallow")
    #expect(machine.configuration == ["x"])
    machine.send("next")
    machine.send("leave")
    machine.send("deep")
    #expect(machine.configuration == ["y"])
  }

  @Test("descriptors match by prefix of whole parts, and * matches everything")
  func descriptors() throws {
    let chart = try Statechart {
      State("a") {
        On("error", to: "b")
        On("*", to: "c")
      }
      State("b") { On("*", to: "a") }
      State("c")
    }
    var machine = StatechartMachine(chart)
    machine.send("error.network.timeout")
    #expect(machine.configuration == ["b"])
    machine.send("whatever")
    machine.send("errors")
    #expect(machine.configuration == ["c"])
  }

  @Test("a transition in a descendant preempts a conflicting one in an ancestor region")
  func conflicts() throws {
    let chart = try Statechart {
      Parallel("p") {
        State("r1", initial: "a") {
          State("a") { On("t", to: "a2") }
          State("a2")
        }
        State("r2", initial: "b") {
          State("b") { On("t", to: "out") }
        }
      }
      State("out")
    }
    var machine = StatechartMachine(chart)
    machine.send("t")
    // Document order: r1's transition is selected first; r2's exits p, so it conflicts and
    // the earlier one wins.
    #expect(machine.configuration == ["a2", "b"])
  }

  @Test("delayed sends become commands for the owner, and event handles skip the lookup")
  func delayedSends() throws {
    let chart = try Statechart {
      State("a") {
        On("arm", to: "b", actions: .send("fire", after: .seconds(2), id: "t"))
      }
      State("b") {
        On("disarm", to: "a", actions: .cancel("t"))
        On("fire", to: "c")
      }
      State("c")
    }
    var machine = StatechartMachine(chart)
    let arm = chart.event("arm")
    machine.send(arm)
    #expect(machine.commands == [StatechartCommand.schedule("fire", after: .seconds(2), id: "t")])
    machine.send("disarm")
    #expect(machine.commands == [StatechartCommand.cancel("t")])
  }

  @Test("eventless transitions that keep enabling each other stop as a livelock")
  func livelock() throws {
    let chart = try Statechart {
      State("a") { On("go", to: "b") }
      State("b") { Always(to: "c") }
      State("c") { Always(to: "b") }
    }
    var machine = StatechartMachine(chart)
    machine.microstepLimit = 100
    #expect(machine.send("go") == .livelock)
  }
}
