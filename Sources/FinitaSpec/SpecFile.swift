#if Spec
  import Foundation

  /// Reading the text of a file given on the command line, with a message that says what is wrong
  /// when it cannot be read: shared by the spec reader and the DOT importer.
  package enum SpecFile {
    /// The file's text, or a message for a diagnostic at its first line: no such file, a
    /// directory, not readable, or not UTF-8.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The text, or the message (without the location).
    package static func text(at path: String) -> Result<String, SpecFileProblem> {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        return .failure(SpecFileProblem("there is no such file; check the path"))
      }
      if isDirectory.boolValue {
        return .failure(SpecFileProblem("this is a directory; give the path of a file in it"))
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(
          SpecFileProblem("cannot read the file; check that it is a regular file you may read"))
      }
      guard let text = String(data: data, encoding: .utf8) else {
        return .failure(SpecFileProblem("the file is not UTF-8 text; save it as UTF-8"))
      }
      return .success(text)
    }
  }

  /// What is wrong with a file that could not be read as text.
  package struct SpecFileProblem: Error, Sendable {
    /// What is wrong and what to do, for a diagnostic.
    package let message: String

    init(_ message: String) {
      self.message = message
    }
  }
#endif  // Spec
