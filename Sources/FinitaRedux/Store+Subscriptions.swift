import Finita

extension Store {
  /// Calls `observer` with the current state, then with every state that differs from the last
  /// one delivered (for a state that is not `Equatable`: with every state).
  ///
  /// The observer runs on the store's processing thread, one call at a time, after each action
  /// is reduced. It may read ``state`` and dispatch; dispatches are queued.
  ///
  /// - Parameter observer: Receives each state.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> Subscription {
    // Observed directly, with no selection closure in between: inlined, this delivery is
    // specialized in the client and calls `observer` with the state and nothing else.
    feature.observeState { history in observer(history.present) }
  }

  /// Calls `observer` with a selected part of the state, first the current one, then every new
  /// value (for a selection that is not `Equatable`: after every action).
  ///
  /// ```swift
  /// let token = store.subscribe(\.result) { result in label.text = "\(result)" }
  /// ```
  ///
  /// - Parameters:
  ///   - select: Picks the part to observe: a key path or a closure.
  ///   - observer: Receives each value.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    subscribe(select, removingDuplicates: nil, observer)
  }

  /// Calls `observer` with a selected part of the state, first the current one, then each value
  /// that `isDuplicate` does not consider the same as the last one delivered.
  ///
  /// - Parameters:
  ///   - select: Picks the part to observe: a key path or a closure.
  ///   - isDuplicate: Returns `true` when the new value (second) need not be delivered after the
  ///     last one (first); `nil` delivers every value.
  ///   - observer: Receives each value.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    removingDuplicates isDuplicate: (@Sendable (Value, Value) -> Bool)?,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    guard let isDuplicate else {
      return feature.observeState { history in observer(select(history.present)) }
    }
    let last = LastDelivered<Value>()
    return feature.observeState { history in
      let value = select(history.present)
      if let previous = last.value.pointee, isDuplicate(previous, value) { return }
      last.value.pointee = value
      observer(value)
    }
  }

  /// Calls `observer` with a selected part of the state, first the current one, then each value
  /// that differs from the last one delivered.
  ///
  /// - Parameters:
  ///   - select: Picks the part to observe: a key path or a closure.
  ///   - observer: Receives each new value.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    subscribe(select, removingDuplicates: { $0 == $1 }, observer)
  }

  /// Every value of a selected part of the state, starting with the current one (for a
  /// selection that is not `Equatable`: one value per action).
  ///
  /// The sequence finishes when the store is disposed.
  ///
  /// - Parameter select: Picks the part to observe: a key path or a closure.
  /// - Returns: An asynchronous sequence of values; each iteration starts its own subscription.
  public func values<Value: Sendable>(
    of select: @escaping @Sendable (State) -> Value
  ) -> StoreValues<State, Value> {
    StoreValues(feature: feature, select: select, isDuplicate: nil)
  }

  /// Every distinct value of a selected part of the state, starting with the current one.
  ///
  /// ```swift
  /// for await result in store.values(of: \.result) { print(result) }
  /// ```
  ///
  /// The sequence finishes when the store is disposed.
  ///
  /// - Parameter select: Picks the part to observe: a key path or a closure.
  /// - Returns: An asynchronous sequence of values; each iteration starts its own subscription.
  public func values<Value: Equatable & Sendable>(
    of select: @escaping @Sendable (State) -> Value
  ) -> StoreValues<State, Value> {
    StoreValues(feature: feature, select: select, isDuplicate: { $0 == $1 })
  }

  /// Every state, starting with the current one (one per action for a state that is not
  /// `Equatable`; only changes for an `Equatable` one).
  ///
  /// The sequence finishes when the store is disposed.
  public var states: StoreValues<State, State> {
    StoreValues(feature: feature, select: { $0 }, isDuplicate: nil)
  }
}

extension Store where State: Equatable {
  /// Calls `observer` with the current state, then with every state that differs from the last
  /// one delivered.
  ///
  /// - Parameter observer: Receives each new state.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> Subscription {
    let last = LastDelivered<State>()
    return feature.observeState { history in
      if let previous = last.value.pointee, previous == history.present { return }
      last.value.pointee = history.present
      observer(history.present)
    }
  }

  /// Every distinct state, starting with the current one.
  ///
  /// The sequence finishes when the store is disposed.
  public var states: StoreValues<State, State> {
    StoreValues(feature: feature, select: { $0 }, isDuplicate: { $0 == $1 })
  }
}
