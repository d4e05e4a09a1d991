/// The source of choices a ``Gen`` draws from: a seeded xoshiro256** generator while exploring,
/// or a list of earlier choices while replaying and shrinking.
///
/// Every value an ``Explorer`` generates is made from
/// `UInt64` choices drawn here, and the choices each step used are kept with the step. Replaying
/// the same choices makes the same inputs, so a sequence is rebuilt exactly from its seed; and
/// shrinking works on the choices (fewer, smaller), never on the values, so every generator
/// shrinks, whatever it maps its choices into. A choice of `0` is the simplest: the first
/// alternative of ``Gen/one(of:)``, the lower bound of ``Gen/int(in:)``.
public struct ExploreRandom: Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)
  private var replayed: [UInt64]?
  private var replayIndex = 0
  /// The choices drawn so far, in order.
  public private(set) var drawn: [UInt64] = []

  /// A generator seeded with `seed`: the same seed draws the same choices.
  ///
  /// - Parameter seed: Any value; SplitMix64 spreads it over the generator's 256 bits.
  public init(seed: UInt64) {
    var mixer = SplitMix64(seed: seed)
    state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    if state == (0, 0, 0, 0) { state.0 = 1 }
  }

  /// A source that replays `choices`, then draws `0` once they run out.
  ///
  /// - Parameter choices: The choices to replay, oldest first.
  public init(replaying choices: [UInt64]) {
    self.init(seed: 0)
    replayed = choices
  }

  /// The next choice.
  public mutating func next() -> UInt64 {
    let value: UInt64
    if let replayed {
      value = replayIndex < replayed.count ? replayed[replayIndex] : 0
      replayIndex += 1
    } else {
      value = nextRandom()
    }
    drawn.append(value)
    return value
  }

  /// A choice below `bound` (`0` when `bound` is `0` or less).
  ///
  /// - Parameter bound: One more than the largest choice.
  public mutating func next(below bound: Int) -> Int {
    guard bound > 0 else {
      _ = next()
      return 0
    }
    return Int(next() % UInt64(bound))
  }

  /// xoshiro256** (Blackman and Vigna, 2018).
  private mutating func nextRandom() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotate(state.3, 45)
    return result
  }

  private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}

/// SplitMix64: turns one seed into well-spread values; seeds xoshiro and derives each
/// sequence's seed from the exploration's.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// The seed of sequence `index` of an exploration seeded with `base`.
  static func sequenceSeed(base: UInt64, index: Int) -> UInt64 {
    var mixer = SplitMix64(seed: base &+ UInt64(truncatingIfNeeded: index) &* 0x2545_F491_4F6C_DD1D)
    return mixer.next()
  }
}
