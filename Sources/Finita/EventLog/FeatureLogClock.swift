/// What times the stages of a delivery's logs (``FeatureInterceptorDelivery``): the time since
/// the delivery was made, to the nanosecond.
@usableFromInline
struct FeatureLogClock: Sendable {
  /// The time since the clock's start.
  @usableFromInline let elapsed: @Sendable () -> Duration

  /// The continuous clock, from now.
  @usableFromInline
  static func continuous() -> FeatureLogClock {
    let clock = ContinuousClock()
    let start = clock.now
    return FeatureLogClock { start.duration(to: clock.now) }
  }

  /// Another clock, read through `elapsed`.
  @usableFromInline
  static func custom(_ elapsed: @escaping @Sendable () -> Duration) -> FeatureLogClock {
    FeatureLogClock(elapsed: elapsed)
  }

  /// The nanoseconds since the start.
  @usableFromInline
  func ticks() -> Int64 {
    let (seconds, attoseconds) = elapsed().components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }

  /// How ticks become nanoseconds: they are nanoseconds.
  func scale() -> Scale {
    Scale()
  }

  /// How ticks become nanoseconds, fixed for one read of a log.
  struct Scale {
    /// The nanoseconds of `ticks` since the clock's start.
    func nanoseconds(_ ticks: Int64) -> Int64 {
      ticks
    }
  }
}
