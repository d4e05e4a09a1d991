/// A generator of values for exploration: wishes, their payloads, outside events.
///
/// Build one from the cases of a type and small generators for payloads; every generator draws
/// `UInt64` choices from an ``ExploreRandom``, so it replays exactly and shrinks on its own (a
/// smaller choice is a simpler value):
///
/// ```swift
/// let wishes: Gen<PaginationWish> = .one(of: [
///   Gen.bool.map { .load(isNextPage: $0) },
///   .constant(.refresh),
/// ])
/// let events: Gen<CallEvent> = .cases  // every case of a CaseIterable type
/// ```
public struct Gen<Value>: Sendable {
  private let draw: @Sendable (inout ExploreRandom) -> Value

  /// A generator that makes a value from the random source.
  ///
  /// - Parameter draw: Draws choices and turns them into a value; the same choices must give
  ///   the same value, and smaller choices simpler values.
  public init(_ draw: @escaping @Sendable (inout ExploreRandom) -> Value) {
    self.draw = draw
  }

  /// Makes one value.
  ///
  /// - Parameter random: Where the choices come from.
  /// - Returns: The value.
  public func generate(using random: inout ExploreRandom) -> Value {
    draw(&random)
  }

  /// A generator of the values of this one, transformed.
  ///
  /// - Parameter transform: Turns a value into the new one.
  /// - Returns: The new generator.
  public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
    Gen<Other> { random in transform(self.draw(&random)) }
  }

  /// A generator that chains a second generator chosen by the value of this one.
  ///
  /// - Parameter next: The generator to use for a value.
  /// - Returns: The new generator.
  public func flatMap<Other>(_ next: @escaping @Sendable (Value) -> Gen<Other>) -> Gen<Other> {
    Gen<Other> { random in next(self.draw(&random)).draw(&random) }
  }

  /// Always the same value.
  ///
  /// - Parameter value: The value.
  /// - Returns: The generator.
  public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
    Gen { _ in value }
  }

  /// One of the given values, the first being the simplest.
  ///
  /// - Parameter values: The values; at least one.
  /// - Returns: The generator.
  public static func element(of values: [Value]) -> Gen<Value> where Value: Sendable {
    precondition(!values.isEmpty, "Gen.element(of:) needs at least one value to choose from.")
    return Gen { random in values[random.next(below: values.count)] }
  }

  /// A value of one of the given generators, picked evenly, the first being the simplest.
  ///
  /// - Parameter generators: The generators; at least one.
  /// - Returns: The generator.
  public static func one(of generators: [Gen<Value>]) -> Gen<Value> {
    precondition(!generators.isEmpty, "Gen.one(of:) needs at least one generator.")
    return Gen { random in generators[random.next(below: generators.count)].draw(&random) }
  }

  /// A value of one of the given generators, picked in proportion to its weight, the first
  /// being the simplest.
  ///
  /// - Parameter weighted: Each generator with its weight (a weight of `0` or less never picks).
  /// - Returns: The generator.
  public static func frequency(_ weighted: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
    let total = weighted.reduce(0) { $0 + max($1.weight, 0) }
    precondition(total > 0, "Gen.frequency(_:) needs a generator with a positive weight.")
    let entries = weighted.filter { $0.weight > 0 }.map { ($0.weight, $0.generator) }
    return Gen { random in
      var pick = random.next(below: total)
      for (weight, generator) in entries {
        if pick < weight { return generator.draw(&random) }
        pick -= weight
      }
      preconditionFailure("Internal inconsistency: a pick beyond the total weight")
    }
  }
}

extension Gen where Value: CaseIterable & Sendable {
  /// Every case of the type, the first declared being the simplest.
  public static var cases: Gen<Value> { element(of: Array(Value.allCases)) }
}

extension Gen where Value == Int {
  /// An integer in `range`, its lower bound being the simplest.
  ///
  /// - Parameter range: The values allowed.
  /// - Returns: The generator.
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    let width = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound) &+ 1
    return Gen { random in
      let choice = random.next()
      let offset = width == 0 ? choice : choice % width
      return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }
  }
}

extension Gen where Value == Bool {
  /// `false` or `true`, `false` being the simplest.
  public static var bool: Gen<Bool> { Gen { random in random.next(below: 2) == 1 } }
}

extension Gen where Value == String {
  /// A string of up to `maxLength` characters from `alphabet`, the empty string being the
  /// simplest.
  ///
  /// - Parameters:
  ///   - alphabet: The characters to use; lowercase letters by default.
  ///   - maxLength: The longest string.
  /// - Returns: The generator.
  public static func string(
    of alphabet: String = "abcdefghijklmnopqrstuvwxyz", maxLength: Int = 8
  ) -> Gen<String> {
    let characters = Array(alphabet)
    return Gen { random in
      let length = random.next(below: max(maxLength, 0) + 1)
      guard !characters.isEmpty else { return "" }
      return String((0..<length).map { _ in characters[random.next(below: characters.count)] })
    }
  }
}

extension Gen {
  /// `nil` or a value of `wrapped`, `nil` being the simplest.
  ///
  /// - Parameter wrapped: The generator of present values.
  /// - Returns: The generator.
  public static func optional<Wrapped>(_ wrapped: Gen<Wrapped>) -> Gen<Wrapped?>
  where Value == Wrapped? {
    Gen { random in random.next(below: 2) == 0 ? nil : wrapped.generate(using: &random) }
  }
}
