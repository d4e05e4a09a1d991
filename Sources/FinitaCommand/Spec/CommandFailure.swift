#if Tools
  import ArgumentParser
  import FinitaSpec
  import Foundation

  /// Prints to standard error.
  func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Reads a valid spec, or prints every diagnostic to standard error and exits with status 1.
  func readSpecOrExit(_ path: String) throws -> Spec {
    let check = SpecReader.check(contentsOf: path)
    do {
      let spec = try check.validSpec()
      for warning in check.diagnostics {
        printError(warning.description)
      }
      return spec
    } catch {
      for diagnostic in error.diagnostics {
        printError(diagnostic.description)
      }
      throw ExitCode.failure
    }
  }

  /// Writes `text` to `directory/name`, creating the directory, and says so.
  func write(_ text: String, to directory: String, name: String) throws {
    try write(text, to: URL(fileURLWithPath: directory).appendingPathComponent(name))
  }

  /// Writes `text` to the file at `path` (absolute, or relative to the current directory),
  /// creating its directory, and says so.
  func write(_ text: String, toFile path: String) throws {
    try write(text, to: URL(fileURLWithPath: path))
  }

  /// Writes `text` to `url`, creating its directory, and says so; when that fails, prints why
  /// and exits with status 1.
  private func write(_ text: String, to url: URL) throws {
    try write(Data(text.utf8), to: url)
  }

  /// Writes `data` to `url`, creating its directory, and says so; when that fails, prints why
  /// and exits with status 1.
  func write(_ data: Data, to url: URL) throws {
    try makeDirectory(of: url)
    do {
      try data.write(to: url, options: .atomic)
    } catch {
      printError("error: cannot write \(url.path): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    print("wrote \(url.path)")
  }

  /// Makes ready to write the file at `url`: creates its directory when it is missing. When the
  /// path is a directory, a file stands where a directory must be, or the directory cannot be
  /// made, prints why and exits with status 1.
  func makeDirectory(of url: URL) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      printError("error: cannot write \(url.path): it is a directory; give a file's path")
      throw ExitCode.failure
    }
    // The nearest part of the path that exists must be a directory.
    var existing = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory),
      existing.pathComponents.count > 1
    {
      existing = existing.deletingLastPathComponent()
    }
    if !isDirectory.boolValue {
      printError(
        "error: cannot write \(url.path): \(existing.path) is a file, not a directory;"
          + " give another place")
      throw ExitCode.failure
    }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      printError("error: cannot write \(url.path): \(error.localizedDescription)")
      throw ExitCode.failure
    }
  }
#endif  // Tools
