import FinitaAutomatonMacrosPlugin
import MacroTesting
import Testing

// The expansions below are golden: re-record them with SNAPSHOT_TESTING_RECORD=all.
@Suite("@AutomatonKinds expansion", .macros(["AutomatonKinds": AutomatonKindsMacro.self]))
struct AutomatonKindsMacroTests {
  @Test("an event with payloads gets a payload-free Kind and a kind switch")
  func eventWithPayloads() {
    assertMacro {
      """
      @AutomatonKinds
      enum SignupEvent: AutomatonEvent {
        case registerWithFacebook(profile: String)
        case loginWithEmail, logout
        case retry(count: Int, reason: String)
      }
      """
    }
  }

  @Test("the members are as visible as the enum, and indirect cases work")
  func publicIndirectState() {
    assertMacro {
      """
      @AutomatonKinds
      public indirect enum Gate: AutomatonState {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: Gate)
      }
      """
    }
  }

  @Test("a package enum gets package members; backquoted names stay backquoted")
  func packageEnum() {
    assertMacro {
      """
      @AutomatonKinds
      package enum Command {
        case `default`
        case run(String)
      }
      """
    }
  }

  @Test("a struct is refused with a clear error")
  func notAnEnum() {
    assertMacro {
      """
      @AutomatonKinds
      struct Event {
        var kind: Int
      }
      """
    }
  }

  @Test("an enum without cases is refused")
  func noCases() {
    assertMacro {
      """
      @AutomatonKinds
      enum Empty {
        static let x = 1
      }
      """
    }
  }

  @Test("cases inside #if are refused rather than half-derived")
  func conditionalCases() {
    assertMacro {
      """
      @AutomatonKinds
      enum Event {
        case a
        #if DEBUG
        case b
        #endif
      }
      """
    }
  }
}
