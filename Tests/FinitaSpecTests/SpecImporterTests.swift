#if Spec
  import Testing

  @testable import FinitaSpec

  @Suite("DOT import")
  struct SpecImporterTests {
    @Test("a learned Mealy machine becomes a valid spec")
    func mealy() throws {
      let dot = """
        digraph learned {
          __start0 [label="" shape="none"];
          s0 [label="s0"];
          s1 [label="s1"];
          __start0 -> s0;
          s0 -> s1 [label="coin/unlock"];
          s1 -> s0 [label="push/lock"];
          s0 -> s0 [label="push/none"];
          s1 -> s1 [label="coin/none"];
        }
        """
      let yaml = try SpecImporter.yaml(fromDOT: dot, name: "Gate", moore: false)
      let spec = try SpecReader.read(yaml, file: "gate.yaml")
      #expect(spec.machine?.states.map(\.name.value) == ["s0", "s1"])
      #expect(spec.machine?.outputs.map(\.name.value) == ["unlock", "lock", "none"])
      #expect(spec.machine?.transitions.count == 4)
    }

    @Test("a learned Moore machine keeps its state outputs")
    func moore() throws {
      let dot = """
        digraph learned {
          __start0 [label="" shape="none"];
          a [shape="record" label="{ a | off }"];
          b [shape="record" label="{ b | on }"];
          __start0 -> a;
          a -> b [label="1"];
          b -> a [label="0"];
        }
        """
      let yaml = try SpecImporter.yaml(fromDOT: dot, name: "Light", moore: true)
      let spec = try SpecReader.read(yaml, file: "light.yaml")
      #expect(spec.machine?.events.map(\.name.value) == ["e1", "e0"])
      #expect(spec.machine?.stateOutputs.map(\.output.value) == ["off", "on"])
    }
  }
#endif  // Spec
