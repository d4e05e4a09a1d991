import Finita
import FinitaInspectorProtocol

/// The interceptor an ``InspectorClient`` installs: it stamps each stage and puts it in the
/// client's bounded buffer, and never waits.
struct InspectorInterceptor: FeatureInterceptor {
  let buffer: EventBuffer
  let start: ContinuousClock.Instant

  func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>) {
    let elapsed = start.duration(to: .now)
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let values = event.values
    buffer.append(
      PendingEvent(info: values.feature, stage: values.stage, time: seconds) {
        Self.render(values)
      })
  }

  static func render<Definition: FeatureDefinition>(_ event: FeatureEventValues<Definition>)
    -> RenderedValues
  {
    var values = RenderedValues(text: event.valueDescription)
    switch event.stage {
    case .created, .state:
      // A state that does not encode is shown as its description, so the page can still diff it.
      values.state = ValueEncoding.json(event.state) ?? event.state.map { .string("\($0)") }
      if event.stage == .state { values.effect = ValueEncoding.json(event.effect) }
    case .wish:
      values.value = ValueEncoding.json(event.wish)
    case .effect:
      values.value = ValueEncoding.json(event.effect)
      values.action = ValueEncoding.json(event.action)
    case .news:
      values.value = ValueEncoding.json(event.news)
    case .started, .disposed:
      break
    case .workStarted, .workFinished, .workCancelled, .workFailed:
      values.value = ValueEncoding.json(event.action)
      values.action = values.value
      values.work = event.work.map {
        WorkDescriptor(id: $0.id, name: $0.name, bootstrapper: $0.isBootstrapper)
      }
      values.error = event.error.map { String(describing: $0) }
    default:
      values.value = ValueEncoding.json(event.action)
    }
    return values
  }
}
