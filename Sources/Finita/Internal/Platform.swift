import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// Marks the main dispatch queue, which is the main actor's executor on every platform.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()

/// Whether the caller runs on the main queue, that is, on the main actor's executor.
@usableFromInline
func isMainThread() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == 1
}

/// Writes one line to standard error, for reports nobody asked to receive.
func printToStandardError(_ line: String) {
  var text = line
  text.append("\n")
  text.utf8CString.withUnsafeBufferPointer { buffer in
    _ = write(2, buffer.baseAddress, buffer.count - 1)
  }
}
