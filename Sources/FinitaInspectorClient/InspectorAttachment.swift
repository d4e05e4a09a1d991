#if Inspector
  import Finita
  import FinitaEventLog
  import FinitaInspectorProtocol
  import FinitaRedux
  import Foundation

  /// What an attachment needs of the client's buffer: recording a jump of the live state, and
  /// the typed log a skip works from.
  struct InspectorHistory: Sendable {
    /// Records a jump of the feature numbered by the first argument; the second says whether a
    /// skip made it.
    let recordJump: @Sendable (UInt64, Bool, @escaping @Sendable () -> RenderedValues) -> Void
    /// The feature's typed log and the stages after which the user replaced its state.
    let skipContext: @Sendable (UInt64) -> (log: any Sendable, userJumps: [Int])?
  }

  /// What the client may do with one feature or store the app handed it.
  struct InspectorAttachment: Sendable {
    /// The feature's number in the events the client streams (`FeatureInfo.id`); `nil` when no
    /// interceptor sees the feature or it was disposed already: nothing is left to bind to it.
    let featureID: UInt64?
    let canTravel: Bool
    let acceptsWishes: Bool
    let wishExample: JSONValue?
    /// The wish's cases the page's form offers; empty when the app made none known.
    let wishCases: [WishCase]
    let execute: @Sendable (InspectorCommand) async -> CommandReply
    let diagram: (@Sendable () -> (dot: String, mermaid: String)?)?

    static func make<Definition: FeatureDefinition>(
      _ feature: Feature<Definition>,
      wishExample: Definition.Wish?,
      wishCases: [Definition.Wish],
      decodeState: (@Sendable (JSONValue) throws -> Definition.State)?,
      decodeWish: (@Sendable (JSONValue) throws -> Definition.Wish)?,
      diagram: (@Sendable (Definition.State) -> (dot: String, mermaid: String))?,
      history: InspectorHistory
    ) -> InspectorAttachment {
      let weakFeature = WeakReference(feature)
      let typeName = String(describing: Definition.self)
      var travel: (@Sendable (JSONValue) throws -> Void)?
      if let decodeState {
        travel = { json in
          let state = try decodeState(json)
          weakFeature.value?.travel(to: state)
        }
      }
      var send: (@Sendable (JSONValue) throws -> String)?
      if let decodeWish {
        send = { json in
          let wish = try decodeWish(json)
          weakFeature.value?.accept(wish)
          return "\(wish)"
        }
      }
      var skip: (@Sendable (Set<Int>) async throws -> [RecomputedState])?
      if decodeState != nil {
        skip = skipper(
          of: weakFeature, owner: typeName, history: history,
          reduce: { definition, state, effect in definition.reduce(&state, effect) },
          render: { $0 })
      }
      let target = Target(
        names: Names(
          isStore: false, owner: typeName, state: "\(typeName).State",
          wish: "\(typeName).Wish"),
        isGone: { weakFeature.value?.isDisposed ?? true },
        isTravelling: { weakFeature.value?.isTravelling ?? false },
        state: { weakFeature.value?.state },
        travel: travel,
        returnToLive: { weakFeature.value?.returnToLive() },
        continueFromShown: { weakFeature.value?.continueFromTravelledState() },
        pause: {
          if let feature = weakFeature.value { feature.travel(to: feature.state) }
        },
        send: send, skip: skip)
      var drawCurrent: (@Sendable () -> (dot: String, mermaid: String)?)?
      if let diagram {
        drawCurrent = {
          guard let feature = weakFeature.value else { return nil }
          return diagram(feature.state)
        }
      }
      return make(
        target, featureID: feature.isDisposed ? nil : feature.interceptedInfo?.id,
        wishExample: wishExample.flatMap { ValueEncoding.json($0) },
        wishCases: cases(wishCases), diagram: drawCurrent, history: history)
    }

    static func make<State: Codable & Sendable, Action: Decodable & Sendable>(
      store: Store<State, Action>,
      actionExample: Action?,
      actionCases: [Action],
      history: InspectorHistory
    ) -> InspectorAttachment {
      let weakStore = WeakReference(store)
      let typeName = String(describing: Store<State, Action>.self)
      let target = Target(
        names: Names(
          isStore: true, owner: typeName, state: String(describing: State.self),
          wish: String(describing: Action.self)),
        isGone: { weakStore.value?.isDisposed ?? true },
        isTravelling: { weakStore.value?.isTravelling ?? false },
        state: { weakStore.value?.state },
        travel: { json in
          let state = try JSONDecoding.decode(State.self, from: json)
          weakStore.value?.travel(to: state)
        },
        returnToLive: { weakStore.value?.returnToLive() },
        continueFromShown: { weakStore.value?.continueFromTravelledState() },
        pause: {
          if let store = weakStore.value { store.travel(to: store.state) }
        },
        send: { json in
          let action = try JSONDecoding.decode(Action.self, from: json)
          weakStore.value?.dispatch(action)
          return "\(action)"
        },
        skip: skipper(
          of: WeakReference(store.backingFeature), owner: typeName, history: history,
          skippable: \.isAction,
          reduce: { definition, history, effect in definition.replay(&history, effect) },
          render: \.present))
      return make(
        target, featureID: store.isDisposed ? nil : store.interceptedInfo?.id,
        wishExample: actionExample.flatMap { ValueEncoding.json($0) },
        wishCases: cases(actionCases), diagram: nil, history: history)
    }

    /// Leaves the effects of a set of steps out of a feature's history: works the states out
    /// again from the first step of this set and the last one, travels to the last state, records
    /// the jump and continues from it.
    ///
    /// - Parameters:
    ///   - weakFeature: The feature (of a store: the one it runs on).
    ///   - owner: The type name replies use.
    ///   - history: The client's buffer, which keeps the feature's log.
    ///   - skippable: Whether an effect may be left out.
    ///   - reduce: Reduces a logged effect again, with the feature's definition (taken from the
    ///     feature when the skip runs, so that the attachment holds neither).
    ///   - render: The part of a state the page shows (of a store: its present state).
    private static func skipper<Definition: FeatureDefinition, Shown: Sendable>(
      of weakFeature: WeakReference<Feature<Definition>>, owner: String,
      history: InspectorHistory,
      skippable: @escaping @Sendable (Definition.Effect) -> Bool = { _ in true },
      reduce: @escaping @Sendable (Definition, inout Definition.State, Definition.Effect) -> Void,
      render: @escaping @Sendable (Definition.State) -> Shown
    ) -> @Sendable (Set<Int>) async throws -> [RecomputedState] {
      // The steps the last skip left out: the next one recomputes from the first of both, so
      // a step no longer skipped counts again. The client runs commands one at a time.
      let lastSkipped = LockedValue<Set<Int>>([])
      return { skipped in
        guard let feature = weakFeature.value, let id = feature.interceptedInfo?.id,
          let context = history.skipContext(id),
          let log = context.log as? FeatureEventLog<Definition>
        else { throw SkipReplay.Problem.noLog(owner: owner) }
        // Held first: from here on wishes and delivered effects wait, and once the step in
        // progress is done the log has every state the live one came from. Read before that, a
        // wish another thread was handling would be lost when the recomputed state goes live.
        let wasTravelling = feature.isTravelling
        if !wasTravelling { feature.travel(to: feature.state) }
        await feature.idle(waitingForWork: false)
        let previous = lastSkipped.withLock { $0 }
        let outcome: SkipReplay.Outcome<Definition.State>?
        do {
          outcome = try SkipReplay.recompute(
            log.read().entries, skipping: skipped, previous: previous,
            jumps: context.userJumps, skippable: skippable
          ) { [definition = feature.definition] state, effect in
            reduce(definition, &state, effect)
          }
        } catch {
          if !wasTravelling { feature.returnToLive() }
          throw error
        }
        guard let outcome else {
          if !wasTravelling { feature.returnToLive() }
          return []
        }
        lastSkipped.withLock { $0 = skipped }
        feature.travel(to: outcome.final)
        let final = render(outcome.final)
        let list = skipped.sorted().map(String.init).joined(separator: ", ")
        history.recordJump(id, true) {
          RenderedValues(
            text: skipped.isEmpty
              ? "no step skipped: states recomputed"
              : "skipped step\(skipped.count == 1 ? "" : "s") \(list): states recomputed",
            state: ValueEncoding.json(final) ?? .string("\(final)"))
        }
        feature.continueFromTravelledState()
        return outcome.states.map { step, state in
          let shown = render(state)
          return RecomputedState(
            step: step, state: ValueEncoding.json(shown) ?? .string("\(shown)"))
        }
      }
    }

    /// The cases of the samples the app gave, or of every case when the type is `CaseIterable`.
    private static func cases<Wish>(_ samples: [Wish]) -> [WishCase] {
      WishCases.of(samples.isEmpty ? WishCases.allCases(of: Wish.self) : samples)
    }

    private static func make(
      _ target: Target, featureID: UInt64?, wishExample: JSONValue?, wishCases: [WishCase],
      diagram: (@Sendable () -> (dot: String, mermaid: String)?)?,
      history: InspectorHistory
    ) -> InspectorAttachment {
      InspectorAttachment(
        featureID: featureID,
        canTravel: target.travel != nil,
        acceptsWishes: target.send != nil,
        wishExample: wishExample,
        wishCases: wishCases,
        execute: { command in
          await target.execute(
            command, wishExample: wishExample, wishCases: wishCases,
            recordJump: { render in featureID.map { history.recordJump($0, false, render) } })
        },
        diagram: diagram)
    }

    /// How replies name what the commands go to.
    struct Names: Sendable {
      let isStore: Bool
      /// The definition's type name, such as `Loader`, or the store's, such as
      /// `Store<Estimate, EstimateAction>`.
      let owner: String
      let state: String
      let wish: String

      var kind: String { isStore ? "store" : "feature" }
      var wishNoun: String { isStore ? "action" : "wish" }
      var wishes: String { isStore ? "actions" : "wishes" }
    }

    /// The operations the commands need, on a feature or on a store.
    struct Target: Sendable {
      let names: Names
      let isGone: @Sendable () -> Bool
      let isTravelling: @Sendable () -> Bool
      let state: @Sendable () -> (any Sendable)?
      /// `nil` when the state is not `Codable`.
      let travel: (@Sendable (JSONValue) throws -> Void)?
      let returnToLive: @Sendable () -> Void
      let continueFromShown: @Sendable () -> Void
      /// Travels to the state shown, which holds what comes next.
      let pause: @Sendable () -> Void
      /// Sends a wish or dispatches an action; returns its description. `nil` when the type is
      /// not `Decodable`.
      let send: (@Sendable (JSONValue) throws -> String)?
      /// Leaves the effects of some steps out and makes the recomputed state live; `nil` when
      /// the state cannot travel.
      let skip: (@Sendable (Set<Int>) async throws -> [RecomputedState])?

      func execute(
        _ command: InspectorCommand, wishExample: JSONValue?, wishCases: [WishCase],
        recordJump: (@escaping @Sendable () -> RenderedValues) -> Void
      ) async -> CommandReply {
        func reply(_ ok: Bool, _ message: String) -> CommandReply {
          CommandReply(
            requestID: command.requestID, feature: command.feature, ok: ok, message: message)
        }
        guard !isGone() else {
          return reply(false, "The \(names.kind) \(names.owner) is gone (disposed or released).")
        }
        switch command.kind {
        case .travel:
          guard let travel else {
            return reply(false, "\(names.owner)'s state is not Codable, so it cannot travel.")
          }
          guard let json = command.state else {
            return reply(false, "A travel command needs a \"state\".")
          }
          do {
            try travel(json)
            return reply(true, "Travelled; \(names.wishes) are held until back to live.")
          } catch {
            return reply(
              false,
              "The state does not decode as \(names.state): " + InspectorProtocol.describe(error))
          }
        case .live, .resume:
          returnToLive()
          return reply(true, "Back to live.")
        case .continue:
          guard isTravelling() else {
            return reply(
              false,
              "\(names.owner) is live: there is nothing to continue from. Travel or pause first.")
          }
          // The jump goes into the stream first: continuing handles the held wishes at once, and
          // their stages come after it.
          if let state = state() {
            recordJump {
              RenderedValues(
                text: "continued from \(state)",
                state: ValueEncoding.json(state) ?? .string("\(state)"))
            }
          }
          continueFromShown()
          return reply(true, "Continuing from the state shown; the jump is a step of the history.")
        case .pause:
          pause()
          return reply(true, "Paused; \(names.wishes) are held until resumed.")
        case .skip:
          guard let skip else {
            return reply(
              false, "\(names.owner)'s state is not Codable, so it cannot take a recomputed state.")
          }
          do {
            let recomputed = try await skip(Set(command.skipped ?? []))
            var answer = reply(
              true,
              recomputed.isEmpty
                ? "Nothing was skipped before, and nothing is now."
                : "States recomputed from step #\(recomputed[0].step); the last is live, as"
                  + " a jump.")
            answer.recomputed = recomputed
            return answer
          } catch {
            return reply(false, "\(error)")
          }
        case .sendWish:
          guard let send else {
            return reply(
              false,
              "\(names.owner)'s \(names.wishNoun) is not Decodable, so it cannot be sent as JSON.")
          }
          guard let json = command.wish else {
            return reply(false, "A sendWish command needs a \"wish\".")
          }
          do {
            // A travelled or paused feature holds what it is sent: the page shows it as held.
            let held = isTravelling()
            let sent = try send(json)
            guard held else { return reply(true, "Sent \(sent).") }
            return reply(
              true,
              "Held until \(names.owner) is live again (Resume, Back to live or Continue from"
                + " here): \(sent).")
          } catch {
            let problem =
              WishCases.unknownCase(
                in: json, cases: wishCases, typeName: names.wish, error: error)
              ?? Self.caseProblem(json, cases: wishCases, error: error)
            return reply(
              false,
              "The \(names.wishNoun) does not decode as \(names.wish): \(problem)"
                + " Write it as Swift's Codable encodes the \(names.wishNoun)"
                + (wishExample.map { ", for example \(Self.text($0))" } ?? "")
                + (wishCases.isEmpty ? "." : ", or build it in the page's form."))
          }
        }
      }

      /// What decoding found wrong, and what the case takes when the case is known.
      private static func caseProblem(
        _ json: JSONValue, cases: [WishCase], error: any Error
      ) -> String {
        let described = "\(InspectorProtocol.describe(error))."
        guard case .object(let object) = json, object.count == 1, let name = object.keys.first,
          let known = cases.first(where: { $0.name == name })
        else { return described }
        return described + " The case is \(WishCases.signature(known))."
      }

      private static func text(_ value: JSONValue) -> String {
        String(decoding: ValueEncoding.data(value), as: UTF8.self)
      }
    }
  }

  /// A feature or store the client does not keep alive.
  final class WeakReference<Value: AnyObject & Sendable>: Sendable {
    weak let value: Value?

    init(_ value: Value) {
      self.value = value
    }
  }

  /// Decoding helpers for the generic attachments.
  enum JSONDecoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
      try JSONDecoder().decode(type, from: ValueEncoding.data(json))
    }
  }
#endif  // Inspector
