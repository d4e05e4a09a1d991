import Finita
import FinitaInspectorProtocol

/// The interceptor an ``InspectorClient`` installs: it stamps each stage and puts it in the
/// client's bounded buffer, and never waits.
struct InspectorInterceptor: FeatureInterceptor {
  let buffer: EventBuffer
  let start: ContinuousClock.Instant

  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    let elapsed = start.duration(to: .now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    buffer.append(
      PendingEvent(info: event.feature, stage: event.stage, time: seconds) {
        Self.render(event)
      })
  }

  static func render<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) -> (
    text: String, value: JSONValue?, state: JSONValue?
  ) {
    let text = event.valueDescription
    switch event.stage {
    case .created, .state:
      // A state that does not encode is shown as its description, so the page can still diff it.
      let state = ValueEncoding.json(event.state) ?? event.state.map { .string("\($0)") }
      return (text, nil, state)
    case .wish:
      return (text, ValueEncoding.json(event.wish), nil)
    case .effect:
      return (text, ValueEncoding.json(event.effect), nil)
    case .news:
      return (text, ValueEncoding.json(event.news), nil)
    case .started, .disposed:
      return (text, nil, nil)
    default:
      return (text, ValueEncoding.json(event.action), nil)
    }
  }
}
