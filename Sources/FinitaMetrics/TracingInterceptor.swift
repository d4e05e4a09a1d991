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
  /// - Parameter event: The event.
  public func intercept<Definition: FeatureDefinition>(_ event: borrowing FeatureEvent<Definition>)
  {
    let feature = event.feature
    switch event.stage {
    case .action:
      guard let action = event.action else { return }
      start(event.feature, action: action)
    case .effect:
      guard let effect = event.effect else { return }
      let action = event.action
      let open = books.withLock { books in
        books[feature.id]?.current ?? books[feature.id]?.waiting(for: action.map(describe))
      }
      open?.span.addEvent(
        SpanEvent(name: "effect", attributes: ["finita.value": .string("\(effect)")]))
    case .news:
      guard let news = event.news else { return }
      let open = books.withLock { $0[feature.id]?.current }
      open?.span.addEvent(SpanEvent(name: "news", attributes: ["finita.value": .string("\(news)")]))
    case .postProcessedAction:
      guard let action = event.action else { return }
      let text = describe(action)
      books.withLock { books in
        guard let context = books[feature.id]?.current?.span.context else { return }
        books[feature.id]?.parents.append((text, context))
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
      if let error = event.error {
        open.span.recordError(error, attributes: [:])
        open.span.setStatus(SpanStatus(code: .error, message: "\(error)"))
      }
      if event.stage == .workCancelled {
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

  private func start<Action>(_ feature: FeatureInfo, action: Action) {
    let text = describe(action)
    let parent = books.withLock { books -> ServiceContext? in
      guard let index = books[feature.id]?.parents.firstIndex(where: { $0.action == text }) else {
        return nil
      }
      return books[feature.id]?.parents.remove(at: index).context
    }
    let context = parent ?? ServiceContext.current ?? .topLevel
    let tracer = self.tracer ?? InstrumentationSystem.tracer
    let name = "\(feature.displayName) \(Self.caseName(text))"
    let span = tracer.startSpan(name, context: context, ofKind: .internal)
    span.attributes["finita.feature"] = feature.displayName
    span.attributes["finita.feature.id"] = "\(feature.id)"
    span.attributes["finita.action"] = text
    let open = OpenSpan(span: span, action: text)
    books.withLock { books in
      books[feature.id, default: Book()].current = open
    }
  }

  private func describe(_ value: Any) -> String {
    String(describing: value)
  }

  /// The case name of a described enum value: `loaded` for `loaded(3)`.
  static func caseName(_ description: String) -> String {
    let head = description.prefix { $0 != "(" }
    return String(head.split(separator: ".").last ?? head)
  }

  /// The spans of one feature: the action being handled, and the spans waiting for work.
  private struct Book {
    var current: OpenSpan?
    var byWork: [UInt64: OpenSpan] = [:]
    /// The contexts of the actions that produced post-processed actions not yet handled.
    var parents: [(action: String, context: ServiceContext)] = []

    /// The newest span waiting for work of the action described as `action`.
    func waiting(for action: String?) -> OpenSpan? {
      guard let action else { return nil }
      return byWork.values.filter { $0.action == action }.max { $0.sequence < $1.sequence }
    }
  }
}

/// A span that is open, with the number of its action's work still running.
private final class OpenSpan: @unchecked Sendable {
  // Safe to send: `work` and `handled` are only read or written under the interceptor's lock;
  // the span is Sendable.
  let span: any Span
  let action: String
  let sequence: UInt64
  var work = 0
  var handled = false

  init(span: any Span, action: String) {
    self.span = span
    self.action = action
    sequence = OpenSpan.counter.withLock { value in
      value += 1
      return value
    }
  }

  private static let counter = LockedValue<UInt64>(0)
}
