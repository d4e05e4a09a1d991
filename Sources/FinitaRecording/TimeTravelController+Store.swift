import Finita
import FinitaRedux

extension TimeTravelController {
  /// Creates a controller for a FinitaRedux `Store` over what `recorder` recorded of it; the
  /// store stays live until a step.
  ///
  /// ```swift
  /// let recorder = FeatureRecorder()
  /// let store = Store(initialState: 0, configuration: .init(interceptors: [recorder])) {
  ///   (count: inout Int, action: CounterAction) in ...
  /// }
  /// store.dispatch(.increment)
  /// let travel = TimeTravelController(store: store, recorder: recorder)!
  /// travel.stepBack()  // subscribers see the state before the last action
  /// ```
  ///
  /// Attach the recorder with the store's `configuration`. The frames are the store's state
  /// before the first recorded step, then its state after each action, undo, redo, jump or
  /// restore; while a frame is shown the store holds new actions (see `Store.travel(to:)`).
  ///
  /// - Parameters:
  ///   - store: The live store to move.
  ///   - recorder: The recorder attached to it.
  ///   - name: The store's `FeatureConfiguration.name`, to tell apart several stores of the
  ///     same types; `nil` takes the most recently seen store of these types.
  /// - Returns: `nil` when the recorder saw no such store.
  public convenience init?<Action>(
    store: Store<State, Action>, recorder: FeatureRecorder, named name: String? = nil
  ) {
    let recorded = recorder.stateFrames { info in
      Store<State, Action>.isBacked(by: info) && (name == nil || info.name == name)
    }
    guard let recorded else { return nil }
    let frames = recorded.compactMap { frame in
      (frame.state as? StoreHistory<State>).map { Frame(step: frame.step, state: $0.present) }
    }
    self.init(frames: frames, target: .store(store))
  }
}

extension TimeTravelController.Target {
  /// A FinitaRedux store as a target: `Store.travel(to:)`, `returnToLive()` and
  /// `continueFromTravelledState()`.
  ///
  /// - Parameter store: The store to move.
  /// - Returns: The target.
  public static func store<Action>(_ store: Store<State, Action>) -> Self {
    Self(
      show: { store.travel(to: $0) },
      returnToLive: { store.returnToLive() },
      continueFromShown: { store.continueFromTravelledState() })
  }
}
