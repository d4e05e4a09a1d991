#if Inspector
  import Finita
  import FinitaInspectorProtocol
  import Foundation

  /// What the client may do with one feature the app handed it.
  struct InspectorAttachment: Sendable {
    /// The feature's number in the events the client streams (`FeatureInfo.id`); `nil` when no
    /// interceptor sees the feature or it was disposed already: nothing is left to bind to it.
    let featureID: UInt64?
    let canTravel: Bool
    let acceptsWishes: Bool
    let wishExample: JSONValue?
    let execute: @Sendable (InspectorCommand) -> CommandReply
    let diagram: (@Sendable () -> (dot: String, mermaid: String)?)?

    static func make<Definition: FeatureDefinition>(
      _ feature: Feature<Definition>,
      wishExample: Definition.Wish?,
      decodeState: (@Sendable (JSONValue) throws -> Definition.State)?,
      decodeWish: (@Sendable (JSONValue) throws -> Definition.Wish)?,
      diagram: (@Sendable (Definition.State) -> (dot: String, mermaid: String))?,
      recordJump: @escaping @Sendable (UInt64, @escaping @Sendable () -> RenderedValues) -> Void
    ) -> InspectorAttachment {
      let weakFeature = WeakFeature(feature)
      let typeName = String(describing: Definition.self)
      let featureID = feature.isDisposed ? nil : feature.interceptedInfo?.id
      let execute: @Sendable (InspectorCommand) -> CommandReply = { command in
        Self.execute(
          command, on: weakFeature.feature, typeName: typeName, decodeState: decodeState,
          decodeWish: decodeWish, wishExample: wishExample,
          recordJump: { render in featureID.map { recordJump($0, render) } })
      }
      var drawCurrent: (@Sendable () -> (dot: String, mermaid: String)?)?
      if let diagram {
        drawCurrent = {
          guard let feature = weakFeature.feature else { return nil }
          return diagram(feature.state)
        }
      }
      let example: JSONValue? = wishExample.flatMap { ValueEncoding.json($0) }
      return InspectorAttachment(
        featureID: featureID,
        canTravel: decodeState != nil,
        acceptsWishes: decodeWish != nil,
        wishExample: example,
        execute: execute,
        diagram: drawCurrent)
    }

    private static func execute<Definition: FeatureDefinition>(
      _ command: InspectorCommand,
      on feature: Feature<Definition>?,
      typeName: String,
      decodeState: (@Sendable (JSONValue) throws -> Definition.State)?,
      decodeWish: (@Sendable (JSONValue) throws -> Definition.Wish)?,
      wishExample: Definition.Wish?,
      recordJump: (@escaping @Sendable () -> RenderedValues) -> Void
    ) -> CommandReply {
      func reply(_ ok: Bool, _ message: String) -> CommandReply {
        CommandReply(
          requestID: command.requestID, feature: command.feature, ok: ok, message: message)
      }
      guard let feature, !feature.isDisposed else {
        return reply(false, "The feature \(typeName) is gone (disposed or released).")
      }
      switch command.kind {
      case .travel:
        guard let decodeState else {
          return reply(false, "\(typeName)'s state is not Codable, so it cannot travel.")
        }
        guard let json = command.state else {
          return reply(false, "A travel command needs a \"state\".")
        }
        do {
          feature.travel(to: try decodeState(json))
          return reply(true, "Travelled; wishes are held until back to live.")
        } catch {
          return reply(
            false,
            "The state does not decode as \(typeName).State: "
              + InspectorProtocol.describe(error))
        }
      case .live, .resume:
        feature.returnToLive()
        return reply(true, "Back to live.")
      case .continue:
        guard feature.isTravelling else {
          return reply(
            false, "\(typeName) is live: there is nothing to continue from. Travel or pause first.")
        }
        // The jump goes into the stream first: continuing handles the held wishes at once, and
        // their stages come after it.
        let state = feature.state
        recordJump {
          RenderedValues(
            text: "continued from \(state)",
            state: ValueEncoding.json(state) ?? .string("\(state)"))
        }
        feature.continueFromTravelledState()
        return reply(true, "Continuing from the state shown; the jump is a step of the history.")
      case .pause:
        feature.travel(to: feature.state)
        return reply(true, "Paused; wishes are held until resumed.")
      case .sendWish:
        guard let decodeWish else {
          return reply(false, "\(typeName)'s wish is not Decodable, so it cannot be sent as JSON.")
        }
        guard let json = command.wish else {
          return reply(false, "A sendWish command needs a \"wish\".")
        }
        do {
          let wish = try decodeWish(json)
          feature.accept(wish)
          return reply(true, "Sent \(wish).")
        } catch {
          return reply(
            false,
            "The wish does not decode as \(typeName).Wish: \(InspectorProtocol.describe(error))."
              + " Write it as Swift's Codable encodes the wish"
              + (wishExample.map { ", for example \(Self.text(ValueEncoding.json($0)))" } ?? "."))
        }
      }
    }

    private static func text(_ value: JSONValue?) -> String {
      guard let value else { return "" }
      return String(decoding: ValueEncoding.data(value), as: UTF8.self)
    }
  }

  /// A feature the client does not keep alive.
  final class WeakFeature<Definition: FeatureDefinition>: Sendable {
    weak let feature: Feature<Definition>?

    init(_ feature: Feature<Definition>) {
      self.feature = feature
    }
  }

  /// Decoding helpers for the generic attachments.
  enum JSONDecoding {
    static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue) throws -> Value {
      try JSONDecoder().decode(type, from: ValueEncoding.data(json))
    }
  }
#endif  // Inspector
