#if Spec
  import FinitaAutomaton
  import Testing

  /// `Door`, `DoorState` and `DoorEvent` are generated from door.finita.yaml by FinitaSpecPlugin
  /// at build time: nothing generated is committed here.
  ///
  /// The target's finita-spec-config.json asks for public code: were the types internal, this
  /// public function could not name them, and the target would not compile.
  public func doorAfterBolting(_ door: DoorState) -> (DoorState, DoorEvent) {
    (.bolted, .bolt)
  }

  @Suite("Build-tool plugin")
  struct DoorTests {
    @Test("the machine generated at build time runs")
    func generatedMachineRuns() throws {
      var machine = try AutomatonMachine(Door.automaton)
      #expect(try machine.step(.bolt).description == "shut -> bolted")
      #expect(try machine.step(.push).description == "undefined push in bolted")
      #expect(try machine.step(.unbolt).description == "bolted -> shut")
      #expect(DoorState.allCases == [.shut, .ajar, .bolted])
    }
  }
#endif  // Spec
