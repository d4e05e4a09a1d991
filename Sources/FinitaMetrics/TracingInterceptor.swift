#if Metrics
  import Finita
  import Tracing

  /// An interceptor that traces each action of a feature as a span, with
  /// swift-distributed-tracing.
  ///
  /// ```swift
  /// import FinitaMetrics
  ///
  /// InstrumentationSystem.bootstrap(myTracer)
  /// FeatureInterceptors.install(TracingInterceptor(), for: .named)
  /// ```
  ///
  /// A span starts when the Actor takes an action and ends when the action has been handled and
  /// all the asynchronous work it started has ended, so it covers the action's effects whether
  /// they come at once or later:
  ///
  /// - its name is `feature action`: the feature's name and the action's case name
  ///   (`paginator loadNextPage`);
  /// - its attributes are `finita.feature`, `finita.feature.id` and `finita.action` (the action,
  ///   described);
  /// - each effect and news is an event of the span (`effect`, `news`, with the value as the
  ///   `finita.value` attribute);
  /// - work that throws records its error on the span and sets its status to error.
  ///
  /// The span's parent is the service context current where the action is handled
  /// (`ServiceContext.current`): a feature that handles a wish synchronously inside a request
  /// handler puts its span in that request's trace. An action from the PostProcessor is a child
  /// of the action whose effect produced it.
  ///
  /// Effects sent later by asynchronous work are matched to their span by the action they carry
  /// (its description), the newest span first, since an effect does not name its work.
  ///
  /// Values are described only for spans the tracer records (`Span.isRecording`): a span starts
  /// with the feature's name and is renamed `feature action` once the tracer says it records it,
  /// so a no-op tracer, or a sampler that drops the trace, costs no description. Describing
  /// values with `String(describing:)` was most of what tracing a wish cost.
  public struct TracingInterceptor: FeatureInterceptor {
    private let tracer: (any Tracer)?
    private let books = LockedValue<[UInt64: Book]>([:])

    /// Creates the interceptor.
    ///
    /// - Parameter tracer: Where spans go; `nil`, the default, uses
    ///   `InstrumentationSystem.tracer` when each span starts.
    public init(tracer: (any Tracer)? = nil) {
      self.tracer = tracer
    }

    /// Starts, annotates or ends the span the event belongs to.
    ///
    /// No value is described while the interceptor's lock is held: a description is the
    /// client's code.
    ///
    /// - Parameter event: The event.
    public func intercept<Definition: FeatureDefinition>(
      _ event: FeatureEvent<Definition>
    ) {
      let feature = event.feature
      switch event.stage {
      case .action:
        start(feature, action: event)
      case .effect:
        let (current, anyWaiting) = books.withLock { books in
          (books[feature.id]?.current, books[feature.id]?.isWaitingForWork ?? false)
        }
        if let current {
          guard current.isRecording, let effect = Self.effect(of: event) else { return }
          current.span.addEvent(Self.effectEvent(effect))
        } else if anyWaiting, let action = Self.action(of: event),
          let effect = Self.effect(of: event)
        {
          // An effect sent by asynchronous work: the newest recorded span of its action.
          let open = books.withLock { $0[feature.id]?.waiting(for: action) }
          open?.span.addEvent(Self.effectEvent(effect))
        }
      case .news:
        let current = books.withLock { $0[feature.id]?.current }
        guard let current, current.isRecording, let news = Self.news(of: event) else { return }
        current.span.addEvent(SpanEvent(name: "news", attributes: ["finita.value": .string(news)]))
      case .postProcessedAction:
        let context = books.withLock { $0[feature.id]?.current?.span.context }
        guard let context, let action = Self.action(of: event) else { return }
        books.withLock { books in
          books[feature.id]?.parents.append((action, context))
        }
      case .workStarted:
        guard let work = event.work, !work.isBootstrapper else { return }
        books.withLock { books in
          guard let current = books[feature.id]?.current else { return }
          current.work += 1
          books[feature.id]?.byWork[work.id] = current
        }
      case .actionHandled:
        let finished = books.withLock { books -> OpenSpan? in
          guard let current = books[feature.id]?.current else { return nil }
          books[feature.id]?.current = nil
          current.handled = true
          return current.work == 0 ? current : nil
        }
        finished?.span.end()
      case .workFinished, .workCancelled, .workFailed:
        guard let work = event.work else { return }
        let open = books.withLock { books -> OpenSpan? in
          guard let open = books[feature.id]?.byWork.removeValue(forKey: work.id) else {
            return nil
          }
          open.work -= 1
          return open
        }
        guard let open else { return }
        if open.isRecording, let error = event.error {
          open.span.recordError(error, attributes: [:])
          open.span.setStatus(SpanStatus(code: .error, message: "\(error)"))
        }
        if open.isRecording, event.stage == .workCancelled {
          open.span.addEvent(
            SpanEvent(name: "cancelled", attributes: ["finita.work": .string("\(work)")]))
        }
        // The count changes only under the lock; read it there too.
        let ends = books.withLock { _ in open.handled && open.work == 0 }
        if ends { open.span.end() }
      case .disposed:
        let book = books.withLock { $0.removeValue(forKey: feature.id) }
        guard let book else { return }
        var ended: Set<ObjectIdentifier> = []
        for open in [book.current].compactMap({ $0 }) + book.byWork.values
        where ended.insert(ObjectIdentifier(open)).inserted {
          open.span.end()
        }
      default:
        return
      }
    }

    /// Starts the span of `action`: a child of the span whose effect's PostProcessor produced
    /// the action, or of the current service context.
    private func start<Definition: FeatureDefinition>(
      _ feature: FeatureInfo, action event: FeatureEvent<Definition>
    ) {
      // The action is described to find its parent only while a PostProcessor action waits.
      let parentsWaiting = books.withLock { !($0[feature.id]?.parents.isEmpty ?? true) }
      var text = parentsWaiting ? Self.action(of: event) : nil
      let parent = text.flatMap { text in
        books.withLock { books -> ServiceContext? in
          guard let index = books[feature.id]?.parents.firstIndex(where: { $0.action == text })
          else { return nil }
          return books[feature.id]?.parents.remove(at: index).context
        }
      }
      let context = parent ?? ServiceContext.current ?? .topLevel
      let tracer = self.tracer ?? InstrumentationSystem.tracer
      let featureName = feature.displayName
      let span = tracer.startSpan(featureName, context: context, ofKind: .internal)
      let isRecording = span.isRecording
      if isRecording, let described = text ?? Self.action(of: event) {
        text = described
        span.operationName = "\(featureName) \(Self.caseName(described))"
        span.attributes["finita.feature"] = featureName
        span.attributes["finita.feature.id"] = "\(feature.id)"
        span.attributes["finita.action"] = described
      }
      let open = OpenSpan(span: span, isRecording: isRecording, action: isRecording ? text : nil)
      books.withLock { books in
        if let book = books[feature.id] {
          book.begin(open)
        } else {
          let book = Book()
          book.begin(open)
          books[feature.id] = book
        }
      }
    }

    // The event's values, described, each read in a function of its own: a generic function
    // looks up the metadata of every optional of the definition's types it reads when it is
    // entered, so reading them in `intercept` cost three lookups at every stage, even the stages
    // that read none.

    /// The event's action, described.
    @inline(never)
    private static func action<Definition: FeatureDefinition>(
      of event: FeatureEvent<Definition>
    ) -> String? {
      event.action.map { String(describing: $0) }
    }

    /// The event's effect, described.
    @inline(never)
    private static func effect<Definition: FeatureDefinition>(
      of event: FeatureEvent<Definition>
    ) -> String? {
      event.effect.map { String(describing: $0) }
    }

    /// The event's news, described.
    @inline(never)
    private static func news<Definition: FeatureDefinition>(
      of event: FeatureEvent<Definition>
    ) -> String? {
      event.news.map { String(describing: $0) }
    }

    private static func effectEvent(_ effect: String) -> SpanEvent {
      SpanEvent(name: "effect", attributes: ["finita.value": .string(effect)])
    }

    static func caseName(_ description: String) -> String {
      let head = description.prefix { $0 != "(" }
      return String(head.split(separator: ".").last ?? head)
    }

    /// One feature's spans: a class, so that reading or changing it in the dictionary copies
    /// nothing. Read and changed only under the interceptor's lock.
    private final class Book: @unchecked Sendable {
      // Safe to send: only read or written under the interceptor's lock.
      var current: OpenSpan?
      var byWork: [UInt64: OpenSpan] = [:]
      var parents: [(action: String, context: ServiceContext)] = []
      /// The number of the newest span, to find the newest of several waiting for work.
      var started: UInt64 = 0

      /// Whether any span waits for its work; only a recorded one takes events.
      var isWaitingForWork: Bool {
        byWork.values.contains { $0.isRecording }
      }

      func begin(_ open: OpenSpan) {
        started += 1
        open.sequence = started
        current = open
      }

      func waiting(for action: String) -> OpenSpan? {
        byWork.values.filter { $0.action == action }.max { $0.sequence < $1.sequence }
      }
    }
  }

  private final class OpenSpan: @unchecked Sendable {
    // Safe to send: `work`, `handled` and `sequence` are only read or written under the
    // interceptor's lock; the span is Sendable, and the other properties are constants.
    let span: any Span
    /// Whether the tracer records the span, read once when it starts.
    let isRecording: Bool
    /// The action, described; `nil` when the span is not recorded.
    let action: String?
    var sequence: UInt64 = 0
    var work = 0
    var handled = false

    init(span: any Span, isRecording: Bool, action: String?) {
      self.span = span
      self.isRecording = isRecording
      self.action = action
    }
  }
#endif  // Metrics
