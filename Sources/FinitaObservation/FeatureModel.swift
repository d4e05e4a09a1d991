import Finita
import Observation

/// An observable model of a feature for SwiftUI: its ``state`` is observable on the main actor,
/// ``send(_:)`` forwards wishes, and a handler receives news there.
///
/// ```swift
/// struct CounterView: View {
///   @State private var model = FeatureModel(
///     Feature(initialState: Counter.State(), definition: Counter())
///   )
///
///   var body: some View {
///     Button("\(model.state.count)") { model.send(.increment) }
///       .onAppear { model.onNews { news in print(news) } }
///   }
/// }
/// ```
///
/// When the feature processes on the main actor (the UI case, a `Feature` configured with
/// `isolation: .mainActor` or fed from the main actor), a wish sent from the main actor
/// updates ``state`` before ``send(_:)`` returns. States produced on other threads reach the
/// model shortly after, on the main actor; only the latest waiting state is applied. When
/// `State` is `Equatable`, a state equal to the current one does not touch ``state``, so
/// effects that change nothing do not invalidate views.
@MainActor
@Observable
public final class FeatureModel<Definition: FeatureDefinition> {
  /// The feature's state, as last seen on the main actor. Observable.
  public private(set) var state: Definition.State

  /// The feature this model follows.
  @ObservationIgnored public let feature: Feature<Definition>

  @ObservationIgnored private var newsHandler: (@MainActor (Definition.News) -> Void)?
  @ObservationIgnored private var subscriptions: [Subscription] = []

  /// Creates a model that follows `feature` until the model is released.
  ///
  /// - Parameters:
  ///   - feature: The feature to follow; the model keeps it alive.
  ///   - onNews: Receives the feature's news on the main actor; see ``onNews(_:)``.
  public init(
    _ feature: Feature<Definition>,
    onNews: (@MainActor (Definition.News) -> Void)? = nil
  ) {
    self.feature = feature
    self.state = feature.state
    self.newsHandler = onNews
    let states = MainActorRelay<Definition.State>(keepsLatestOnly: true) { [weak self] state in
      self?.apply(state)
    }
    let news = MainActorRelay<Definition.News>(keepsLatestOnly: false) { [weak self] news in
      self?.newsHandler?(news)
    }
    subscriptions = [
      feature.observeState { states.send($0) },
      feature.observeNews { news.send($0) },
    ]
  }

  /// Sends a wish to the feature.
  ///
  /// - Parameter wish: What the user wants.
  public func send(_ wish: Definition.Wish) {
    feature.accept(wish)
  }

  /// Sets the handler that receives the feature's news, in order, on the main actor; replaces
  /// the previous one. News published while no handler is set is not kept.
  ///
  /// - Parameter handler: Receives each news: show an alert, open a screen.
  public func onNews(_ handler: @escaping @MainActor (Definition.News) -> Void) {
    newsHandler = handler
  }

  private func apply(_ newState: Definition.State) {
    if !isKnownEqual(state, newState) { state = newState }
  }
}
