import Finita

/// Opens a resume the first way of seed 001: one wish, two effects.
///
/// The seed: "We send the corresponding Wish to the state machine, and the Actor must request the
/// data. But before the request we send an additional Effect, that loading has started. The
/// Reducer changes the state to loading, and when the request completes, the Actor sends the
/// second Effect, the data is loaded." So ``ResumeWish/open(resumeID:)`` gives
/// ``ResumeEffect/loadingDidStart(resumeID:)`` at once and ``ResumeEffect/didLoad(_:)`` (or
/// ``ResumeEffect/didFail(resumeID:_:)``) when the source answers: two changes of state from one
/// wish.
///
/// ``ResumeOpenerViaPostProcessor`` gets the same states the second way; the tests run both
/// through the same scenarios.
///
/// ```swift
/// let resume = Feature(initialState: ResumeState.closed, definition: ResumeOpener(source: api))
/// resume.accept(.open(resumeID: 7))  // loading(#7), then loaded(#7 iOS developer)
/// ```
public struct ResumeOpener: FeatureDefinition {
  /// The screen's requests.
  public typealias Wish = ResumeWish
  /// What the Actor did.
  public typealias Effect = ResumeEffect
  /// The resume on screen.
  public typealias State = ResumeState

  /// Where resumes come from.
  public let source: any ResumeSource

  /// Creates the definition.
  ///
  /// - Parameter source: Where resumes come from.
  public init(source: any ResumeSource) {
    self.source = source
  }

  /// Opening: the "did start" effect, then the request; a new open or a close cancels the
  /// request in flight.
  ///
  /// - Parameters:
  ///   - state: The resume on screen.
  ///   - action: The screen's request.
  /// - Returns: The effects of the request.
  public func act(_ state: ResumeState, _ action: ResumeWish) -> Effects<ResumeEffect> {
    switch action {
    case .open(let id):
      if state == .loading(resumeID: id) { return .none }
      return .concatenate(
        .just(.loadingDidStart(resumeID: id)),
        load(id, from: source)
      )
    case .close:
      return .merge(.cancel(id: ResumeLoading()), .just(.didClose))
    }
  }

  /// Applies the effect with the Reducer both resume features share.
  ///
  /// - Parameters:
  ///   - state: The resume on screen.
  ///   - effect: What the Actor did.
  public func reduce(_ state: inout ResumeState, _ effect: ResumeEffect) {
    state.apply(effect)
  }
}

/// The identifier of the resume request in flight, so a new request or a close cancels it.
struct ResumeLoading: Hashable, Sendable {}

/// The request both resume features make: the resume or the error, as an effect.
///
/// - Parameters:
///   - id: The resume's identifier.
///   - source: Where resumes come from.
/// - Returns: The asynchronous effect, cancellable by ``ResumeLoading``.
func load(_ id: Int, from source: any ResumeSource) -> Effects<ResumeEffect> {
  Effects<ResumeEffect>.run(name: "loading resume \(id)") { send in
    send(.didLoad(try await source.resume(id: id)))
  } catch: { error, send in
    let resumeError = error as? ResumeError ?? ResumeError(message: "\(error)")
    send(.didFail(resumeID: id, resumeError))
  }
  .cancellable(id: ResumeLoading(), cancelInFlight: true)
}
