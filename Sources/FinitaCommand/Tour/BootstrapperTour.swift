import Finita

/// A session feature whose Bootstrapper restores the saved user at start and then listens to
/// an outside source of logouts for as long as the feature lives.
struct Session: FeatureDefinition {
  struct State: Sendable, CustomStringConvertible {
    var user: String?
    var unread = 0
    var description: String { "\(user.map { "user \($0)" } ?? "logged out"), unread \(unread)" }
  }

  enum Wish: Sendable {
    case readAll
  }

  enum Action: Sendable {
    case readAll
    case restoreSession
    case userDidLogOut
  }

  enum Effect: Sendable {
    case sessionRestored(user: String, unread: Int)
    case allRead
    case loggedOut
  }

  enum News: Sendable {
    case sessionEnded
  }

  /// The user the app saved last time.
  let savedUser: String
  /// Logouts made elsewhere: another device, an expired token.
  let logouts: AsyncStream<Void>

  func wishToAction(_ wish: Wish) -> Action {
    switch wish {
    case .readAll: .readAll
    }
  }

  func bootstrap() -> Effects<Action> {
    .concatenate(
      .just(.restoreSession),
      .run(name: "logouts") { [logouts] send in
        for await _ in logouts { send(.userDidLogOut) }
      }
    )
  }

  func act(_ state: State, _ action: Action) -> Effects<Effect> {
    switch action {
    case .restoreSession: .just(.sessionRestored(user: savedUser, unread: 3))
    case .readAll: state.user == nil ? .none : .just(.allRead)
    case .userDidLogOut: state.user == nil ? .none : .just(.loggedOut)
    }
  }

  func reduce(_ state: inout State, _ effect: Effect) {
    switch effect {
    case .sessionRestored(let user, let unread):
      state.user = user
      state.unread = unread
    case .allRead:
      state.unread = 0
    case .loggedOut:
      state = State()
    }
  }

  func publishNews(_ action: Action, _ effect: Effect, _ state: State) -> News? {
    if case .loggedOut = effect { return .sessionEnded }
    return nil
  }
}

enum BootstrapperTour {
  static func run(_ output: inout TourOutput) async {
    output.section("Bootstrapper: a session restored at start, then a logout from outside")
    let (logouts, logout) = AsyncStream.makeStream(of: Void.self)
    let session = Feature(
      initialState: Session.State(),
      definition: Session(savedUser: "ada", logouts: logouts),
      configuration: .init(name: "Session"),
      trace: tracePrinter(Session.self)
    )
    output.note("(the Bootstrapper ran before the first wish: \(session.state))")
    session.accept(.readAll)
    output.note("(another device logs out: the Bootstrapper's subscription sends an action)")
    logout.yield()
    logout.finish()
    await session.idle()
    session.dispose()
  }
}
