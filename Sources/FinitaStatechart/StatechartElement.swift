/// A part of a state: a child state, a transition, or entry and exit actions.
///
/// The DSL's components (``State``, ``Parallel``, ``On`` and the others) each produce one
/// element; the static functions here build the same elements from plain values.
public struct StatechartElement: Hashable, Sendable {
  internal enum Storage: Hashable, Sendable {
    case state(StatechartState)
    case transition(StatechartTransition)
    case onEntry([StatechartAction])
    case onExit([StatechartAction])
  }

  internal let storage: Storage

  internal init(_ storage: Storage) {
    self.storage = storage
  }

  /// A state given as a plain value.
  ///
  /// - Parameter state: The state.
  public static func node(_ state: StatechartState) -> Self { Self(.state(state)) }

  /// An atomic state, or a compound state when `content` declares child states.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - initial: The child entered by default; `nil` for the first child.
  ///   - content: Child states, transitions, and entry and exit actions.
  public static func state(
    _ id: String,
    initial: String? = nil,
    @StatechartBuilder _ content: () -> [StatechartElement] = { [] }
  ) -> Self {
    node(StatechartState.assemble(id: id, kind: .state, initial: initial, content()))
  }

  /// A parallel state: every child state is active while it is.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - content: The regions (child states), transitions, and entry and exit actions.
  public static func parallel(
    _ id: String,
    @StatechartBuilder _ content: () -> [StatechartElement]
  ) -> Self {
    node(StatechartState.assemble(id: id, kind: .parallel, initial: nil, content()))
  }

  /// A final state: entering it raises `done.state.<parent id>`.
  ///
  /// - Parameters:
  ///   - id: The state's id, unique in the chart.
  ///   - content: Entry and exit actions.
  public static func final(
    _ id: String,
    @StatechartBuilder _ content: () -> [StatechartElement] = { [] }
  ) -> Self {
    node(StatechartState.assemble(id: id, kind: .final, initial: nil, content()))
  }

  /// A history pseudo-state of the enclosing state.
  ///
  /// - Parameters:
  ///   - id: The pseudo-state's id, unique in the chart.
  ///   - deep: Whether it restores the atomic descendants (deep) or only the active child.
  ///   - default: The states entered when nothing has been recorded yet.
  public static func history(_ id: String, deep: Bool = false, default: [String]) -> Self {
    node(StatechartState(id: id, kind: deep ? .deepHistory : .shallowHistory, initial: `default`))
  }

  /// A transition given as a plain value.
  ///
  /// - Parameter transition: The transition.
  public static func transition(_ transition: StatechartTransition) -> Self {
    Self(.transition(transition))
  }

  /// Actions run when the enclosing state is entered.
  ///
  /// - Parameter actions: The actions, in order.
  public static func onEntry(_ actions: StatechartAction...) -> Self { Self(.onEntry(actions)) }

  /// Actions run when the enclosing state is exited.
  ///
  /// - Parameter actions: The actions, in order.
  public static func onExit(_ actions: StatechartAction...) -> Self { Self(.onExit(actions)) }
}

/// Something that can be written inside a ``StatechartBuilder`` closure.
public protocol StatechartComponent {
  /// The element the component declares.
  var element: StatechartElement { get }
}

extension StatechartElement: StatechartComponent {
  /// The element itself.
  public var element: StatechartElement { self }
}

/// Collects the elements of a state or a chart.
@resultBuilder
public enum StatechartBuilder {
  /// One element.
  public static func buildExpression(_ component: some StatechartComponent) -> [StatechartElement] {
    [component.element]
  }

  /// Several elements in order.
  public static func buildBlock(_ parts: [StatechartElement]...) -> [StatechartElement] {
    parts.flatMap { $0 }
  }

  /// Elements declared under an `if` without `else`.
  public static func buildOptional(_ part: [StatechartElement]?) -> [StatechartElement] {
    part ?? []
  }

  /// Elements of the first branch of an `if`.
  public static func buildEither(first part: [StatechartElement]) -> [StatechartElement] { part }

  /// Elements of the second branch of an `if`.
  public static func buildEither(second part: [StatechartElement]) -> [StatechartElement] { part }

  /// Elements declared in a `for` loop.
  public static func buildArray(_ parts: [[StatechartElement]]) -> [StatechartElement] {
    parts.flatMap { $0 }
  }
}

extension StatechartState {
  /// A state from DSL elements.
  internal static func assemble(
    id: String, kind: Kind, initial: String?, _ elements: [StatechartElement]
  ) -> StatechartState {
    var state = StatechartState(id: id, kind: kind, initial: initial.map { [$0] } ?? [])
    for element in elements {
      switch element.storage {
      case .state(let child): state.children.append(child)
      case .transition(let transition): state.transitions.append(transition)
      case .onEntry(let actions): state.onEntry += actions
      case .onExit(let actions): state.onExit += actions
      }
    }
    return state
  }
}
