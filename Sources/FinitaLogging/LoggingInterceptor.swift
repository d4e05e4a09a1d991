#if Logging
  import Finita
  import Logging

  /// An interceptor that logs one line per stage of a feature with swift-log: structured metadata,
  /// a level per stage, state changes as a compact -/+ diff, and a redaction hook.
  ///
  /// ```swift
  /// import FinitaLogging
  ///
  /// LoggingSystem.bootstrap(StreamLogHandler.standardError)
  /// LoggingInterceptor.install(logger: Logger(label: "app"))
  /// ```
  ///
  /// Each entry carries this metadata, so a log backend can filter and group by it:
  ///
  /// | key | value |
  /// | --- | --- |
  /// | `feature` | the feature's name, or its type's name when it has none |
  /// | `feature.id` | the number that tells instances apart |
  /// | `stage` | `FeatureStage.name`: `wish`, `effect`, `state`… |
  /// | `action` | the action's case name, without its payload (`loaded` for `loaded(3)`) |
  /// | `work` | the asynchronous work's number, for the work stages |
  /// | `error` | what the work threw, for `workFailed` |
  ///
  /// A state change is logged as the fields that changed: `state -count: 1 +count: 2`; the same
  /// lines are in the `diff` metadata value. Messages and metadata are built only when the
  /// logger's level lets the entry through, so a disabled stage costs a level comparison.
  public struct LoggingInterceptor: FeatureInterceptor {
    /// The logger every entry goes to.
    public var logger: Logger
    /// The level of each stage.
    public var levels: Levels
    /// What happens to values before they reach the log.
    public var redaction: LogRedaction

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - logger: Where entries go. Its `logLevel` decides which stages are written.
    ///   - levels: The level of each stage; ``Levels/standard`` by default.
    ///   - redaction: Rewrites or hides fields; none by default.
    public init(
      logger: Logger = Logger(label: "Finita"),
      levels: Levels = .standard,
      redaction: LogRedaction = .identity
    ) {
      self.logger = logger
      self.levels = levels
      self.redaction = redaction
    }

    /// Logs the event, when its stage's level is enabled.
    ///
    /// - Parameter event: The event.
    public func intercept<Definition: FeatureDefinition>(
      _ event: FeatureEvent<Definition>
    ) {
      guard let level = levels[event.stage], logger.logLevel <= level else { return }
      log(event, at: level)
    }

    // A function of its own, so that an event whose level is off returns before any of the
    // generic metadata this needs is looked up (an optional of each of the definition's types).
    @inline(never)
    private func log<Definition: FeatureDefinition>(
      _ event: FeatureEvent<Definition>, at level: Logger.Level
    ) {
      let text = ValueText(redaction: redaction)
      var metadata: Logger.Metadata = [
        "feature": .string(event.feature.displayName),
        "feature.id": .stringConvertible(event.feature.id),
        "stage": .string(event.stage.name),
      ]
      if let action = event.action {
        metadata["action"] = .string(Self.caseName(of: action))
      }
      if let work = event.work {
        metadata["work"] = .stringConvertible(work.id)
      }
      if let error = event.error {
        metadata["error"] = .string(String(describing: error))
      }
      let message: String
      switch event.stage {
      case .state:
        let changes = ValueText.diff(
          text.fieldLines(event.previousState as Any), text.fieldLines(event.state as Any))
        metadata["diff"] = .array(changes.map { .string($0) })
        message = changes.isEmpty ? "state unchanged" : "state " + changes.joined(separator: " ")
      default:
        let values = describe(event, text)
        message = values.isEmpty ? event.stage.name : "\(event.stage.name) \(values)"
      }
      logger.log(level: level, "\(message)", metadata: metadata)
    }

    private func describe<Definition: FeatureDefinition>(
      _ event: FeatureEvent<Definition>,
      _ text: ValueText
    ) -> String {
      switch event.stage {
      case .created: event.state.map(text.line) ?? ""
      case .wish: event.wish.map(text.line) ?? ""
      case .bootstrapAction, .action, .postProcessedAction, .actionHandled:
        event.action.map(text.line) ?? ""
      case .effect:
        (event.effect.map(text.line) ?? "") + " from " + (event.action.map(Self.caseName) ?? "")
      case .news: event.news.map(text.line) ?? ""
      case .workStarted, .workFinished, .workCancelled, .workFailed:
        (event.work.map(\.description) ?? "")
          + (event.action.map { " for " + Self.caseName(of: $0) } ?? " for the bootstrapper")
          + (event.error.map { " threw \($0)" } ?? "")
      default: ""
      }
    }

    /// The case name of an enum value, without its payload or type: `loaded` for
    /// `loaded(items: [...])`. Other values give their description up to the first parenthesis.
    ///
    /// - Parameter value: An action, usually an enum.
    /// - Returns: The name.
    public static func caseName(of value: Any) -> String {
      let description = String(describing: value)
      let head = description.prefix { $0 != "(" }
      return String(head.split(separator: ".").last ?? head)
    }
  }

  extension LoggingInterceptor {
    /// Installs a logging interceptor for every feature created from now on that `filter`
    /// selects: by default the named ones (`FeatureConfiguration.name`), so that a feature logs
    /// only once you have given it a name.
    ///
    /// ```swift
    /// LoggingInterceptor.install(logger: Logger(label: "app"))
    /// ```
    ///
    /// - Parameters:
    ///   - logger: Where entries go.
    ///   - levels: The level of each stage.
    ///   - redaction: Rewrites or hides fields.
    ///   - filter: Which features; `.named` by default. Pass `.all` to log unnamed features too.
    /// - Returns: The token that uninstalls it.
    @discardableResult
    public static func install(
      logger: Logger = Logger(label: "Finita"),
      levels: Levels = .standard,
      redaction: LogRedaction = .identity,
      for filter: FeatureFilter = .named
    ) -> InstalledInterceptor {
      FeatureInterceptors.install(
        LoggingInterceptor(logger: logger, levels: levels, redaction: redaction),
        for: filter
      )
    }
  }
#endif  // Logging
