import CFinitaAtomics

/// What times the stages of a delivery's logs (``FeatureInterceptorDelivery``), and how their
/// readings become durations.
///
/// On the continuous clock a log reads ticks of the cheapest monotonic counter the system
/// trusts (`finita_clock_ticks`): on Linux on x86-64 with the `tsc` clock source, the
/// processor's time-stamp counter, a few nanoseconds where `clock_gettime` can cost tens in a
/// virtual machine; elsewhere the system's clock in nanoseconds. Ticks become nanoseconds when
/// a log is read, at the rate measured between the clock's start and the read on both clocks,
/// so a stage's time is off by at most about the time one pair of readings takes (tens of
/// nanoseconds), however long the log has run.
@usableFromInline
struct FeatureLogClock: Sendable {
  /// Whether the ticks are the time-stamp counter's; otherwise they are nanoseconds.
  @usableFromInline let counter: Bool
  /// The ticks when the clock started.
  @usableFromInline let startTicks: Int64
  /// The system clock's nanoseconds when the clock started.
  @usableFromInline let startNanoseconds: Int64
  /// For another clock than the continuous one, the time since its start.
  @usableFromInline let elapsed: (@Sendable () -> Duration)?

  /// The continuous clock, from now.
  @usableFromInline
  static func continuous() -> FeatureLogClock {
    let counter = finita_clock_ticks_are_counter()
    let (ticks, nanoseconds) = reading(counter: counter)
    return FeatureLogClock(
      counter: counter, startTicks: ticks, startNanoseconds: nanoseconds, elapsed: nil)
  }

  /// Another clock, read through `elapsed`: its ticks are nanoseconds.
  @usableFromInline
  static func custom(_ elapsed: @escaping @Sendable () -> Duration) -> FeatureLogClock {
    FeatureLogClock(counter: false, startTicks: 0, startNanoseconds: 0, elapsed: elapsed)
  }

  /// The ticks since the start. A log's writer reads the continuous clock's itself, from its
  /// own copy of the counter flag and the start; it calls this for another clock, once per input.
  @inlinable @inline(__always)
  func ticks() -> Int64 {
    guard let elapsed else { return finita_clock_ticks(counter) &- startTicks }
    let (seconds, attoseconds) = elapsed().components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }

  /// The rate at which ticks read until now become nanoseconds.
  func scale() -> Scale {
    guard counter else { return Scale(nanosecondsPerTick: nil) }
    let (ticks, nanoseconds) = Self.reading(counter: true)
    let tickSpan = ticks &- startTicks
    guard tickSpan > 0 else { return Scale(nanosecondsPerTick: 0) }
    return Scale(nanosecondsPerTick: Double(nanoseconds &- startNanoseconds) / Double(tickSpan))
  }

  /// Ticks and nanoseconds read at (nearly) the same time: the ticks are the middle of two
  /// readings around the nanoseconds'.
  static func reading(counter: Bool) -> (ticks: Int64, nanoseconds: Int64) {
    let before = finita_clock_ticks(counter)
    let nanoseconds = finita_monotonic_nanoseconds()
    let after = finita_clock_ticks(counter)
    return (before &+ (after &- before) / 2, nanoseconds)
  }

  /// How ticks become nanoseconds, fixed for one read of a log.
  struct Scale {
    /// `nil` when the ticks are nanoseconds.
    let nanosecondsPerTick: Double?

    /// The nanoseconds of `ticks` since the clock's start.
    func nanoseconds(_ ticks: Int64) -> Int64 {
      guard let nanosecondsPerTick else { return ticks }
      return Int64((Double(ticks) * nanosecondsPerTick).rounded())
    }
  }
}
