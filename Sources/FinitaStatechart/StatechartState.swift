/// One state of a statechart, with its children, transitions and actions.
///
/// Build states with the static functions of ``StatechartElement`` inside a ``Statechart``
/// declaration, or directly with this type's initializer.
public struct StatechartState: Hashable, Sendable {
  /// The kinds of state.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    internal enum Storage: Hashable, Sendable {
      case state
      case parallel
      case final
      case history(deep: Bool)
    }

    @usableFromInline
    internal let storage: Storage

    @usableFromInline
    internal init(_ storage: Storage) {
      self.storage = storage
    }

    /// An atomic state (no children) or a compound state (children, one active at a time).
    public static let state = Self(.state)
    /// A parallel state: all its children are active together.
    public static let parallel = Self(.parallel)
    /// A final state: entering it completes its parent.
    public static let final = Self(.final)
    /// A shallow history pseudo-state: remembers the active child of its parent.
    public static let shallowHistory = Self(.history(deep: false))
    /// A deep history pseudo-state: remembers the active atomic descendants of its parent.
    public static let deepHistory = Self(.history(deep: true))

    /// The kind's name as SCXML spells the element.
    public var description: String {
      switch storage {
      case .state: "state"
      case .parallel: "parallel"
      case .final: "final"
      case .history(let deep): deep ? "history (deep)" : "history (shallow)"
      }
    }

    internal var isHistory: Bool {
      if case .history = storage { return true }
      return false
    }
  }

  /// The state's id, unique in the chart.
  public var id: String
  /// What kind of state this is.
  public var kind: Kind
  /// The ids of the states a compound state enters by default; empty to enter its first child.
  /// For a history state, the ids it enters when it has no recorded history.
  public var initial: [String]
  /// Actions run by the default entry of a compound state (SCXML `<initial>`'s transition).
  public var initialActions: [StatechartAction]
  /// The child states, in document order.
  public var children: [StatechartState]
  /// The transitions, in document order.
  public var transitions: [StatechartTransition]
  /// Actions run when the state is entered.
  public var onEntry: [StatechartAction]
  /// Actions run when the state is exited.
  public var onExit: [StatechartAction]
  /// Where the state was declared in an imported document.
  internal var location: SourceLocation?

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - kind: What kind of state it is.
  ///   - initial: For a compound state, the states entered by default (empty: its first child);
  ///     for a history state, the default targets.
  ///   - children: The child states, in document order.
  ///   - transitions: The transitions, in document order.
  ///   - onEntry: Actions run on entry.
  ///   - onExit: Actions run on exit.
  public init(
    id: String,
    kind: Kind = .state,
    initial: [String] = [],
    children: [StatechartState] = [],
    transitions: [StatechartTransition] = [],
    onEntry: [StatechartAction] = [],
    onExit: [StatechartAction] = []
  ) {
    self.id = id
    self.kind = kind
    self.initial = initial
    self.initialActions = []
    self.children = children
    self.transitions = transitions
    self.onEntry = onEntry
    self.onExit = onExit
  }
}

/// A line and column in an imported document (1-based).
internal struct SourceLocation: Hashable, Sendable {
  var line: Int
  var column: Int
}
