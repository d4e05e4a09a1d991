/// Observers in the order they subscribed, with additions and removals in amortized O(1).
///
/// A removal puts the `vacant` element (an observer that does nothing) in the observer's slot
/// instead of shifting the ones after it, so notifying stays a walk over one contiguous array
/// with no branch per slot; the slots are compacted once more than half of them are vacant,
/// which keeps that walk at most about twice the number of observers and makes the cost of
/// compaction constant per removal on average.
///
/// A subscription can be cancelled before its observer is added (the request to add it was
/// still queued behind the work in progress). Such an id is remembered, and the observer is
/// never added when its request comes, so it neither receives anything nor stays alive.
@usableFromInline
struct ObserverSlots<Element> {
  /// The observers in subscription order; `vacant` where one was removed.
  @usableFromInline var items: ContiguousArray<Element> = []
  /// The subscription id of each slot in `items`; `0`, which no subscription has, when vacant.
  @usableFromInline var ids: ContiguousArray<UInt64> = []
  /// Where each observer is in `items`.
  @usableFromInline var positions: [UInt64: Int] = [:]
  /// Subscriptions cancelled before their observer was added.
  @usableFromInline var cancelledBeforeAdding: Set<UInt64> = []
  /// What a removed observer's slot holds until the next compaction.
  @usableFromInline let vacant: Element

  /// Creates an empty set of slots.
  ///
  /// - Parameter vacant: What an emptied slot holds; calling it must do nothing.
  @usableFromInline
  init(vacant: Element) {
    self.vacant = vacant
  }

  /// How many observers there are.
  @inlinable var count: Int { positions.count }

  /// Whether there are no observers.
  @inlinable var isEmpty: Bool { positions.isEmpty }

  /// How many cancelled subscriptions still wait for their observer's request.
  @inlinable var cancelledBeforeAddingCount: Int { cancelledBeforeAdding.count }

  /// The observers, in subscription order, without the vacant slots.
  @inlinable var elements: [Element] {
    var elements: [Element] = []
    elements.reserveCapacity(positions.count)
    for index in ids.indices where ids[index] != 0 { elements.append(items[index]) }
    return elements
  }

  /// Adds `element` as the observer of subscription `id`, unless that subscription was already
  /// cancelled.
  ///
  /// - Returns: `false` when the subscription was cancelled before; nothing was added.
  @inlinable @discardableResult
  mutating func add(_ element: Element, id: UInt64) -> Bool {
    if !cancelledBeforeAdding.isEmpty, cancelledBeforeAdding.remove(id) != nil {
      return false
    }
    positions[id] = items.count
    items.append(element)
    ids.append(id)
    return true
  }

  /// Removes the observer of subscription `id`.
  ///
  /// - Returns: The removed observer, so the caller can release it where it chooses (outside a
  ///   lock); `nil` when there is no such observer.
  @inlinable
  mutating func remove(id: UInt64) -> Element? {
    guard let position = positions.removeValue(forKey: id) else { return nil }
    var removed = vacant
    swap(&removed, &items[position])
    ids[position] = 0
    if positions.isEmpty {
      items.removeAll(keepingCapacity: items.count <= 64)
      ids.removeAll(keepingCapacity: ids.count <= 64)
    } else if items.count > 32, positions.count * 2 < items.count {
      compact()
    }
    return removed
  }

  /// Remembers that subscription `id` was cancelled before its observer was added, so that
  /// ``add(_:id:)`` refuses it.
  @inlinable
  mutating func cancelBeforeAdding(id: UInt64) {
    cancelledBeforeAdding.insert(id)
  }

  /// Removes every observer and forgets cancelled subscriptions.
  ///
  /// - Returns: The observers, in subscription order.
  @inlinable
  mutating func removeAll() -> [Element] {
    defer { self = Self(vacant: vacant) }
    return elements
  }

  /// Moves the observers to the front, in order, and drops the vacant slots.
  @inlinable
  mutating func compact() {
    var kept = 0
    for index in ids.indices where ids[index] != 0 {
      if kept != index {
        items.swapAt(kept, index)
        ids[kept] = ids[index]
        positions[ids[kept]] = kept
      }
      kept += 1
    }
    items.removeSubrange(kept...)
    ids.removeSubrange(kept...)
  }
}
