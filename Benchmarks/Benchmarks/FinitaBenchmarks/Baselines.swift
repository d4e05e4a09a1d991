import Foundation
import OpenCombine

/// The practical floor for a thread-safe store: a `switch` reducer behind `NSLock`, with one
/// observer closure called after the lock is released.
final class LockedCounter: @unchecked Sendable {
  // Safe to send: `counter` is only touched while `lock` is held.
  private let lock = NSLock()
  private var counter = PlainCounter()
  private let observer: @Sendable (Int) -> Void

  init(observer: @escaping @Sendable (Int) -> Void) {
    self.observer = observer
  }

  func accept(_ wish: Counter.Wish) {
    lock.lock()
    counter.reduce(wish)
    let count = counter.count
    lock.unlock()
    observer(count)
  }
}

/// What hh.ru's Combine-based feature does, on OpenCombine: wishes go into a subject, the actor
/// returns a publisher of effects, a scan reduces them, and the state is held in a
/// current-value subject that observers subscribe to.
final class CombineCounter {
  let wishes = PassthroughSubject<Counter.Wish, Never>()
  let state = CurrentValueSubject<Int, Never>(0)
  private var cancellables: [AnyCancellable] = []

  init(observer: @escaping (Int) -> Void) {
    let state = self.state
    wishes
      .flatMap { _ in Just(1) }
      .scan(0) { count, step in count &+ step }
      .sink { state.send($0) }
      .store(in: &cancellables)
    state.sink(receiveValue: observer).store(in: &cancellables)
  }
}

/// An integer behind a lock: the round-trip baseline's stand-in for a feature's state.
final class LockedInteger: @unchecked Sendable {
  // Safe to send: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value = 0

  /// Adds one and returns the new value.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
