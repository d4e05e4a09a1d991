/// One message between an app, the inspector and a page.
///
/// On the wire a message is one JSON object: `v` (the protocol version), `type` (the case's name),
/// `app` (which app, on the inspector's side), and the payload's fields:
///
/// ```json
/// {"v":1,"type":"command","app":"a1","requestID":3,"feature":2,"kind":"travel","state":"paid"}
/// ```
public enum InspectorMessage: Hashable, Sendable {
  /// App to inspector, first: who the app is. Inspector to page: an app connected.
  case hello(AppHello)
  /// Inspector to page: the inspector's version and abilities.
  case welcome(Welcome)
  /// A feature the app runs.
  case feature(FeatureDescriptor)
  /// Stages, oldest first.
  case events([StageEvent])
  /// A machine's diagram.
  case diagram(DiagramUpdate)
  /// Events the app dropped.
  case dropped(DroppedEvents)
  /// Page to inspector to app: do something with a feature.
  case command(InspectorCommand)
  /// App to inspector to page: the command's outcome.
  case reply(CommandReply)
  /// Inspector to page: the app disconnected.
  case appGone
  /// A message was refused.
  case error(ErrorFrame)

  /// The name the message has on the wire, its `type`.
  public var type: String {
    switch self {
    case .hello: "hello"
    case .welcome: "welcome"
    case .feature: "feature"
    case .events: "events"
    case .diagram: "diagram"
    case .dropped: "dropped"
    case .command: "command"
    case .reply: "reply"
    case .appGone: "appGone"
    case .error: "error"
    }
  }
}

/// A message with its version and, on the inspector's side, its app.
public struct InspectorEnvelope: Hashable, Sendable, Codable {
  /// The protocol version the message is written in.
  public var version: Int
  /// The app the message is about, as the inspector names it; `nil` between an app and the
  /// inspector.
  public var app: String?
  /// The message.
  public var message: InspectorMessage

  /// Wraps a message in the current protocol version.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - app: The app it is about.
  public init(_ message: InspectorMessage, app: String? = nil) {
    version = InspectorProtocol.version
    self.app = app
    self.message = message
  }

  private enum CodingKeys: String, CodingKey {
    case v, type, app, events
  }

  /// Reads an envelope; the payload's fields sit beside `v`, `type` and `app`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a field is missing or has the wrong type, or the type is
  ///   unknown.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .v)
    app = try container.decodeIfPresent(String.self, forKey: .app)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "hello": message = .hello(try AppHello(from: decoder))
    case "welcome": message = .welcome(try Welcome(from: decoder))
    case "feature": message = .feature(try FeatureDescriptor(from: decoder))
    case "events": message = .events(try container.decode([StageEvent].self, forKey: .events))
    case "diagram": message = .diagram(try DiagramUpdate(from: decoder))
    case "dropped": message = .dropped(try DroppedEvents(from: decoder))
    case "command": message = .command(try InspectorCommand(from: decoder))
    case "reply": message = .reply(try CommandReply(from: decoder))
    case "appGone": message = .appGone
    case "error": message = .error(try ErrorFrame(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription: "unknown message type \"\(type)\"")
    }
  }

  /// Writes the envelope with the payload's fields beside `v`, `type` and `app`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .v)
    try container.encode(message.type, forKey: .type)
    try container.encodeIfPresent(app, forKey: .app)
    switch message {
    case .hello(let payload): try payload.encode(to: encoder)
    case .welcome(let payload): try payload.encode(to: encoder)
    case .feature(let payload): try payload.encode(to: encoder)
    case .events(let events): try container.encode(events, forKey: .events)
    case .diagram(let payload): try payload.encode(to: encoder)
    case .dropped(let payload): try payload.encode(to: encoder)
    case .command(let payload): try payload.encode(to: encoder)
    case .reply(let payload): try payload.encode(to: encoder)
    case .appGone: break
    case .error(let payload): try payload.encode(to: encoder)
    }
  }
}
