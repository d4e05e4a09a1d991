import Finita
import FinitaRedux
import Testing

@Suite("The shape of state: Loadable and EntityTable (seed 004)")
struct ShapeOfStateTests {
  struct User: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
  }

  struct Failure: Error, Equatable, Sendable {
    var message: String
  }

  @Test("a loadable keeps the last value through a reload and a failure")
  func loadable() {
    var user = Loadable<User, Failure>.idle
    #expect(user.value == nil && !user.isLoading && user.error == nil)
    user.startLoading()
    #expect(user == .loading(previous: nil))
    user.finish(with: .success(User(id: 1, name: "Ann")))
    #expect(user == .loaded(User(id: 1, name: "Ann")))
    user.startLoading()
    #expect(user.isLoading && user.value == User(id: 1, name: "Ann"))
    user.finish(with: .failure(Failure(message: "offline")))
    #expect(user == .failed(Failure(message: "offline"), previous: User(id: 1, name: "Ann")))
    #expect(user.error == Failure(message: "offline"))
    #expect(user.map(\.name) == .failed(Failure(message: "offline"), previous: "Ann"))
    user.startLoading()
    #expect(user == .loading(previous: User(id: 1, name: "Ann")))
  }

  @Test("a table keeps each entity once, in order, updated in place")
  func table() {
    var users: EntityTable<User> = [User(id: 1, name: "Ann"), User(id: 2, name: "Bob")]
    users.upsert(contentsOf: [User(id: 2, name: "Bobby"), User(id: 3, name: "Cy")])
    #expect(users.map(\.name) == ["Ann", "Bobby", "Cy"])
    #expect(users.ids == [1, 2, 3])
    users[id: 1]?.name = "Anna"
    #expect(users[id: 1] == User(id: 1, name: "Anna"))
    users[id: 2] = nil
    #expect(users.ids == [1, 3] && users.count == 2)
    #expect(users.remove(id: 2) == nil)
    #expect(users.remove(id: 3) == User(id: 3, name: "Cy"))
    // A value stored under another identifier moves to its own.
    users[id: 1] = User(id: 9, name: "Nine")
    #expect(users.ids == [9] && users[id: 1] == nil)
    #expect(EntityTable([User(id: 1, name: "A"), User(id: 1, name: "B")]).map(\.name) == ["B"])
  }

  @Test("tables are equal with the same entities in the same order")
  func equality() {
    let ann = User(id: 1, name: "Ann")
    let bob = User(id: 2, name: "Bob")
    #expect(EntityTable([ann, bob]) == EntityTable([ann, bob]))
    #expect(EntityTable([ann, bob]) != EntityTable([bob, ann]))
    #expect(EntityTable([ann]) != EntityTable([User(id: 1, name: "Anne")]))
  }

  struct ChatState: Equatable, Sendable {
    var users = EntityTable<User>()
    var profile = Loadable<User, Failure>.idle
  }

  enum ChatAction: Sendable {
    case usersArrived([User])
    case renamed(id: Int, name: String)
    case left(id: Int)
    case profileRequested
    case profileArrived(Result<User, Failure>)
  }

  static func reduce(_ state: inout ChatState, _ action: ChatAction) {
    switch action {
    case .usersArrived(let users): state.users.upsert(contentsOf: users)
    case .renamed(let id, let name): state.users[id: id]?.name = name
    case .left(let id): state.users[id: id] = nil
    case .profileRequested: state.profile.startLoading()
    case .profileArrived(let result): state.profile.finish(with: result)
    }
  }

  static let actions: [ChatAction] = [
    .usersArrived([User(id: 1, name: "Ann"), User(id: 2, name: "Bob")]),
    .renamed(id: 2, name: "Bobby"), .profileRequested,
    .profileArrived(.success(User(id: 1, name: "Ann"))), .left(id: 1),
    .usersArrived([User(id: 3, name: "Cy")]),
  ]

  static let expected = ChatState(
    users: [User(id: 2, name: "Bobby"), User(id: 3, name: "Cy")],
    profile: .loaded(User(id: 1, name: "Ann")))

  @Test("the same reducer over both types, in a store and in a feature")
  func storeAndFeature() async {
    let store = Store(initialState: ChatState(), reduce: Self.reduce)
    for action in Self.actions { store.dispatch(action) }
    #expect(store.state == Self.expected)
    store.dispose()

    struct Chat: ReducerOnlyDefinition {
      typealias State = ChatState
      typealias Wish = ChatAction
      func reduce(_ state: inout ChatState, _ effect: ChatAction) {
        ShapeOfStateTests.reduce(&state, effect)
      }
    }
    let feature = Feature(initialState: ChatState(), definition: Chat())
    for action in Self.actions { feature.accept(action) }
    #expect(feature.state == Self.expected)
    feature.dispose()
  }
}
