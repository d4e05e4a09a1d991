#if Inspector
  import FinitaAutomaton
  import FinitaExamples

  /// The paginator's loading stages as a machine, for the demo's diagram: the paginator has no
  /// transition table of its own (its Actor's guard decides), so this one draws what its state
  /// goes through. The events are named after the wishes and the effects that move it, so a click
  /// on a wish's transition sends that wish.
  enum PaginatorStages {
    /// The stage of a paginator's state.
    enum Stage: Hashable, Sendable, CaseIterable {
      case initial, loading, content, refreshing, nextPageLoading, nextPageLoadingError, error
      /// An edit or a deletion shown at once, waiting for the source (named as the pending
      /// change's case in the state's JSON, so the page finds it there).
      case edited, deleted
    }

    /// The wishes (first four) and effects that move the paginator from stage to stage.
    enum Event: String, AutomatonEvent, CustomStringConvertible {
      case load, refresh, edit, delete
      case itemsDidLoad, itemsLoadingDidFail, itemChangeDidSucceed, itemChangeDidFail

      var description: String { rawValue }
    }

    /// The stage `state` is in: a change waiting for the source first, then the data's stage.
    static func stage(of state: PaginationState) -> Stage {
      switch state.pendingChange {
      case .edited: return .edited
      case .deleted: return .deleted
      case nil: break
      }
      return switch state.data {
      case .initial: .initial
      case .loading: .loading
      case .error: .error
      case .content(_, nil): .content
      case .content(_, .refreshing): .refreshing
      case .content(_, .nextPageLoading): .nextPageLoading
      case .content(_, .nextPageLoadingError): .nextPageLoadingError
      }
    }

    static let automaton = Automaton<Stage, Event, Never> {
      Initial(.initial)
      Transition(from: .initial, to: .loading, by: .load)
      Transition(from: .initial, to: .loading, by: .refresh)
      Transition(from: .loading, to: .content, by: .itemsDidLoad)
      Transition(from: .loading, to: .error, by: .itemsLoadingDidFail)
      Transition(from: .error, to: .loading, by: .refresh)
      Transition(from: .content, to: .nextPageLoading, by: .load)
      Transition(from: .content, to: .refreshing, by: .refresh)
      Transition(from: .content, to: .edited, by: .edit)
      Transition(from: .content, to: .deleted, by: .delete)
      Transition(from: .edited, to: .content, by: .itemChangeDidSucceed)
      Transition(from: .edited, to: .content, by: .itemChangeDidFail)
      Transition(from: .deleted, to: .content, by: .itemChangeDidSucceed)
      Transition(from: .deleted, to: .content, by: .itemChangeDidFail)
      Transition(from: .nextPageLoading, to: .content, by: .itemsDidLoad)
      Transition(from: .nextPageLoading, to: .nextPageLoadingError, by: .itemsLoadingDidFail)
      Transition(from: .nextPageLoadingError, to: .nextPageLoading, by: .load)
      Transition(from: .nextPageLoadingError, to: .refreshing, by: .refresh)
      Transition(from: .refreshing, to: .content, by: .itemsDidLoad)
      Transition(from: .refreshing, to: .error, by: .itemsLoadingDidFail)
    }
  }
#endif  // Inspector
