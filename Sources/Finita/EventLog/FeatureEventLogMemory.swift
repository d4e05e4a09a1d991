/// The memory of the logs' slots (``FeatureEventLogStorage``): freed blocks are kept, up to a
/// limit, for the next log that grows, instead of going back to the system.
///
/// A log grows its slots by doubling as it fills, and a feature's logs end with the feature, so
/// an app that makes a feature per screen, or a test per case, asks again and again for blocks of
/// the same few sizes. The system's allocator hands blocks of this size back to the system when
/// they are freed and maps fresh pages for the next, and the first write to each fresh page
/// traps into the kernel: 1.6 µs a page on this project's Linux VM, as much as logging 50
/// wishes. A log growing to 5,000 stages touched about 83 fresh pages, which made its first
/// 1,000 wishes cost about 200 ns each instead of 33 (see the Performance article, "Fresh
/// logs"). The pages of a block taken from here were mapped for an earlier log.
///
/// Blocks of at least ``smallestKept`` bytes are rounded up to a power of two, so that logs of
/// different definitions share them; smaller ones, which the system's allocator keeps anyway,
/// come from it directly. At most ``limit`` bytes of freed blocks are kept; past it a freed block
/// goes back to the system.
@usableFromInline
package final class FeatureEventLogMemory: Sendable {
  /// The memory every log takes its slots from.
  @usableFromInline package static let shared = FeatureEventLogMemory(limit: 16 << 20)

  /// The smallest block kept for reuse: 16 KiB.
  package static let smallestKept = 1 << 14
  /// The alignment of every kept block; a block that must be aligned more is not kept.
  package static let alignment = 16

  /// The most bytes of freed blocks kept; ``shared`` keeps 16 MiB, the blocks of several logs
  /// of 10,000 stages.
  package let limit: Int

  /// The kept blocks, by size class (`log2` of the size), and their total size.
  private struct Kept {
    var blocks: [Int: [UnsafeMutableRawPointer]] = [:]
    var bytes = 0
  }

  /// Each block is handed out under the lock, to one taker.
  private let kept = LockedValue(Kept())

  /// Memory that keeps at most `limit` bytes of freed blocks.
  package init(limit: Int) {
    self.limit = limit
  }

  deinit {
    release()
  }

  /// A block of at least `byteCount` bytes aligned to `alignment`, to be given back with
  /// ``deallocate(_:byteCount:alignment:)`` and the same size and alignment.
  @usableFromInline
  package func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    guard let size = keptSize(byteCount: byteCount, alignment: alignment) else {
      return .allocate(byteCount: Swift.max(byteCount, 1), alignment: alignment)
    }
    let reused = kept.withLock { kept -> UnsafeMutableRawPointer? in
      guard let block = kept.blocks[size.trailingZeroBitCount]?.popLast() else { return nil }
      kept.bytes -= size
      return block
    }
    return reused ?? .allocate(byteCount: size, alignment: Self.alignment)
  }

  /// Gives back a block from ``allocate(byteCount:alignment:)``; the values in it must have
  /// been ended or moved.
  @usableFromInline
  package func deallocate(_ block: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) {
    guard let size = keptSize(byteCount: byteCount, alignment: alignment) else {
      block.deallocate()
      return
    }
    let isKept = kept.withLock { kept -> Bool in
      guard kept.bytes + size <= limit else { return false }
      kept.blocks[size.trailingZeroBitCount, default: []].append(block)
      kept.bytes += size
      return true
    }
    if !isKept { block.deallocate() }
  }

  /// The size of the kept block that holds `byteCount` bytes, or `nil` when such a block is
  /// not kept (too small, larger than the limit, or aligned more than kept blocks are).
  package func keptSize(byteCount: Int, alignment: Int) -> Int? {
    guard byteCount >= Self.smallestKept, byteCount <= limit, alignment <= Self.alignment else {
      return nil
    }
    return 1 << (Int.bitWidth - (byteCount - 1).leadingZeroBitCount)
  }

  /// The bytes of the blocks kept now.
  package var keptBytes: Int { kept.withLock { $0.bytes } }

  /// Gives every kept block back to the system.
  package func release() {
    let blocks = kept.withLock { kept in
      defer { kept = Kept() }
      return kept.blocks.values.flatMap { $0 }
    }
    for block in blocks { block.deallocate() }
  }
}

/// Places values of several types one after another in one raw allocation, each at its
/// alignment: how an event log keeps its records and rings in one `malloc`.
@usableFromInline
struct RawLayout {
  @usableFromInline var byteCount = 0
  @usableFromInline var alignment = 1

  @usableFromInline
  init() {}

  /// Reserves room for `count` values of `type`; returns their offset.
  @usableFromInline
  mutating func place<T>(_ type: T.Type, count: Int = 1) -> Int {
    let align = MemoryLayout<T>.alignment
    let offset = (byteCount + align - 1) / align * align
    byteCount = offset + MemoryLayout<T>.stride * count
    alignment = Swift.max(alignment, align)
    return offset
  }

  /// Allocates the memory; the first offset is its start, so freeing the pointer of the first
  /// value placed frees it all.
  @usableFromInline
  func allocate() -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: alignment)
  }
}

extension UnsafeMutableRawPointer {
  /// The memory at `offset`, bound to `count` values of `T`.
  @usableFromInline
  func at<T>(_ offset: Int, count: Int = 1) -> UnsafeMutablePointer<T> {
    (self + offset).bindMemory(to: T.self, capacity: count)
  }
}
