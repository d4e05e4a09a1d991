#if Macros
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
      } expansion: {
        """
        enum SignupEvent: AutomatonEvent {
          case registerWithFacebook(profile: String)
          case loginWithEmail, logout
          case retry(count: Int, reason: String)

          /// The cases without their payloads.
          enum Kind: Hashable, CaseIterable, Sendable {
              case registerWithFacebook
              case loginWithEmail
              case logout
              case retry
          }

          /// The case without its payload.
          var kind: Kind {
            switch self {
              case .registerWithFacebook:
              .registerWithFacebook
              case .loginWithEmail:
              .loginWithEmail
              case .logout:
              .logout
              case .retry:
              .retry
            }
          }
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
      } expansion: {
        """
        public indirect enum Gate: AutomatonState {
          case locked(credit: Int)
          case unlocked
          case broken(oldState: Gate)

          /// The cases without their payloads.
          public enum Kind: Hashable, CaseIterable, Sendable {
              case locked
              case unlocked
              case broken
          }

          /// The case without its payload.
          public var kind: Kind {
            switch self {
              case .locked:
              .locked
              case .unlocked:
              .unlocked
              case .broken:
              .broken
            }
          }
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
      } expansion: {
        """
        package enum Command {
          case `default`
          case run(String)

          /// The cases without their payloads.
          package enum Kind: Hashable, CaseIterable, Sendable {
              case `default`
              case run
          }

          /// The case without its payload.
          package var kind: Kind {
            switch self {
              case .`default`:
              .`default`
              case .run:
              .run
            }
          }
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
      } diagnostics: {
        """
        @AutomatonKinds
        ┬──────────────
        ╰─ 🛑 @AutomatonKinds applies to an enum; for a struct or a class, write `Kind` and `kind` by hand
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
      } diagnostics: {
        """
        @AutomatonKinds
        enum Empty {
             ┬────
             ╰─ 🛑 @AutomatonKinds needs an enum with at least one case to derive kinds from
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
      } diagnostics: {
        """
        @AutomatonKinds
        enum Event {
          case a
          #if DEBUG
          ╰─ 🛑 @AutomatonKinds cannot derive kinds from cases inside #if; write `Kind` and `kind` by hand
          case b
          #endif
        }
        """
      }
    }
  }
#endif  // Macros
