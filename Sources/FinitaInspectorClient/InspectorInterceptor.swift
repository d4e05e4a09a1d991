#if Inspector
  import Finita
  import FinitaInspectorProtocol

  /// The interceptor an ``InspectorClient`` installs: it asks the engine for a log of each
  /// feature's stages, which the client's sender reads; the feature never calls it and never
  /// waits for it.
  struct InspectorInterceptor: FeatureInterceptor {
    let buffer: EventBuffer
    /// A log of the buffer's capacity per feature, timed from the client's start.
    let delivery: FeatureInterceptorDelivery

    init(buffer: EventBuffer) {
      self.buffer = buffer
      delivery = .log(capacity: buffer.capacity, clock: ContinuousClock())
    }

    func attach<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
      buffer.register(LogSource(log))
    }

    /// Not called: the engine keeps the stages in the logs.
    func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>) {}

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
#endif  // Inspector
