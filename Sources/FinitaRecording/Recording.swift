import Finita

/// One recorded stage of a feature: its number, its stage, when it happened and its values.
///
/// Which values are set depends on the stage, as for `FeatureEvent`: `wish` for a wish,
/// `action` for the action stages (and, for an effect or work, the action behind it), `effect`
/// for an effect and for the state it produced, `state` for a new state (and the initial state of
/// `created`), `news` for news, `work` for the work stages, `error` (the error's description)
/// for failed work.
public struct RecordedStep<Definition: FeatureDefinition>: Sendable {
  /// The step's number in the feature's life, from 0 for `created`; numbers keep counting when
  /// the ring drops old steps, so they are the same in the app and in a saved file.
  public var number: Int
  /// The stage.
  public var stage: FeatureStage
  /// The time since the recorder started, on its clock.
  public var time: Duration
  /// The wish, for `wish`.
  public var wish: Definition.Wish?
  /// The action of the stage, or the action behind an effect or work.
  public var action: Definition.Action?
  /// The effect, for `effect` and `state`.
  public var effect: Definition.Effect?
  /// The new state, for `state`; the initial state, for `created`.
  public var state: Definition.State?
  /// The news, for `news`.
  public var news: Definition.News?
  /// The work, for the work stages.
  public var work: WorkInfo?
  /// The description of the error, for `workFailed`.
  public var error: String?

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - number: The step's number in the feature's life.
  ///   - stage: The stage.
  ///   - time: The time since recording started.
  ///   - wish: The wish, for `wish`.
  ///   - action: The action of the stage or behind it.
  ///   - effect: The effect, for `effect` and `state`.
  ///   - state: The new state, for `state` and `created`.
  ///   - news: The news, for `news`.
  ///   - work: The work, for the work stages.
  ///   - error: The error's description, for `workFailed`.
  public init(
    number: Int, stage: FeatureStage, time: Duration, wish: Definition.Wish? = nil,
    action: Definition.Action? = nil, effect: Definition.Effect? = nil,
    state: Definition.State? = nil, news: Definition.News? = nil, work: WorkInfo? = nil,
    error: String? = nil
  ) {
    self.number = number
    self.stage = stage
    self.time = time
    self.wish = wish
    self.action = action
    self.effect = effect
    self.state = state
    self.news = news
    self.work = work
    self.error = error
  }

  init(number: Int, time: Duration, event: FeatureEvent<Definition>) {
    let stage = event.stage
    self.init(
      number: number, stage: stage, time: time, wish: event.wish, action: event.action,
      effect: event.effect, state: event.state, news: event.news, work: event.work,
      error: event.error.map { String(describing: $0) })
  }
}

/// What a recording is of: its format version, the feature and the state before its first step.
public struct RecordingHeader<State: Sendable>: Sendable {
  /// The version of the recording format this value was made with or read from.
  public var formatVersion: Int
  /// The feature's name (`FeatureConfiguration.name`), if it has one.
  public var featureName: String?
  /// The definition's type, as `String(reflecting:)` prints it.
  public var typeName: String
  /// The state before the first recorded step: the feature's initial state, or, when the ring
  /// dropped older steps, the state the dropped steps left.
  public var initialState: State
  /// How many older steps the ring dropped before the first recorded one.
  public var droppedSteps: Int

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - formatVersion: The format version; the current one by default.
  ///   - featureName: The feature's name.
  ///   - typeName: The definition's type name.
  ///   - initialState: The state before the first step.
  ///   - droppedSteps: How many older steps were dropped.
  public init(
    formatVersion: Int = recordingFormatVersion, featureName: String?, typeName: String,
    initialState: State, droppedSteps: Int = 0
  ) {
    self.formatVersion = formatVersion
    self.featureName = featureName
    self.typeName = typeName
    self.initialState = initialState
    self.droppedSteps = droppedSteps
  }
}

/// The version of the recording format that this module writes and reads.
public let recordingFormatVersion = 1

/// A recorded session of one feature: a header and the steps in processing order.
///
/// Get one from a ``FeatureRecorder``, save it with ``jsonLines()``, read it back with
/// ``init(jsonLines:)``, and replay it with ``replay(configuration:definition:)``.
///
/// The state at each step is available by index with ``state(after:)`` and, for all steps at
/// once, ``states``.
public struct Recording<Definition: FeatureDefinition>: Sendable {
  /// The format version, the feature and the state before the first step.
  public var header: RecordingHeader<Definition.State>
  /// The steps, oldest first, with increasing numbers.
  public var steps: [RecordedStep<Definition>]

  /// Creates a recording.
  ///
  /// - Parameters:
  ///   - header: The header.
  ///   - steps: The steps, oldest first.
  public init(header: RecordingHeader<Definition.State>, steps: [RecordedStep<Definition>]) {
    self.header = header
    self.steps = steps
  }

  /// The wishes, in the order the feature accepted them.
  public var wishes: [Definition.Wish] {
    steps.compactMap { $0.stage == .wish ? $0.wish : nil }
  }

  /// The feature's state after each step: `states[i]` is the state once `steps[i]` happened.
  public var states: [Definition.State] {
    var current = header.initialState
    var result: [Definition.State] = []
    result.reserveCapacity(steps.count)
    for step in steps {
      if step.stage == .state, let state = step.state { current = state }
      result.append(current)
    }
    return result
  }

  /// The feature's state once `steps[index]` happened; the header's initial state for `-1`.
  ///
  /// - Parameter index: An index into ``steps``, or `-1`.
  /// - Returns: The state at that point.
  public func state(after index: Int) -> Definition.State {
    precondition(index >= -1 && index < steps.count, "Step index \(index) is out of range")
    var position = index
    while position >= 0 {
      let step = steps[position]
      if step.stage == .state, let state = step.state { return state }
      position -= 1
    }
    return header.initialState
  }

  /// The indices of the steps where the state changed (the `state` stages).
  public var stateStepIndices: [Int] {
    steps.indices.filter { steps[$0].stage == .state }
  }
}

extension Recording {
  /// The same recording as one of the definition the recorder was compiled into
  /// (`Tracker().intercepted(by: recorder)` records a
  /// `Recording<InterceptedDefinition<Tracker, FeatureRecorder>>`): the same header and steps,
  /// for replaying into a feature of the plain definition. A saved recording's header already
  /// names the plain definition, so a file loads as `Recording<Tracker>` directly.
  ///
  /// ```swift
  /// let recorded = recorder.recording(
  ///   of: InterceptedDefinition<Tracker, FeatureRecorder>.self, named: "tracker")!
  /// let result = recorded.unwrapped().replay { clock in Tracker(clock: clock) }
  /// ```
  ///
  /// - Returns: The recording, of the wrapped definition.
  public func unwrapped<Base: FeatureDefinition, Interceptor: FeatureInterceptor>()
    -> Recording<Base>
  where Definition == InterceptedDefinition<Base, Interceptor> {
    Recording<Base>(
      header: header,
      steps: steps.map {
        RecordedStep<Base>(
          number: $0.number, stage: $0.stage, time: $0.time, wish: $0.wish, action: $0.action,
          effect: $0.effect, state: $0.state, news: $0.news, work: $0.work, error: $0.error)
      })
  }
}
