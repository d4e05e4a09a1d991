/// The "whoever finds it idle drains" discipline, as a value: items are queued, and exactly one
/// caller at a time takes them out and handles them, outside any lock.
///
/// The owner keeps it inside a ``LockedValue`` and follows two steps:
///
/// ```swift
/// if box.withLock({ $0.enqueue(item) }) {  // true: nobody was draining, so this caller drains
///   while let next = box.withLock({ $0.next() }) { handle(next) }
/// }
/// ```
///
/// An item enqueued while another is handled (from the handler itself or from another thread)
/// runs after it, on the draining thread: delivery is serialized and never recursive.
package struct DrainQueue<Item> {
  private var items = RingBuffer<Item>()
  /// Whether some caller is taking items out.
  package private(set) var isDraining = false

  /// Creates an empty queue.
  package init() {}

  /// Whether no item waits.
  package var isEmpty: Bool { items.isEmpty }

  /// Queues `item`.
  ///
  /// - Returns: `true` when nobody was draining: the caller now owns the queue and must call
  ///   ``next()`` until it returns `nil`.
  package mutating func enqueue(_ item: Item) -> Bool {
    items.append(item)
    return claim()
  }

  /// Queues `item` without claiming the queue: for owners that hold items back for a while
  /// (see ``claim()``).
  package mutating func append(_ item: Item) {
    items.append(item)
  }

  /// Makes the caller the drainer when nobody is draining and items wait.
  ///
  /// - Returns: `true` when the caller must now call ``next()`` until it returns `nil`.
  package mutating func claim() -> Bool {
    guard !isDraining, !items.isEmpty else { return false }
    isDraining = true
    return true
  }

  /// The next item for the drainer; `nil` when none is left, which also ends the drain.
  package mutating func next() -> Item? {
    if let item = items.popFirst() { return item }
    isDraining = false
    return nil
  }

  /// Ends the drain while items still wait, so that a later ``claim()`` resumes it.
  package mutating func pause() {
    isDraining = false
  }

  /// Drops every waiting item and returns them.
  package mutating func removeAll() -> [Item] {
    var removed: [Item] = []
    while let item = items.popFirst() { removed.append(item) }
    return removed
  }
}
