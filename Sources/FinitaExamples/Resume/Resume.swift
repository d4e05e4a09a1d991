/// A job seeker's resume, as the resume screen of hh.ru shows it (seed 001).
public struct Resume: Hashable, Sendable, CustomStringConvertible {
  /// The resume's identifier.
  public var id: Int
  /// The position the resume is for, such as `iOS developer`.
  public var title: String

  /// Creates a resume.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - title: The position the resume is for.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  /// The identifier and title, such as `#7 iOS developer`.
  public var description: String { "#\(id) \(title)" }
}

/// Why a resume did not load, kept in the state so the screen can show it.
public struct ResumeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String

  /// Creates the error.
  ///
  /// - Parameter message: What went wrong.
  public init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// The resume screen's state: the same for both ways of opening a resume.
public enum ResumeState: Equatable, Sendable, CustomStringConvertible {
  /// No resume is open.
  case closed
  /// The resume is loading: the screen shows placeholders.
  case loading(resumeID: Int)
  /// The resume is on screen.
  case loaded(Resume)
  /// The resume did not load: the screen shows the error and a retry button.
  case failed(resumeID: Int, ResumeError)

  /// A one-line summary, such as `loading(#7)`.
  public var description: String {
    switch self {
    case .closed: "closed"
    case .loading(let id): "loading(#\(id))"
    case .loaded(let resume): "loaded(\(resume))"
    case .failed(let id, let error): "failed(#\(id), \(error))"
    }
  }

  /// Applies an effect; an answer for a resume that is no longer loading changes nothing.
  ///
  /// Both resume features share this Reducer: only how the effects are produced differs.
  ///
  /// - Parameter effect: What the Actor did.
  public mutating func apply(_ effect: ResumeEffect) {
    switch effect {
    case .loadingDidStart(let id):
      self = .loading(resumeID: id)
    case .didLoad(let resume):
      guard self == .loading(resumeID: resume.id) else { return }
      self = .loaded(resume)
    case .didFail(let id, let error):
      guard self == .loading(resumeID: id) else { return }
      self = .failed(resumeID: id, error)
    case .didClose:
      self = .closed
    }
  }
}

/// What the screen asks for.
public enum ResumeWish: Equatable, Sendable {
  /// Open the resume with this identifier (or open it again after an error).
  case open(resumeID: Int)
  /// Close the resume; a load in flight is cancelled.
  case close
}

/// What the Actor of either resume feature did.
public enum ResumeEffect: Equatable, Sendable {
  /// The resume started loading.
  case loadingDidStart(resumeID: Int)
  /// The resume arrived.
  case didLoad(Resume)
  /// The resume did not load.
  case didFail(resumeID: Int, ResumeError)
  /// The screen closed the resume.
  case didClose
}

/// Where resumes come from: the data provider both Actors depend on.
public protocol ResumeSource: Sendable {
  /// Loads a resume.
  ///
  /// - Parameter id: The resume's identifier.
  /// - Returns: The resume.
  /// - Throws: Any error; the feature shows it as a ``ResumeError``.
  func resume(id: Int) async throws -> Resume
}
