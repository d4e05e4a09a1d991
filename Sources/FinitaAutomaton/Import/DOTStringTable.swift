/// Strings found by their UTF-8 bytes, each kept once: node names and label texts.
///
/// A lookup hashes the bytes where they lie (in the source, most often) and compares them with
/// the stored copies, so a name or label seen before costs no `String`, no allocation and no
/// Unicode validation; only a new one is made into a `String`.
internal struct DOTStringTable {
  /// The strings, in order of first lookup; a string's number is its index here.
  private(set) var strings: [String] = []
  /// The bytes of every string, one after the other.
  private var storage: [UInt8] = []
  /// Where each string's bytes lie in `storage`.
  private var spans: [Range<Int>] = []
  /// Open addressing: string numbers plus one, zero for an empty slot; a power of two long.
  private var slots: [Int32] = Array(repeating: 0, count: 64)
  private var hashes: [UInt32] = []

  /// The number of the string spelled by `bytes`, added if it is new.
  mutating func number(
    of bytes: UnsafeBufferPointer<UInt8>, makeString: (UnsafeBufferPointer<UInt8>) -> String
  ) -> (number: Int, isNew: Bool) {
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      let number = entry - 1
      if hashes[number] == hash && matches(number, bytes) {
        return (number, false)
      }
      slot = (slot + 1) & mask
    }
    let number = strings.count
    strings.append(makeString(bytes))
    let start = storage.count
    storage.append(contentsOf: bytes)
    spans.append(start..<storage.count)
    hashes.append(hash)
    slots[slot] = Int32(truncatingIfNeeded: number + 1)
    if strings.count * 2 > slots.count {
      grow()
    }
    return (number, true)
  }

  /// The number of `text`, if the table holds it.
  func number(of text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
      let hash = Self.hash(bytes)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { return nil }
        if hashes[entry - 1] == hash && matches(entry - 1, bytes) {
          return entry - 1
        }
        slot = (slot + 1) & mask
      }
    }
  }

  private func matches(_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[number]
    guard span.count == bytes.count else { return false }
    return storage.withUnsafeBufferPointer { stored in
      guard let base = bytes.baseAddress, let storedBase = stored.baseAddress else {
        return true  // Both empty.
      }
      return memoryEqual(storedBase + span.lowerBound, base, span.count)
    }
  }

  private mutating func grow() {
    var larger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for number in hashes.indices {
      var slot = Int(truncatingIfNeeded: hashes[number]) & mask
      while larger[slot] != 0 {
        slot = (slot + 1) & mask
      }
      larger[slot] = Int32(truncatingIfNeeded: number + 1)
    }
    slots = larger
  }

  /// Eight bytes at a time, multiplied and folded, then mixed (as MurmurHash3's finalizer
  /// does) so that the low bits used for slots depend on every byte. The last bytes are read
  /// as one word that may overlap the one before (as wyhash reads them), so a short name costs
  /// a few loads. Labels of learned models are tens of bytes long: a byte at a time made
  /// hashing most of a lookup's cost.
  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    let count = bytes.count
    var hash = UInt64(count) &* multiplier
    guard let base = bytes.baseAddress, count > 0 else {
      return UInt32(truncatingIfNeeded: hash)
    }
    let raw = UnsafeRawPointer(base)
    let last: UInt64
    if count >= 8 {
      var index = 0
      while index + 8 < count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
        hash ^= hash >> 29
        index += 8
      }
      last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
      let first = raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
      let end = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      last = UInt64(first) << 32 | UInt64(end)
    } else {
      last = UInt64(base[0]) << 16 | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1])
    }
    hash = (hash ^ last) &* multiplier
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return UInt32(truncatingIfNeeded: hash)
  }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
private func memoryEqual(
  _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int
) -> Bool {
  var index = 0
  while index + 8 <= count {
    let left = UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
    let right = UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
    if left != right { return false }
    index += 8
  }
  while index < count {
    if a[index] != b[index] { return false }
    index += 1
  }
  return true
}
