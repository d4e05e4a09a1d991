import Finita

/// The values of a selected part of a store's state, over time, as an asynchronous sequence.
///
/// Made by ``Store/values(of:)-8b777`` and ``Store/states-5befu``. Each iteration
/// subscribes on its own and starts with the current value; duplicates are skipped for
/// `Equatable` values. The sequence finishes when the store is disposed. Values are buffered
/// without limit while the consumer is busy.
public struct StoreValues<State: Sendable, Value: Sendable>: AsyncSequence, Sendable {
  /// The selected value.
  public typealias Element = Value
  /// The sequence never throws.
  public typealias Failure = Never

  private let makeStates: @Sendable () -> AsyncStream<StoreHistory<State>>
  private let select: @Sendable (State) -> Value
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?

  init<Action>(
    feature: Feature<StoreDefinition<State, Action>>,
    select: @escaping @Sendable (State) -> Value,
    isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) {
    self.makeStates = { feature.states }
    self.select = select
    self.isDuplicate = isDuplicate
  }

  /// Starts a subscription to the store and returns its iterator.
  ///
  /// - Returns: An iterator whose first value is the current one.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: makeStates().makeAsyncIterator(), select: select, isDuplicate: isDuplicate)
  }

  /// Produces the values of one subscription.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<StoreHistory<State>>.Iterator
    let select: @Sendable (State) -> Value
    let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    var last: Value?

    init(
      base: AsyncStream<StoreHistory<State>>.Iterator,
      select: @escaping @Sendable (State) -> Value,
      isDuplicate: (@Sendable (Value, Value) -> Bool)?
    ) {
      self.base = base
      self.select = select
      self.isDuplicate = isDuplicate
    }

    /// The next value, or `nil` once the store is disposed.
    ///
    /// - Returns: The next value that is not a duplicate of the previous one.
    public mutating func next() async -> Value? {
      while let history = await base.next() {
        let value = select(history.present)
        if let last, let isDuplicate, isDuplicate(last, value) { continue }
        last = value
        return value
      }
      return nil
    }
  }
}
