import Finita
import FinitaRedux
import Foundation
import Testing

@Suite("The shape of state: Loadable and EntityTable (seed 004)")
struct ShapeOfStateTests {
  struct User: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var name: String
  }

  struct Failure: Error, Equatable, Codable, Sendable {
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

  @Test("both encode as JSON and decode back; a table decodes a repeated identifier in place")
  func codable() throws {
    let stages: [Loadable<User, Failure>] = [
      .idle, .loading(previous: nil), .loading(previous: User(id: 1, name: "Ann")),
      .loaded(User(id: 2, name: "Bo")), .failed(Failure(message: "offline"), previous: nil),
    ]
    for stage in stages {
      let data = try JSONEncoder().encode(stage)
      #expect(try JSONDecoder().decode(Loadable<User, Failure>.self, from: data) == stage)
    }
    let table: EntityTable<User> = [User(id: 2, name: "Bo"), User(id: 1, name: "Ann")]
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    let text = String(decoding: try sorted.encode(table), as: UTF8.self)
    #expect(text == #"[{"id":2,"name":"Bo"},{"id":1,"name":"Ann"}]"#)
    #expect(try JSONDecoder().decode(EntityTable<User>.self, from: Data(text.utf8)) == table)
    // As `init(_:)`: the later entity replaces the earlier one, in its place.
    let repeated = Data(#"[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":1,"name":"C"}]"#.utf8)
    let decoded = try JSONDecoder().decode(EntityTable<User>.self, from: repeated)
    #expect(decoded.map(\.name) == ["C", "B"])
    // Not an array: the decoder's error, never a crash.
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(EntityTable<User>.self, from: Data(#"{"id":1}"#.utf8))
    }
  }
}
