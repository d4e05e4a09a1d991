/// The first message of an app: who it is.
public struct AppHello: Codable, Hashable, Sendable {
  /// The app's name, as the page shows it.
  public var name: String
  /// The platform the app runs on, such as `Linux` or `iOS`.
  public var platform: String
  /// The process identifier, so two copies of one app can be told apart.
  public var processID: Int
  /// When the app's client started, in seconds since 1970 on the app's wall clock: the moment
  /// its steps' ``StageEvent/time`` counts from. The page compares it with its own clock to say
  /// how far behind the steps it shows are. `nil` for a recording, which is not live.
  public var startedAt: Double?

  /// Creates a hello.
  ///
  /// - Parameters:
  ///   - name: The app's name.
  ///   - platform: The platform the app runs on.
  ///   - processID: The process identifier.
  ///   - startedAt: When the app's client started, in seconds since 1970; `nil` when not live.
  public init(name: String, platform: String, processID: Int, startedAt: Double? = nil) {
    self.name = name
    self.platform = platform
    self.processID = processID
    self.startedAt = startedAt
  }
}

/// A feature the app runs, and what the inspector may do with it.
public struct FeatureDescriptor: Codable, Hashable, Sendable {
  /// The feature's identifier, unique in its app.
  public var id: UInt64
  /// The feature's name, when it has one.
  public var name: String?
  /// The name of its definition type.
  public var typeName: String
  /// The name the page shows.
  public var displayName: String
  /// Whether the app lets the inspector move the feature to a state (its state is `Codable`).
  public var canTravel: Bool
  /// Whether the app accepts wishes typed as JSON (its wish is `Decodable`).
  public var acceptsWishes: Bool
  /// A wish in JSON the page offers as a start, when the app gave one.
  public var wishExample: JSONValue?
  /// The wish's cases the page's form offers, each with its values, when the app made them known
  /// (one sample of each). Added in version 1 without a version change: older apps leave it out.
  public var wishCases: [WishCase]?

  /// Creates a descriptor.
  public init(
    id: UInt64, name: String?, typeName: String, displayName: String, canTravel: Bool = false,
    acceptsWishes: Bool = false, wishExample: JSONValue? = nil, wishCases: [WishCase]? = nil
  ) {
    self.id = id
    self.name = name
    self.typeName = typeName
    self.displayName = displayName
    self.canTravel = canTravel
    self.acceptsWishes = acceptsWishes
    self.wishExample = wishExample
    self.wishCases = wishCases
  }
}

/// One stage of one feature: a wish, an action, an effect, a state, news, work.
public struct StageEvent: Codable, Hashable, Sendable {
  /// The feature's identifier (``FeatureDescriptor/id``).
  public var feature: UInt64
  /// The event's number in its app, from 0, with no gaps unless events were dropped.
  public var sequence: UInt64
  /// The stage's name, as `FeatureStage` spells it (`wish`, `state`, `workStarted`, ...), or
  /// ``jumpStage``.
  public var stage: String
  /// Seconds since the app's client started.
  public var time: Double
  /// The stage's values as text, as the app describes them.
  public var text: String
  /// The stage's value as JSON, when its type is `Encodable`.
  public var value: JSONValue?
  /// The feature's state after this stage, as JSON, for `created`, `state` and ``jumpStage``
  /// stages whose state is `Encodable`.
  public var state: JSONValue?
  /// The stage's number among the stages of its feature that the app sent, from 0; what a
  /// recording file numbers its steps by. Added in version 1 without a version change: older
  /// apps leave it out.
  public var step: Int?
  /// For an effect and the work stages: the action behind it, as JSON.
  public var action: JSONValue?
  /// For a `state` stage: the effect that made the state, as JSON.
  public var effect: JSONValue?
  /// For the work stages: which work.
  public var work: WorkDescriptor?
  /// For `workFailed`: the error's description.
  public var error: String?

  /// The stage name of a jump of the live state: "Continue from here" made the travelled-to
  /// state (in ``state``) the live one. No `FeatureStage` reports it; the client sends it between
  /// the stages before and after, without a ``step`` number, and a recording file writes it as a
  /// `created` step, which a replay takes as the same jump.
  public static let jumpStage = "jump"

  /// Creates an event.
  public init(
    feature: UInt64, sequence: UInt64, stage: String, time: Double, text: String,
    value: JSONValue? = nil, state: JSONValue? = nil, step: Int? = nil,
    action: JSONValue? = nil, effect: JSONValue? = nil, work: WorkDescriptor? = nil,
    error: String? = nil
  ) {
    self.feature = feature
    self.sequence = sequence
    self.stage = stage
    self.time = time
    self.text = text
    self.value = value
    self.state = state
    self.step = step
    self.action = action
    self.effect = effect
    self.work = work
    self.error = error
  }
}

/// Asynchronous work of a feature, as the work stages name it.
public struct WorkDescriptor: Codable, Hashable, Sendable {
  /// The work's identifier, unique in its feature.
  public var id: UInt64
  /// The name the Actor gave the work, if any.
  public var name: String?
  /// Whether the Bootstrapper started it.
  public var bootstrapper: Bool

  /// Creates a descriptor.
  ///
  /// - Parameters:
  ///   - id: The work's identifier.
  ///   - name: The work's name.
  ///   - bootstrapper: Whether the Bootstrapper started it.
  public init(id: UInt64, name: String?, bootstrapper: Bool) {
    self.id = id
    self.name = name
    self.bootstrapper = bootstrapper
  }
}

/// A machine's diagram with its current state highlighted.
public struct DiagramUpdate: Codable, Hashable, Sendable {
  /// The feature the machine runs in.
  public var feature: UInt64
  /// The diagram in Graphviz DOT.
  public var dot: String?
  /// The diagram in Mermaid.
  public var mermaid: String?
  /// The diagram drawn as SVG by the inspector, when Graphviz is installed there.
  public var svg: String?
  /// Why there is no SVG, when there is none.
  public var note: String?

  /// Creates an update.
  public init(
    feature: UInt64, dot: String? = nil, mermaid: String? = nil, svg: String? = nil,
    note: String? = nil
  ) {
    self.feature = feature
    self.dot = dot
    self.mermaid = mermaid
    self.svg = svg
    self.note = note
  }
}

/// What the inspector asks an app to do with one of its features.
public struct InspectorCommand: Codable, Hashable, Sendable {
  /// The kinds of command.
  public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
    /// Show ``InspectorCommand/state``; wishes are held until the feature goes back to live.
    case travel
    /// Back to the live state, then the held wishes run.
    case live
    /// Continue from the state shown: it becomes the live state.
    case `continue`
    /// Hold the feature at its current state (a travel to it).
    case pause
    /// Back to live after a pause.
    case resume
    /// Send ``InspectorCommand/wish``, decoded as the feature's wish.
    case sendWish
    /// Leave the effects of the ``InspectorCommand/skipped`` steps out of the history: the
    /// later states are reduced again without them, and the last becomes the live state (a
    /// jump). The set is sent whole each time; an empty one puts the history back.
    case skip
  }

  /// A number the reply repeats.
  public var requestID: Int
  /// The feature's identifier.
  public var feature: UInt64
  /// What to do.
  public var kind: Kind
  /// The state to travel to, for ``Kind/travel``.
  public var state: JSONValue?
  /// The wish to send, for ``Kind/sendWish``.
  public var wish: JSONValue?
  /// The numbers of the `state` steps whose effects are left out, for ``Kind/skip``.
  public var skipped: [Int]?

  /// Creates a command.
  public init(
    requestID: Int, feature: UInt64, kind: Kind, state: JSONValue? = nil, wish: JSONValue? = nil,
    skipped: [Int]? = nil
  ) {
    self.requestID = requestID
    self.feature = feature
    self.kind = kind
    self.state = state
    self.wish = wish
    self.skipped = skipped
  }
}

/// A state worked out again after a skip: the state after a step, had the skipped effects not
/// happened.
public struct RecomputedState: Codable, Hashable, Sendable {
  /// The step's number in the feature's life.
  public var step: Int
  /// The state after it.
  public var state: JSONValue

  /// Creates a recomputed state.
  public init(step: Int, state: JSONValue) {
    self.step = step
    self.state = state
  }
}

/// An app's answer to a command.
public struct CommandReply: Codable, Hashable, Sendable {
  /// The command's ``InspectorCommand/requestID``.
  public var requestID: Int
  /// The feature's identifier.
  public var feature: UInt64
  /// Whether the command was done.
  public var ok: Bool
  /// What was done, or what went wrong and how to fix it.
  public var message: String
  /// For a ``InspectorCommand/Kind/skip`` done: the states from the first skipped step on.
  public var recomputed: [RecomputedState]?

  /// Creates a reply.
  public init(
    requestID: Int, feature: UInt64, ok: Bool, message: String,
    recomputed: [RecomputedState]? = nil
  ) {
    self.requestID = requestID
    self.feature = feature
    self.ok = ok
    self.message = message
    self.recomputed = recomputed
  }
}

/// Events an app could not keep because its buffer was full.
public struct DroppedEvents: Codable, Hashable, Sendable {
  /// Dropped since the last report.
  public var count: Int
  /// Dropped since the client started.
  public var total: Int

  /// Creates a report.
  public init(count: Int, total: Int) {
    self.count = count
    self.total = total
  }
}

/// A message that was refused, and why.
public struct ErrorFrame: Codable, Hashable, Sendable {
  /// A stable code: `tooLarge`, `malformed`, `unsupportedVersion`, `unexpected`, `unknownApp`,
  /// `unknownFeature`.
  public var code: String
  /// What went wrong and how to fix it.
  public var message: String

  /// Creates an error frame.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}

/// The inspector's greeting to a page.
public struct Welcome: Codable, Hashable, Sendable {
  /// The inspector's protocol version.
  public var protocolVersion: Int
  /// Whether Graphviz `dot` draws diagrams on this inspector.
  public var dotAvailable: Bool

  /// Creates a greeting.
  public init(protocolVersion: Int, dotAvailable: Bool) {
    self.protocolVersion = protocolVersion
    self.dotAvailable = dotAvailable
  }
}

/// One case of a feature's wish (or a store's action), as the page's wish form offers it: the
/// app reads it from a sample value it hands the client, since Swift cannot list the cases of an
/// enum with values.
public struct WishCase: Codable, Hashable, Sendable {
  /// The case's name: the key Swift's `Codable` writes it under, such as `enterPlate`.
  public var name: String
  /// The case's values, in their order; empty for a case without values.
  public var fields: [WishField]
  /// The sample as JSON: what the page sends with the fields left as they are.
  public var example: JSONValue

  /// Creates a case.
  ///
  /// - Parameters:
  ///   - name: The case's name.
  ///   - fields: Its values, in order.
  ///   - example: The sample as JSON.
  public init(name: String, fields: [WishField], example: JSONValue) {
    self.name = name
    self.fields = fields
    self.example = example
  }
}

/// One value of a ``WishCase``.
public struct WishField: Codable, Hashable, Sendable {
  /// The key Swift's `Codable` writes the value under: its label, or `_0`, `_1`, … for a value
  /// without one.
  public var key: String
  /// The value's Swift type, such as `String` or `Int`, when known.
  public var type: String?
  /// The sample's value: a start, and what tells the page which kind of input to show.
  public var example: JSONValue

  /// Creates a field.
  ///
  /// - Parameters:
  ///   - key: The key the value is written under.
  ///   - type: The value's Swift type, when known.
  ///   - example: The sample's value.
  public init(key: String, type: String?, example: JSONValue) {
    self.key = key
    self.type = type
    self.example = example
  }
}
