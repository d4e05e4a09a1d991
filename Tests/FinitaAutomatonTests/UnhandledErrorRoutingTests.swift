import Finita
import FinitaAutomaton
import FinitaFixtures
import Testing

/// Under the throw policy, an undefined event's error goes where the feature's errors go.
@Suite("Where an automaton's unhandled errors go")
struct UnhandledErrorRoutingTests {
  /// A handler for `FeatureConfiguration.onUnhandledError` that records each error's feature
  /// name under `label`.
  func handler(
    _ label: String, into errors: Recorder<String>
  ) -> @Sendable (UnhandledEffectError) -> Void {
    { errors.append("\(label): \($0.featureName ?? "unnamed")") }
  }

  @Test("the feature's own handler receives the error when only the feature is configured")
  func featureConfigurationAlone() {
    let errors = Recorder<String>()
    let player = Feature(
      initialState: CDState.empty,
      definition: AutomatonDefinition(CDPlayer.automaton, undefinedEvents: .throw),
      configuration: .init(name: "player", onUnhandledError: handler("feature", into: errors))
    )
    player.accept(.pause)
    #expect(errors.values == ["feature: player"])
    #expect(player.state == .empty)
  }

  @Test("the feature's handler receives the error of an intercepted automaton definition")
  func interceptedDefinition() {
    /// Sees nothing of interest; it only wraps the definition.
    struct Quiet: FeatureInterceptor {
      func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {}
    }
    let errors = Recorder<String>()
    let player = Feature(
      initialState: CDState.empty,
      definition: AutomatonDefinition(CDPlayer.automaton, undefinedEvents: .throw)
        .intercepted(by: Quiet()),
      configuration: .init(name: "player", onUnhandledError: handler("feature", into: errors))
    )
    player.accept(.pause)
    #expect(errors.values == ["feature: player"])
  }

  @Test("a configuration given to the definition still applies, and fills in the feature's")
  func definitionConfiguration() {
    let errors = Recorder<String>()
    let own = Feature(
      initialState: CDState.empty,
      definition: AutomatonDefinition(
        CDPlayer.automaton, undefinedEvents: .throw,
        configuration: .init(name: "table", onUnhandledError: handler("definition", into: errors))
      ),
      configuration: .init(name: "player", onUnhandledError: handler("feature", into: errors))
    )
    own.accept(.pause)
    let named = Feature(
      initialState: CDState.empty,
      definition: AutomatonDefinition(
        CDPlayer.automaton, undefinedEvents: .throw, configuration: .init(name: "table")),
      configuration: .init(name: "player", onUnhandledError: handler("feature", into: errors))
    )
    named.accept(.pause)
    let alone = Feature(
      initialState: CDState.empty,
      definition: AutomatonDefinition(
        CDPlayer.automaton, undefinedEvents: .throw,
        configuration: .init(onUnhandledError: handler("definition", into: errors)))
    )
    alone.accept(.pause)
    #expect(errors.values == ["definition: table", "feature: table", "definition: unnamed"])
  }
}
