#if Logging
  import Finita
  import Logging

  extension LoggingInterceptor {
    /// The log level of each stage; a stage without a level is not logged.
    ///
    /// ```swift
    /// var levels = LoggingInterceptor.Levels.standard
    /// levels[.state] = .debug  // show state diffs at debug
    /// levels[.actionHandled] = nil  // never log this stage
    /// ```
    public struct Levels: Sendable {
      /// The level of each stage, at the stage's ``FeatureStage/position``: read at every
      /// event, so an array rather than a dictionary that hashes the stage.
      private var levels: [Logger.Level?]

      /// Creates levels from a table; stages missing from it are not logged.
      ///
      /// - Parameter levels: The level of each stage.
      public init(_ levels: [FeatureStage: Logger.Level]) {
        self.levels = FeatureStage.allStages.map { levels[$0] }
      }

      /// The default: `trace` for states and handled actions, `debug` for wishes, actions,
      /// effects and work, `info` for news and the feature's life (created, started, disposed),
      /// `error` for failed work.
      public static let standard = Levels([
        .created: .info, .started: .info, .disposed: .info,
        .wish: .debug, .bootstrapAction: .debug, .action: .debug, .effect: .debug,
        .postProcessedAction: .debug,
        .state: .trace, .actionHandled: .trace,
        .news: .info,
        .workStarted: .debug, .workFinished: .debug, .workCancelled: .debug,
        .workFailed: .error,
      ])

      /// Every stage at the same level.
      ///
      /// - Parameter level: The level.
      /// - Returns: The levels.
      public static func all(_ level: Logger.Level) -> Levels {
        Levels(Dictionary(uniqueKeysWithValues: FeatureStage.allStages.map { ($0, level) }))
      }

      /// The level of a stage, or `nil` when it is not logged.
      ///
      /// - Parameter stage: The stage.
      public subscript(stage: FeatureStage) -> Logger.Level? {
        get { levels[stage.position] }
        set { levels[stage.position] = newValue }
      }
    }
  }
#endif  // Logging
