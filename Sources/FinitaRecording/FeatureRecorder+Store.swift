import Finita
import FinitaRedux

extension FeatureRecorder {
  /// The recording of a FinitaRedux store: its session (what it was asked, what changed its
  /// state, its state and undo history after each change), in types that save when the store's
  /// state and actions are `Codable`.
  ///
  /// ```swift
  /// let recording = recorder.recording(of: store)!
  /// try recording.jsonLines().write(to: url)
  /// // In a test:
  /// let replay = try Recording<StoreSession<Counter, CounterAction>>(jsonLines: data)
  ///   .replay { _ in StoreSession(reducer: counterReducer) }
  /// #expect(replay.divergence == nil)
  /// ```
  ///
  /// Attach the recorder with the store's `configuration`. Steps keep their numbers. What is
  /// not part of a session is left out: thunks and their work (the actions they dispatch are
  /// in), a middleware's delayed action until the Reducer runs it, and the action stages, so
  /// that each change is fed to the Reducer on its own when the recording is replayed.
  ///
  /// - Parameters:
  ///   - store: The store, to name its types.
  ///   - name: The store's `FeatureConfiguration.name`, to tell apart several stores of the
  ///     same types; `nil` takes the most recently seen store of these types.
  /// - Returns: `nil` when the recorder saw no such store.
  public func recording<State, Action>(
    of store: Store<State, Action>, named name: String? = nil
  ) -> Recording<StoreSession<State, Action>>? {
    guard let recorded = recording(of: StoreDefinition<State, Action>.self, named: name) else {
      return nil
    }
    typealias Session = StoreSession<State, Action>
    var steps: [RecordedStep<Session>] = []
    steps.reserveCapacity(recorded.steps.count)
    for step in recorded.steps {
      let change = step.effect.map(Session.Change.init)
      var converted = RecordedStep<Session>(
        number: step.number, stage: step.stage, time: step.time, state: step.state,
        error: step.error)
      switch step.stage {
      case .created, .started, .disposed:
        break
      case .wish:
        guard let input = step.wish.flatMap(Session.Input.init) else { continue }
        converted.wish = input
      case .effect:
        guard let effect = change else { continue }
        converted.effect = effect
        converted.action = effect.input
      case .state:
        converted.effect = change
      default:
        // Action stages, news and the work of thunks are not part of a session.
        continue
      }
      steps.append(converted)
    }
    return Recording(
      header: RecordingHeader(
        formatVersion: recorded.header.formatVersion, featureName: recorded.header.featureName,
        typeName: String(reflecting: Session.self), initialState: recorded.header.initialState,
        droppedSteps: recorded.header.droppedSteps),
      steps: steps)
  }
}
