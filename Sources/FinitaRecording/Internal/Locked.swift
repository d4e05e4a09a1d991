import Finita

/// A value behind the engine's one lock box.
typealias Locked<Value> = LockedValue<Value>

/// A fixed-capacity ring: appending to a full ring replaces the oldest element and returns it.
struct Ring<Element> {
  private var storage: [Element] = []
  private var head = 0
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  var count: Int { storage.count }

  mutating func append(_ element: Element) -> Element? {
    if storage.count < capacity {
      storage.append(element)
      return nil
    }
    let oldest = storage[head]
    storage[head] = element
    head = head + 1 == capacity ? 0 : head + 1
    return oldest
  }

  var elements: [Element] {
    Array(storage[head...]) + Array(storage[..<head])
  }
}
