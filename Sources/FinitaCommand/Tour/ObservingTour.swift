import Finita

#if Logging
  import FinitaLogging
  import Logging
#endif

/// Seeing what a feature does: an interceptor compiled into the feature's type, in every build;
/// and, with the `Logging` trait, every stage of a named feature logged with swift-log.
enum ObservingTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Observing, compiled in: an interceptor in the feature's type")
    let stages = StageTally()
    let tallied = Feature(
      initialState: Counter.State(),
      definition: Counter(goal: 2, clock: ContinuousClock()).intercepted(by: stages)
    )
    tallied.accept(.increment)
    tallied.accept(.increment)
    tallied.dispose()
    let counts = stages.counts
    let tally = FeatureStage.allStages.compactMap { stage in
      counts[stage].map { "\(stage) \($0)" }
    }
    output.note(tally.joined(separator: ", "))
    output.note(
      "(Counter().intercepted(by:) calls the interceptor in code specialized for both: "
        + "one that does nothing costs nothing)")
  }

  #if Logging
    static func logging(_ output: inout TourOutput) async {
      output.section("Observing: every stage of a named feature in the log, with swift-log")
      let logger = Logger(label: "tour") { _ in TourLogHandler() }
      let token = LoggingInterceptor.install(logger: logger)
      let counter = Feature(
        initialState: Counter.State(),
        definition: Counter(goal: 2, clock: ContinuousClock()),
        configuration: .init(name: "counter")
      )
      counter.accept(.increment)
      counter.accept(.increment)
      counter.dispose()
      token.uninstall()
      output.note(
        "(LoggingInterceptor.install(logger:) logs every named feature created after it)")
    }
  #endif
}

/// Counts each stage of the features it is compiled into.
private struct StageTally: FeatureInterceptor {
  private let tally = LockedValue<[FeatureStage: Int]>([:])

  /// The count of each stage so far.
  var counts: [FeatureStage: Int] { tally.withLock { $0 } }

  func intercept<Definition: FeatureDefinition>(_ event: FeatureEvent<Definition>) {
    let stage = event.stage
    tally.withLock { $0[stage, default: 0] += 1 }
  }
}

#if Logging
  /// Prints log entries as the tour's lines: level, feature, message.
  private struct TourLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let level = "\(event.level)".padding(toLength: 7)
      let feature = event.metadata?["feature"].map { "\($0)" } ?? "-"
      print("   \(level) \(feature): \(event.message)")
    }
  }

  extension String {
    fileprivate func padding(toLength length: Int) -> String {
      count >= length ? self : self + String(repeating: " ", count: length - count)
    }
  }
#endif  // Logging
