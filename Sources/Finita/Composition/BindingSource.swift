/// An output a ``Binder`` can connect: a feature's news or states, a view state, any
/// asynchronous sequence, or any callback source.
///
/// A source is a recipe for subscribing, so a binder can subscribe again each time its lifecycle
/// begins. Callback sources (a feature's news and states, a ``UIStateMapper``) deliver on the
/// emitting thread, synchronously, with no task per value; sequence sources iterate in one task
/// per subscription.
///
/// ```swift
/// binder.bind(.news(of: search), to: .wishes(of: resume)) { news in
///   guard case .resultChosen(let id) = news else { return nil }
///   return .load(id)
/// }
/// ```
public struct BindingSource<Output: Sendable>: Sendable {
  private let attach:
    @Sendable (
      _ receive: @escaping @Sendable (Output) -> Void,
      _ finish: @escaping @Sendable () -> Void
    ) -> Subscription

  /// Creates a callback source.
  ///
  /// `attach` starts delivering values to `receive` and returns a subscription that stops
  /// delivery. It calls `finish` when the source ends on its own (a disposed feature), and not
  /// when the subscription is cancelled.
  ///
  /// ```swift
  /// let ticks = BindingSource<Int> { receive, finish in
  ///   let token = timer.onTick { receive($0) }
  ///   return Subscription { token.invalidate() }
  /// }
  /// ```
  ///
  /// - Parameter attach: Subscribes `receive` and `finish`; returns what ends the subscription.
  public init(
    _ attach:
      @escaping @Sendable (
        _ receive: @escaping @Sendable (Output) -> Void,
        _ finish: @escaping @Sendable () -> Void
      ) -> Subscription
  ) {
    self.attach = attach
  }

  /// Starts receiving values.
  ///
  /// - Parameters:
  ///   - receive: Called with each value, on the thread that emits it.
  ///   - finish: Called once if the source ends on its own.
  /// - Returns: A subscription; cancel or release it to stop receiving.
  public func subscribe(
    receive: @escaping @Sendable (Output) -> Void,
    finish: @escaping @Sendable () -> Void = {}
  ) -> Subscription {
    attach(receive, finish)
  }
}

extension BindingSource {
  /// The elements of an asynchronous sequence made afresh for each subscription.
  ///
  /// `make` runs synchronously when the binder subscribes, so a sequence that buffers (such as
  /// ``Feature/news``) keeps what is emitted before its first element is read. Elements are
  /// read in one task per subscription; an error thrown by the sequence ends it like `finish`.
  ///
  /// ```swift
  /// binder.bind(.sequence { locationService.updates() }, to: .wishes(of: map)) { .moveTo($0) }
  /// ```
  ///
  /// - Parameter make: Creates the sequence to read.
  public static func sequence<Elements: AsyncSequence & Sendable>(
    _ make: @escaping @Sendable () -> Elements
  ) -> Self where Elements.Element == Output {
    Self { receive, finish in
      let elements = make()
      let task = Task {
        do {
          for try await element in elements { receive(element) }
        } catch {
          // A failing sequence ends like a finished one.
        }
        if !Task.isCancelled { finish() }
      }
      return Subscription { task.cancel() }
    }
  }

  /// The elements of an asynchronous sequence that can be iterated more than once.
  ///
  /// Single-pass sequences such as `AsyncStream` end for good when their first reader is
  /// cancelled; for them use ``sequence(_:)-(()->Elements)``, which makes a new one per
  /// subscription.
  ///
  /// - Parameter elements: The sequence to read from the start on each subscription.
  public static func sequence<Elements: AsyncSequence & Sendable>(
    _ elements: Elements
  ) -> Self where Elements.Element == Output {
    sequence { elements }
  }

  /// The news of `feature`, delivered synchronously as it is published.
  ///
  /// Finishes when the feature is disposed. The source keeps the feature alive while a binder
  /// holds it; the feature knows nothing of where its news goes.
  ///
  /// - Parameter feature: The feature whose news to deliver.
  public static func news<Definition: FeatureDefinition>(
    of feature: Feature<Definition>
  ) -> Self where Output == Definition.News {
    Self { receive, finish in feature.subscribeNews(receive: receive, finish: finish) }
  }

  /// The states of `feature`: the current one on subscription, then one per effect.
  ///
  /// Every effect produces a state, even one that leaves it unchanged; a transformer can drop
  /// what it does not need, and ``UIStateMapper`` drops duplicates. Finishes when the feature is
  /// disposed.
  ///
  /// - Parameter feature: The feature whose states to deliver.
  public static func states<Definition: FeatureDefinition>(
    of feature: Feature<Definition>
  ) -> Self where Output == Definition.State {
    Self { receive, finish in feature.subscribeStates(receive: receive, finish: finish) }
  }

  /// The view states of `mapper`: the current one on subscription, then each change.
  ///
  /// - Parameter mapper: The mapper whose view states to deliver.
  public static func states(of mapper: UIStateMapper<Output>) -> Self where Output: Equatable {
    Self { receive, finish in mapper.subscribe(receive: receive, finish: finish) }
  }
}
