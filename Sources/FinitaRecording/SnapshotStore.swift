import Finita
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where saved states are kept, one per key: `StatePersistence.save(_:to:key:)` writes them and
/// `StatePersistence.restore(from:key:)` reads them.
public protocol SnapshotStore: Sendable {
  /// Replaces the snapshot for `key`: after a crash at any point, reading `key` gives the old or
  /// the new data, never a mix.
  ///
  /// - Parameters:
  ///   - data: The snapshot.
  ///   - key: Which snapshot.
  func write(_ data: Data, for key: String) throws
  /// The snapshot for `key`, or `nil` when there is none.
  ///
  /// - Parameter key: Which snapshot.
  /// - Returns: The data.
  func read(for key: String) throws -> Data?
  /// Deletes the snapshot for `key`, if any.
  ///
  /// - Parameter key: Which snapshot.
  func remove(for key: String) throws
}

/// Keeps each snapshot in a file `<key>.json` of a directory, replaced atomically: the new data
/// goes to a temporary file in the same directory, is flushed to disk (`fsync`), and is renamed
/// over the old file, then the directory is flushed.
public struct FileSnapshotStore: SnapshotStore {
  /// The directory; it is created on the first write.
  public let directory: URL

  /// Creates a store.
  ///
  /// - Parameter directory: The directory that holds the snapshot files.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The file of a key: letters, digits, `-`, `_` and `.` are kept, other characters become `_`.
  ///
  /// - Parameter key: Which snapshot.
  /// - Returns: The file's URL.
  public func fileURL(for key: String) -> URL {
    let safe = String(
      key.unicodeScalars.map { scalar -> Character in
        let allowed =
          (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)))
          || scalar == "-" || scalar == "_" || scalar == "."
        return allowed ? Character(scalar) : "_"
      })
    return directory.appendingPathComponent(safe + ".json")
  }

  /// Replaces the file atomically.
  ///
  /// - Parameters:
  ///   - data: The snapshot.
  ///   - key: Which snapshot.
  public func write(_ data: Data, for key: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = fileURL(for: key)
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw SnapshotStoreError.system("open", temporary.path, errno) }
    var failure: SnapshotStoreError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = .system("write", temporary.path, errno)
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 {
      failure = .system("fsync", temporary.path, errno)
    }
    close(descriptor)
    if let failure {
      unlink(temporary.path)
      throw failure
    }
    guard rename(temporary.path, target.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw SnapshotStoreError.system("rename", target.path, code)
    }
    let directoryDescriptor = open(directory.path, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Reads the file, or returns `nil` when it does not exist.
  ///
  /// - Parameter key: Which snapshot.
  /// - Returns: The data.
  public func read(for key: String) throws -> Data? {
    let url = fileURL(for: key)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
  }

  /// Deletes the file, if any.
  ///
  /// - Parameter key: Which snapshot.
  public func remove(for key: String) throws {
    let url = fileURL(for: key)
    if FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.removeItem(at: url)
    }
  }
}

/// A system call of the file store failed.
enum SnapshotStoreError: Error, CustomStringConvertible {
  case system(String, String, Int32)

  var description: String {
    switch self {
    case .system(let call, let path, let code):
      "\(call) failed for \(path): \(String(cString: strerror(code)))"
    }
  }
}

/// A store in memory, for tests and previews.
public final class InMemorySnapshotStore: SnapshotStore {
  private let files = LockedValue<[String: Data]>([:])

  /// Creates an empty store.
  public init() {}

  /// Keeps the data.
  ///
  /// - Parameters:
  ///   - data: The snapshot.
  ///   - key: Which snapshot.
  public func write(_ data: Data, for key: String) {
    files.withLock { $0[key] = data }
  }

  /// The data kept for `key`.
  ///
  /// - Parameter key: Which snapshot.
  /// - Returns: The data, or `nil`.
  public func read(for key: String) -> Data? {
    files.withLock { $0[key] }
  }

  /// Forgets the data for `key`.
  ///
  /// - Parameter key: Which snapshot.
  public func remove(for key: String) {
    _ = files.withLock { $0.removeValue(forKey: key) }
  }
}
