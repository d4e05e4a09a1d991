import Finita
import FinitaExamples
import FinitaTesting
import Foundation
import Testing

/// Seed 001's two ways of opening a resume, run through the same scenarios: two effects from one
/// wish, or a state change whose PostProcessor asks for the load. Both must give the same states
/// and effects.
@Suite("Opening a resume both ways (seed 001)", .timeLimit(.minutes(1)))
struct ResumeOpenerTests {
  static let developer = Resume(id: 7, title: "iOS developer")
  static let designer = Resume(id: 8, title: "Product designer")

  /// The two definitions.
  enum Way: String, CaseIterable, Sendable {
    case twoEffects, postProcessor
  }

  /// The scenarios both definitions go through.
  enum Scenario: String, CaseIterable, Sendable {
    case open, failureThenRetry, anotherWhileLoading, closeWhileLoading
  }

  @Test("the same states and effects both ways", arguments: Way.allCases, Scenario.allCases)
  func sameBothWays(way: Way, scenario: Scenario) async {
    var made: InMemoryResumeSource?
    func source(_ clock: VirtualClock) -> InMemoryResumeSource {
      let source = InMemoryResumeSource(
        resumes: [Self.developer, Self.designer], latency: .seconds(1), clock: clock)
      made = source
      return source
    }
    switch way {
    case .twoEffects:
      let tester = FeatureTester(initialState: ResumeState.closed) { clock in
        ResumeOpener(source: source(clock))
      }
      await play(scenario, tester, made!)
    case .postProcessor:
      let tester = FeatureTester(initialState: ResumeState.closed) { clock in
        ResumeOpenerViaPostProcessor(source: source(clock))
      }
      await play(scenario, tester, made!)
    }
  }

  private func play<Definition: FeatureDefinition>(
    _ scenario: Scenario, _ tester: FeatureTester<Definition>, _ source: InMemoryResumeSource
  ) async
  where
    Definition.Wish == ResumeWish, Definition.State == ResumeState,
    Definition.Effect == ResumeEffect
  {
    switch scenario {
    case .open:
      await tester.send(.open(resumeID: 7)) { $0 = .loading(resumeID: 7) }
      await tester.advance(by: .seconds(1))
      await tester.receive(.didLoad(Self.developer)) { $0 = .loaded(Self.developer) }
    case .failureThenRetry:
      source.failNextLoad(ofResume: 7)
      let error = ResumeError(message: "Resume 7 is unavailable")
      await tester.send(.open(resumeID: 7)) { $0 = .loading(resumeID: 7) }
      await tester.advance(by: .seconds(1))
      await tester.receive(.didFail(resumeID: 7, error)) { $0 = .failed(resumeID: 7, error) }
      await tester.send(.open(resumeID: 7)) { $0 = .loading(resumeID: 7) }
      await tester.advance(by: .seconds(1))
      await tester.receive(.didLoad(Self.developer)) { $0 = .loaded(Self.developer) }
    case .anotherWhileLoading:
      await tester.send(.open(resumeID: 7)) { $0 = .loading(resumeID: 7) }
      await tester.advance(by: .milliseconds(500))
      await tester.send(.open(resumeID: 7))  // the same one again: nothing new
      await tester.send(.open(resumeID: 8)) { $0 = .loading(resumeID: 8) }
      await tester.advance(by: .seconds(1))
      await tester.receive(.didLoad(Self.designer)) { $0 = .loaded(Self.designer) }
    case .closeWhileLoading:
      await tester.send(.open(resumeID: 7)) { $0 = .loading(resumeID: 7) }
      await tester.send(.close) { $0 = .closed }
      await tester.advance(by: .seconds(2))
    }
    await tester.finish()
  }

  @Test("the two ways differ only in the trace: the PostProcessor's load is an action of its own")
  func traces() async {
    func stages<Definition: FeatureDefinition>(_ definition: Definition) async -> [String]
    where Definition.Wish == ResumeWish, Definition.State == ResumeState {
      let stages = StageLog()
      let feature = Feature(
        initialState: ResumeState.closed, definition: definition,
        configuration: .init(interceptors: [stages]))
      feature.accept(.open(resumeID: 7))
      await feature.idle()
      #expect(feature.state == .loaded(Self.developer))
      feature.dispose()
      return stages.names
    }
    let source = InMemoryResumeSource(resumes: [Self.developer])
    let twoEffects = await stages(ResumeOpener(source: source))
    let postProcessed = await stages(ResumeOpenerViaPostProcessor(source: source))
    #expect(twoEffects.filter { $0 == "state" }.count == 2)
    #expect(postProcessed.filter { $0 == "state" }.count == 2)
    #expect(!twoEffects.contains("postProcessedAction"))
    // open -> loadingDidStart -> state loading -> the PostProcessor's fetch -> the load.
    let loading = postProcessed.firstIndex(of: "state")
    let fetch = postProcessed.firstIndex(of: "postProcessedAction")
    #expect(loading != nil && fetch != nil && loading! < fetch!, "\(postProcessed)")
  }
}

/// The names of the stages a feature went through.
private final class StageLog: FeatureInterceptor, @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  var names: [String] { lock.withLock { stored } }

  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    lock.withLock { stored.append("\(event.stage)") }
  }
}
