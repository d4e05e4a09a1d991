import Finita
import FinitaRedux
import Observation

/// An observable model of a FinitaRedux store for SwiftUI: its ``state`` is observable on the
/// main actor and ``dispatch(_:)`` forwards actions, as ``FeatureModel`` does for a feature.
///
/// ```swift
/// struct PERTView: View {
///   @State private var model = StoreModel(Store(initialState: PERT(), reducer: pertReducer))
///
///   var body: some View {
///     Text("\(model.state.result)")
///     Button("Max 10") { model.dispatch(.setMax(10)) }
///   }
/// }
/// ```
///
/// When the store processes on the main actor (dispatched from the main actor, or configured
/// with `isolation: .mainActor`), an action dispatched there updates ``state`` before
/// ``dispatch(_:)`` returns. States reduced on other threads reach the model shortly after, on
/// the main actor; only the latest waiting one is applied. When `State` is `Equatable`, a state
/// equal to the current one does not touch ``state``.
@MainActor
@Observable
public final class StoreModel<State: Sendable, Action: Sendable> {
  /// The store's state, as last seen on the main actor. Observable.
  public private(set) var state: State

  /// The store this model follows.
  @ObservationIgnored public let store: Store<State, Action>

  @ObservationIgnored private var subscription: Subscription?

  /// Creates a model that follows `store` until the model is released.
  ///
  /// - Parameter store: The store to follow; the model keeps it alive.
  public init(_ store: Store<State, Action>) {
    self.store = store
    self.state = store.state
    let relay = MainActorRelay<State>(keepsLatestOnly: true) { [weak self] state in
      self?.apply(state)
    }
    let select: @Sendable (State) -> State = { $0 }
    subscription = store.subscribe(select, removingDuplicates: nil) { relay.send($0) }
  }

  /// Dispatches an action to the store.
  ///
  /// - Parameter action: What happened.
  public func dispatch(_ action: Action) {
    store.dispatch(action)
  }

  private func apply(_ newState: State) {
    if !isKnownEqual(state, newState) { state = newState }
  }
}
