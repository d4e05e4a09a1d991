#if Inspector
  import Finita
  import FinitaEventLog
  import FinitaFixtures
  import Testing

  @testable import FinitaInspectorClient

  /// Leaving effects out of a feature's history and working its states out again.
  @Suite("Skipping effects")
  struct SkipReplayTests {
    /// A till: items are added one at a time, a discount halves the total, a reset empties it.
    struct Till: FeatureDefinition {
      enum Wish: Sendable, Equatable {
        case add(Int)
        case discount, reset
      }
      typealias Effect = Wish
      struct State: Sendable, Equatable {
        var total = 0
        var items = 0
      }

      func act(_ state: State, _ action: Wish) -> Effects<Wish> { .just(action) }

      func reduce(_ state: inout State, _ effect: Wish) {
        switch effect {
        case .add(let price):
          state.total += price
          state.items += 1
        case .discount: state.total /= 2
        case .reset: state = State()
        }
      }
    }

    /// A till sent `wishes`, with the log of its stages.
    private func history(_ wishes: [Till.Wish], capacity: Int = 1_000)
      -> (Feature<Till>, [FeatureEventLog<Till>.Entry])
    {
      let keeper = LogKeeper<Till>(capacity: capacity)
      let feature = Feature(
        initialState: Till.State(), definition: Till(),
        configuration: .init(interceptors: [keeper]))
      for wish in wishes { feature.accept(wish) }
      return (feature, keeper.log?.read().entries ?? [])
    }

    private func stateSteps(_ entries: [FeatureEventLog<Till>.Entry]) -> [Int] {
      entries.filter { $0.values.stage == .state }.map(\.number)
    }

    @Test("the later states are reduced again without the skipped effect")
    func laterStatesRecomputed() throws {
      let (feature, entries) = history([.add(10), .add(30), .discount, .add(4)])
      #expect(feature.state == Till.State(total: 24, items: 3))
      let steps = stateSteps(entries)
      #expect(steps.count == 4)
      let outcome = try #require(
        try SkipReplay.recompute(
          entries, skipping: [steps[1]], jumps: [], reduce: feature.definition.reduce))
      // Without the 30: 10, still 10 (skipped), 5 after the discount, 9 after the 4.
      #expect(outcome.states.map(\.step) == Array(steps[1...]))
      #expect(outcome.states.map(\.state.total) == [10, 5, 9])
      #expect(outcome.final == Till.State(total: 9, items: 2))
      feature.dispose()
    }

    @Test("several skipped at once; none skipped changes nothing")
    func severalAndNone() throws {
      let (feature, entries) = history([.add(10), .add(30), .discount, .add(4)])
      let steps = stateSteps(entries)
      let both = try #require(
        try SkipReplay.recompute(
          entries, skipping: [steps[0], steps[2]], jumps: [], reduce: feature.definition.reduce))
      #expect(both.final == Till.State(total: 34, items: 2))
      #expect(both.states.map(\.state.total) == [0, 30, 30, 34])
      #expect(
        try SkipReplay.recompute(
          entries, skipping: [], jumps: [], reduce: feature.definition.reduce)
          == nil)
      feature.dispose()
    }

    /// The problem `recompute` throws for these arguments, or `nil` when it throws none.
    private func problem(
      _ entries: [FeatureEventLog<Till>.Entry], skipping: Set<Int>, jumps: [Int] = [],
      skippable: (Till.Wish) -> Bool = { _ in true }
    ) -> SkipReplay.Problem? {
      do {
        _ = try SkipReplay.recompute(
          entries, skipping: skipping, jumps: jumps, skippable: skippable,
          reduce: Till().reduce)
        return nil
      } catch {
        return error
      }
    }

    @Test("a step that is not a state, one no longer kept, and one before a jump are refused")
    func refusals() throws {
      let (feature, entries) = history([.add(10), .add(30), .discount, .add(4)], capacity: 12)
      let steps = stateSteps(entries)
      let wishStep = try #require(entries.first { $0.values.stage == .wish }?.number)
      let notState = try #require(problem(entries, skipping: [wishStep]))
      #expect(notState == .notAnEffect(step: wishStep))
      #expect(notState.description.hasPrefix("Step #\(wishStep) is not a state step"))

      let oldest = try #require(entries.first?.number)
      #expect(oldest > 0, "the log of 12 stages dropped the first ones")
      let dropped = try #require(problem(entries, skipping: [0, steps[2]]))
      #expect(dropped == .notKept(step: 0, oldest: oldest))
      #expect(dropped.description.contains("keeps the steps from #\(oldest) on"))

      let newest = try #require(entries.last?.number)
      let future = try #require(problem(entries, skipping: [steps[2], newest + 5]))
      #expect(future == .notAStep(step: newest + 5, newest: newest))
      #expect(future.description.contains("its newest is #\(newest)"))
      #expect(problem(entries, skipping: [-1]) == .notAStep(step: -1, newest: newest))

      let last = try #require(steps.last)
      let jumped = try #require(problem(entries, skipping: [last], jumps: [last + 2]))
      #expect(jumped == .jumpAfter(step: last, jump: last + 2))
      #expect(jumped.description.hasPrefix("The state was replaced at step #\(last + 2), after"))
      // A jump before the skipped step does not matter: the states after the step follow on.
      #expect(problem(entries, skipping: [last], jumps: [last - 1]) == nil)
      #expect(
        try SkipReplay.recompute(
          entries, skipping: [last], jumps: [last - 1], reduce: feature.definition.reduce)?
          .final.total == 20)

      // An effect the caller says cannot be left out (a store's undo) is refused by number.
      let discount = try #require(
        entries.first { $0.values.stage == .state && $0.values.effect == .discount }?.number)
      let unskippable = try #require(
        problem(entries, skipping: [discount]) { wish in wish != .discount })
      #expect(unskippable == .notAnAction(step: discount))
      #expect(unskippable.description.contains("only dispatched actions can be skipped"))
      feature.dispose()
    }

    @Test("an empty log and a lost one say what is missing")
    func emptyAndLost() throws {
      #expect(problem([], skipping: [3]) == .notKept(step: 3, oldest: nil))
      #expect(
        SkipReplay.Problem.notKept(step: 3, oldest: nil).description.hasSuffix("its log is empty."))
      let lost = SkipReplay.Problem.noLog(owner: "Till")
      #expect(lost.description.contains("keeps no log of Till"))
    }
  }
#endif  // Inspector
