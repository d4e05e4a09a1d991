/// A value that is loaded from somewhere: not asked for yet, loading, loaded, or failed, with the
/// last value kept while it reloads or after a reload fails.
///
/// The shape a store's or a feature's state gives each piece of remote data, instead of an
/// optional value beside `isLoading` and `error` flags that can disagree:
///
/// ```swift
/// struct ProfileState: Equatable, Sendable {
///   var user: Loadable<User, APIError> = .idle
/// }
/// state.user.startLoading()                 // loading, the old user kept for the screen
/// state.user.finish(with: .success(user))   // loaded(user)
/// ```
public enum Loadable<Value, Failure: Error> {
  /// Nothing was asked for yet.
  case idle
  /// A load is in flight; `previous` is what was loaded before, if anything.
  case loading(previous: Value?)
  /// The value arrived.
  case loaded(Value)
  /// The load failed; `previous` is what was loaded before, if anything.
  case failed(Failure, previous: Value?)

  /// The latest value: the loaded one, or the one kept while loading or after a failure.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous), .failed(_, let previous): previous
    case .loaded(let value): value
    }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }

  /// The error of the last load, when it failed.
  public var error: Failure? {
    if case .failed(let error, _) = self { error } else { nil }
  }

  /// Starts a load, keeping the latest value.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Ends the load: the new value, or the error with the latest value kept.
  ///
  /// - Parameter result: What the load gave.
  public mutating func finish(with result: Result<Value, Failure>) {
    switch result {
    case .success(let value): self = .loaded(value)
    case .failure(let error): self = .failed(error, previous: value)
    }
  }

  /// The same stage with the value transformed, for a view state made from a business state.
  ///
  /// - Parameter transform: Turns a value into another.
  /// - Returns: The transformed loadable.
  public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Loadable<Other, Failure>
  {
    switch self {
    case .idle: .idle
    case .loading(let previous): .loading(previous: try previous.map(transform))
    case .loaded(let value): .loaded(try transform(value))
    case .failed(let error, let previous): .failed(error, previous: try previous.map(transform))
    }
  }
}

extension Loadable: Equatable where Value: Equatable, Failure: Equatable {}
extension Loadable: Hashable where Value: Hashable, Failure: Hashable {}
extension Loadable: Sendable where Value: Sendable, Failure: Sendable {}
// Encoded with a key for the stage: `{"idle":{}}`, `{"loading":{"previous":…}}`,
// `{"loaded":{"_0":…}}`, `{"failed":{"_0":…,"previous":…}}`.
extension Loadable: Codable where Value: Codable, Failure: Codable {}
