import Finita

/// Opens a resume the second way of seed 001: the state changes first, and the PostProcessor
/// asks for the real load.
///
/// The seed: "the same logic can be done without sending two Effects from one Wish. First we
/// change the state to 'loading has started', then hand it to the PostProcessor and create a new
/// Wish. And it is on that Wish that the real loading of data from the server starts." So
/// ``ResumeWish/open(resumeID:)`` only gives ``ResumeEffect/loadingDidStart(resumeID:)``; the
/// PostProcessor sees the loading state and queues ``Action/fetch(resumeID:)``, an internal
/// action the screen cannot send, whose Actor makes the request.
///
/// The states are the same as ``ResumeOpener``'s; the trace shows one more action. Each way has
/// its use: two effects keep the whole request in one place, the PostProcessor lets anything that
/// puts the state into loading (a retry, a deep link, a restored session) start the request
/// without repeating it.
public struct ResumeOpenerViaPostProcessor: FeatureDefinition {
  /// The screen's requests.
  public typealias Wish = ResumeWish
  /// What the Actor did.
  public typealias Effect = ResumeEffect
  /// The resume on screen.
  public typealias State = ResumeState

  /// What the Actor handles: the screen's wishes and the PostProcessor's request.
  public enum Action: Equatable, Sendable, CustomStringConvertible {
    /// A wish of the screen.
    case wish(ResumeWish)
    /// The PostProcessor's request: load the resume now.
    case fetch(resumeID: Int)

    /// The wish as it was sent, such as `open(resumeID: 7)`, or `fetch(resumeID: 7)`.
    public var description: String {
      switch self {
      case .wish(let wish): "\(wish)"
      case .fetch(let id): "fetch(resumeID: \(id))"
      }
    }
  }

  /// Where resumes come from.
  public let source: any ResumeSource

  /// Creates the definition.
  ///
  /// - Parameter source: Where resumes come from.
  public init(source: any ResumeSource) {
    self.source = source
  }

  /// Wraps the screen's wish.
  ///
  /// - Parameter wish: The screen's request.
  /// - Returns: The action.
  public func wishToAction(_ wish: ResumeWish) -> Action {
    .wish(wish)
  }

  /// Opening only changes the state; the request comes with ``Action/fetch(resumeID:)``.
  ///
  /// - Parameters:
  ///   - state: The resume on screen.
  ///   - action: The wish, or the PostProcessor's request.
  /// - Returns: The effects of the action.
  public func act(_ state: ResumeState, _ action: Action) -> Effects<ResumeEffect> {
    switch action {
    case .wish(.open(let id)):
      if state == .loading(resumeID: id) { return .none }
      // A new resume cancels the request for the old one at once, as the other way does.
      return .merge(.cancel(id: ResumeLoading()), .just(.loadingDidStart(resumeID: id)))
    case .wish(.close):
      return .merge(.cancel(id: ResumeLoading()), .just(.didClose))
    case .fetch(let id):
      guard state == .loading(resumeID: id) else { return .none }
      return load(id, from: source)
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

  /// Asks for the real load once the state says loading.
  ///
  /// - Parameters:
  ///   - action: The action that produced the effect.
  ///   - effect: The effect just reduced.
  ///   - state: The state after it.
  /// - Returns: ``Action/fetch(resumeID:)`` after ``ResumeEffect/loadingDidStart(resumeID:)``.
  public func postProcess(_ action: Action, _ effect: ResumeEffect, _ state: ResumeState)
    -> Action?
  {
    guard case .loadingDidStart(let id) = effect else { return nil }
    return .fetch(resumeID: id)
  }
}
