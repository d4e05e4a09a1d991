/// A definition whose wishes are reduced as they are: write the `Wish` type and
/// ``FeatureDefinition/reduce(_:_:)``, nothing else.
///
/// ```swift
/// struct Toggle: ReducerOnlyDefinition {
///   enum Wish { case flip }
///   func reduce(_ state: inout Bool, _ effect: Wish) { state.toggle() }
/// }
/// let toggle = Feature(initialState: false, definition: Toggle())
/// ```
///
/// Why a protocol of its own: with plain ``FeatureDefinition``, Swift cannot infer `Action`
/// for such a type. It finds two candidates, `Wish` (from the default
/// ``FeatureDefinition/wishToAction(_:)``) and `Effect` (from the default
/// ``FeatureDefinition/act(_:_:)``), and reports "type does not conform to protocol
/// 'FeatureDefinition'" with the note "ambiguous inference of associated type 'Action'", even
/// though both are the same type. This protocol states `Action == Wish` and `Effect == Wish`
/// itself, so nothing is left to infer. Conforming to ``FeatureDefinition`` with
/// `typealias Action = Wish` and `typealias Effect = Wish` spelled out does the same.
public protocol ReducerOnlyDefinition: FeatureDefinition
where Action == Wish, Effect == Wish {}

extension ReducerOnlyDefinition {
  /// Passes the wish through: the Actor handles wishes directly.
  ///
  /// - Parameter wish: The wish accepted by the feature.
  /// - Returns: The same value.
  @inlinable
  public func wishToAction(_ wish: Wish) -> Wish { wish }

  /// Passes each wish through as its own effect.
  ///
  /// - Parameters:
  ///   - state: The current state (unused).
  ///   - action: The wish, which is also the effect.
  /// - Returns: The wish as one synchronous effect.
  @inlinable
  public func act(_ state: State, _ action: Wish) -> Effects<Wish> { .just(action) }
}
