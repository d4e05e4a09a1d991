#if Inspector
  import Finita
  import FinitaEventLog
  import FinitaInspectorProtocol
  import FinitaRedux

  /// The interceptor an ``InspectorClient`` installs: it keeps a log of each feature's stages,
  /// which the client's sender reads; the feature never waits for the sender.
  struct InspectorInterceptor: FeatureInterceptor {
    /// A log of the buffer's capacity per feature, timed from the client's start.
    let logs: FeatureEventLogs

    init(buffer: EventBuffer) {
      logs = FeatureEventLogs(capacity: buffer.capacity, receiver: Registrar(buffer: buffer))
    }

    /// Hands each new log to the buffer.
    struct Registrar: FeatureEventLogReceiver {
      let buffer: EventBuffer

      func receive<Definition: FeatureDefinition>(_ log: FeatureEventLog<Definition>) {
        buffer.register(LogSource(log))
      }
    }

    func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
      logs.intercept(event)
    }

    static func render<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>)
      -> RenderedValues
    {
      var values = RenderedValues(text: event.valueDescription)
      switch event.stage {
      case .created, .state:
        // A store's feature is shown as the store: its present state, not the history around it.
        let present = (event.state as? any StorePresentRendering)?.renderedPresent
        let state: (any Sendable)? = present ?? event.state
        if let present {
          let before = (event.previousState as? any StorePresentRendering)?.renderedPresent
          values.text = before.map { "\($0) -> \(present)" } ?? "\(present)"
        }
        // A state that does not encode is shown as its description, so the page can still diff it.
        values.state = ValueEncoding.json(state) ?? state.map { .string("\($0)") }
        if event.stage == .state { values.effect = ValueEncoding.json(event.effect) }
      case .wish:
        let action: (any Sendable)? = (event.wish as? any StoreActionRendering)?.renderedAction
        values.value = ValueEncoding.json(action ?? event.wish)
        if let action { values.text = "\(action)" }
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
