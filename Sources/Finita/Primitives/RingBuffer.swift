/// A first-in, first-out queue over a circular buffer that keeps its capacity once grown, so a
/// busy feature's queue stops allocating after warm-up.
@usableFromInline
package struct RingBuffer<Element> {
  @usableFromInline var slots: [Element?] = []
  @usableFromInline var head = 0
  @usableFromInline package private(set) var count = 0

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { count == 0 }

  @inlinable
  package mutating func append(_ element: Element) {
    if count == slots.count { grow() }
    slots[(head + count) & (slots.count - 1)] = element
    count += 1
  }

  @inlinable
  package mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = slots[head]
    slots[head] = nil
    head = (head + 1) & (slots.count - 1)
    count -= 1
    return element
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = Swift.max(8, slots.count * 2)  // always a power of two
    var newSlots = [Element?](repeating: nil, count: newCapacity)
    for offset in 0..<count {
      newSlots[offset] = slots[(head + offset) & (slots.count - 1)]
    }
    slots = newSlots
    head = 0
  }
}
