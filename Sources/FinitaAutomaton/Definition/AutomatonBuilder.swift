/// The result builder that reads the body of an ``Automaton``.
///
/// Inside the block write ``Transition`` rows, ``Initial``, ``Final``, ``StateOutput``,
/// ``OnEntry`` and ``OnExit``; `if`, `switch` and `for` work as usual.
///
/// ```swift
/// let turnstile = Automaton<Turnstile, TurnstileEvent, Never> {
///   Initial(.locked)
///   Transition(from: .locked, to: .unlocked, by: .coin)
///   Transition(from: .unlocked, to: .locked, by: .push)
///   Transition(within: .locked, by: .push)
///   Transition(within: .unlocked, by: .coin)
/// }
/// ```
@resultBuilder
public enum AutomatonBuilder<
  State: Hashable & Sendable, Event: AutomatonEvent, Output: Sendable
> {
  /// The components collected from one block.
  public typealias Components = [AutomatonComponent<State, Event, Output>]

  /// Reads a transition.
  public static func buildExpression(_ transition: Transition<State, Event, Output>) -> Components {
    [.transition(transition)]
  }

  /// Reads several transitions, such as ones made by a helper function.
  public static func buildExpression(_ transitions: [Transition<State, Event, Output>])
    -> Components
  {
    transitions.map { .transition($0) }
  }

  /// Reads the initial state.
  public static func buildExpression(_ initial: Initial<State>) -> Components {
    [.initial(initial.state)]
  }

  /// Reads final states.
  public static func buildExpression(_ final: Final<State>) -> Components {
    var components: Components = final.states.map { .final($0) }
    if let matchesKind = final.matchesKind {
      components.append(AutomatonComponent(.finalKinds(matchesKind, names: final.kindNames)))
    }
    return components
  }

  /// Reads a state's Moore output.
  public static func buildExpression(_ output: StateOutput<State, Output>) -> Components {
    [.stateOutput(output.state, output.output)]
  }

  /// Reads an entry action.
  public static func buildExpression(_ action: OnEntry<State, Event>) -> Components {
    [.entry(action)]
  }

  /// Reads an exit action.
  public static func buildExpression(_ action: OnExit<State, Event>) -> Components {
    [.exit(action)]
  }

  /// Reads a component made elsewhere.
  public static func buildExpression(_ component: AutomatonComponent<State, Event, Output>)
    -> Components
  {
    [component]
  }

  /// Joins the statements of a block.
  public static func buildBlock(_ parts: Components...) -> Components {
    parts.flatMap { $0 }
  }

  /// Reads an `if` without `else`.
  public static func buildOptional(_ part: Components?) -> Components {
    part ?? []
  }

  /// Reads the first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: Components) -> Components {
    part
  }

  /// Reads the second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: Components) -> Components {
    part
  }

  /// Reads a `for` loop.
  public static func buildArray(_ parts: [Components]) -> Components {
    parts.flatMap { $0 }
  }
}

extension AutomatonBuilder where State: AutomatonState {
  /// Reads a computed transition.
  public static func buildExpression(_ transition: ComputedTransition<State, Event, Output>)
    -> Components
  {
    [.computed(transition)]
  }
}
