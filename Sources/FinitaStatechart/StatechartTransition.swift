/// A transition of a statechart: the events it reacts to, its targets, an optional guard, and
/// the actions it runs.
///
/// A transition without events is eventless: it is taken as soon as its guard holds. A
/// transition without targets is targetless: it runs its actions and leaves the configuration as
/// it is. An internal transition whose targets all lie inside its compound source state does not
/// exit and re-enter the source.
///
/// ```swift
/// On("error.*", to: "failed", actions: .emit("failed"))
/// .transition(to: "idle", when: !.in("busy"))  // eventless
/// ```
public struct StatechartTransition: Hashable, Sendable {
  /// The event descriptors: an event matches a descriptor equal to its name or to a prefix of it
  /// made of whole dot-separated parts (`error` matches `error.network`); `*` matches every
  /// event. Empty for an eventless transition.
  public var events: [String]
  /// The ids of the states entered; empty for a targetless transition.
  public var targets: [String]
  /// The condition that must hold for the transition to be enabled.
  public var `guard`: StatechartGuard?
  /// Whether the transition is internal (SCXML `type="internal"`).
  public var isInternal: Bool
  /// The actions run between exiting and entering states.
  public var actions: [StatechartAction]
  /// Where the transition was declared in an imported document.
  internal var location: SourceLocation?

  /// Creates a transition.
  ///
  /// - Parameters:
  ///   - events: The event descriptors; empty for an eventless transition.
  ///   - targets: The ids of the target states; empty for a targetless transition.
  ///   - guard: The condition under which the transition is enabled.
  ///   - isInternal: Whether the transition is internal.
  ///   - actions: The actions to run.
  public init(
    events: [String],
    targets: [String],
    guard: StatechartGuard? = nil,
    isInternal: Bool = false,
    actions: [StatechartAction] = []
  ) {
    self.events = events
    self.targets = targets
    self.guard = `guard`
    self.isInternal = isInternal
    self.actions = actions
  }
}
