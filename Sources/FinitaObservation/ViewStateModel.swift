import Finita
import Observation

/// An observable model of a view state built by a `UIStateMapper`, with the input its
/// wishes go to: the ViewModel of "MVI state -> UIStateMapper -> ViewModel -> View".
///
/// Only changes of the view state reach the view: a feature effect that changes a field the
/// view state does not use leaves ``state`` untouched and invalidates nothing.
///
/// ```swift
/// @State private var model = ViewStateModel(
///   UIStateMapper(resume, session) { resume, session in
///     ResumeViewState(resume: resume, session: session)
///   },
///   send: .wishes(of: resume)
/// )
/// ```
@MainActor
@Observable
public final class ViewStateModel<ViewState: Equatable & Sendable, Wish: Sendable> {
  /// The view state, as last seen on the main actor. Observable.
  public private(set) var state: ViewState

  /// The mapper this model follows.
  @ObservationIgnored public let mapper: UIStateMapper<ViewState>

  @ObservationIgnored private let sink: BindingSink<Wish>
  @ObservationIgnored private var subscription: Subscription?

  /// Creates a model that follows `mapper` until the model is released.
  ///
  /// - Parameters:
  ///   - mapper: Builds the view state; the model keeps it alive.
  ///   - sink: Where ``send(_:)`` delivers wishes, usually `.wishes(of: feature)`.
  public init(_ mapper: UIStateMapper<ViewState>, send sink: BindingSink<Wish>) {
    self.mapper = mapper
    self.sink = sink
    self.state = mapper.viewState
    let relay = MainActorRelay<ViewState>(keepsLatestOnly: true) { [weak self] viewState in
      self?.apply(viewState)
    }
    subscription = mapper.observe { relay.send($0) }
  }

  /// Creates a model of one feature's state mapped to a view state; wishes go to the feature.
  ///
  /// - Parameters:
  ///   - feature: The feature to follow.
  ///   - map: Builds the view state from the feature's state.
  public convenience init<Definition: FeatureDefinition>(
    _ feature: Feature<Definition>,
    map: @escaping @Sendable (Definition.State) -> ViewState
  ) where Definition.Wish == Wish {
    self.init(UIStateMapper(feature, map: map), send: .wishes(of: feature))
  }

  /// Sends a wish.
  ///
  /// - Parameter wish: What the user wants.
  public func send(_ wish: Wish) {
    sink(wish)
  }

  private func apply(_ viewState: ViewState) {
    if state != viewState { state = viewState }
  }
}
