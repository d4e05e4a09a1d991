import FinitaFixtures
import FinitaTesting
import Foundation
import Testing

private struct Address: Equatable {
  var street: String
  var number: Int
}

private struct Person: Equatable {
  var name: String
  var address: Address
  var nickname: String?
}

private enum Shape: Equatable {
  case point
  case circle(radius: Double)
  case rectangle(Int, Int)
  case labelled(String, Address)
}

private enum Light: CustomStringConvertible {
  case red
  case green

  var description: String { self == .red ? "stop" : "go" }
}

private final class Node {
  var value: Int
  var next: Node?

  init(value: Int, next: Node? = nil) {
    self.value = value
    self.next = next
  }
}

private class Base {
  var id = 1
}

private final class Derived: Base {
  var extra = "x"
}

/// Equal only to itself: two tokens of the same name print alike but are not equal.
private final class Token: Equatable {
  let name: String

  init(name: String) { self.name = name }

  static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
}

/// Hides its secret from reflection.
private struct Sealed: Equatable, CustomReflectable {
  var visible: Int
  var secret: Int

  var customMirror: Mirror { Mirror(self, children: ["visible": visible]) }
}

@Suite("ValueDump")
struct ValueDumpTests {
  private let dump = ValueDump()

  @Test("a nested struct prints one field a line, its parts indented")
  func nestedStruct() {
    let person = Person(name: "Ada", address: Address(street: "Main", number: 3), nickname: nil)
    #expect(
      dump.text(of: person) == """
        Person(
          name: "Ada",
          address: Address(
            street: "Main",
            number: 3,
          ),
          nickname: nil,
        )
        """)
    #expect(
      dump.line(of: person)
        == #"Person(name: "Ada", address: Address(street: "Main", number: 3), nickname: nil)"#)
  }

  @Test("an optional prints as its value")
  func optional() {
    let nickname: String? = "A"
    #expect(dump.text(of: nickname as Any) == #""A""#)
    #expect(dump.text(of: Int?.none as Any) == "nil")
  }

  @Test("enums print their type and case, a payload of plain values on the case's line")
  func enums() {
    #expect(dump.text(of: Shape.point) == "Shape.point")
    #expect(dump.text(of: Shape.circle(radius: 1.5)) == "Shape.circle(radius: 1.5)")
    #expect(dump.text(of: Shape.rectangle(2, 3)) == "Shape.rectangle(2, 3)")
    #expect(dump.text(of: FixtureNews.number(102)) == "FixtureNews.number(102)")
    #expect(
      dump.text(of: Shape.labelled("home", Address(street: "Main", number: 3))) == """
        Shape.labelled(
          "home",
          Address(
            street: "Main",
            number: 3,
          ),
        )
        """)
    #expect(dump.text(of: Light.green) == "Light.go")
  }

  @Test("strings are quoted and escaped, so a dump line never breaks inside one")
  func strings() {
    #expect(dump.text(of: "say \"hi\"\n\tback\\slash") == #""say \"hi\"\n\tback\\slash""#)
    #expect(dump.text(of: "bell\u{7}") == #""bell\u{7}""#)
    #expect(dump.text(of: "") == #""""#)
  }

  @Test("the standard library's and Foundation's values print by their description")
  func described() throws {
    #expect(dump.text(of: Duration.seconds(5)) == "5.0 seconds")
    #expect(dump.text(of: 2.5) == "2.5")
    #expect(dump.text(of: true) == "true")
    #expect(dump.text(of: 1..<3) == "1..<3")
    let url = try #require(URL(string: "https://example.com/a"))
    #expect(dump.text(of: url) == "https://example.com/a")
    let id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    #expect(dump.text(of: id) == id.uuidString)
    #expect(dump.text(of: Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00 +0000")
  }

  @Test("collections print one element a line; sets and dictionaries sorted")
  func collections() {
    #expect(dump.text(of: [1, 2]) == "[\n  1,\n  2,\n]")
    #expect(dump.text(of: [Int]()) == "[]")
    #expect(dump.text(of: Set(["b", "c", "a"])) == "Set([\n  \"a\",\n  \"b\",\n  \"c\",\n])")
    #expect(dump.text(of: ["b": 2, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2,\n]")
    #expect(dump.text(of: [String: Int]()) == "[:]")
    #expect(dump.line(of: [[1], [2, 3]]) == "[[1], [2, 3]]")
    #expect(dump.text(of: (1, label: "x")) == "(\n  1,\n  label: \"x\",\n)")
  }

  @Test("a class prints its fields and its superclass's, and a cycle stops at the repeated object")
  func classes() {
    #expect(dump.line(of: Derived()) == #"Derived(id: 1, extra: "x")"#)
    let first = Node(value: 1)
    let second = Node(value: 2, next: first)
    first.next = second
    #expect(
      dump.text(of: first) == """
        Node(
          value: 1,
          next: Node(
            value: 2,
            next: Node(<cycle>),
          ),
        )
        """)
    // The same object twice, side by side, is not a cycle.
    let shared = Node(value: 7)
    #expect(
      dump.line(of: [shared, shared]) == "[Node(value: 7, next: nil), Node(value: 7, next: nil)]")
  }

  @Test("values nested deeper than the limit print as …")
  func depthLimit() {
    let person = Person(name: "Ada", address: Address(street: "Main", number: 3))
    #expect(
      ValueDump(maxDepth: 1).line(of: person)
        == #"Person(name: "Ada", address: Address(…), nickname: nil)"#)
    #expect(ValueDump(maxDepth: 0).line(of: [1]) == "[…]")
    var chain = Node(value: 0)
    for value in 1...100 { chain = Node(value: value, next: chain) }
    let lines = ValueDump(maxDepth: 4).lines(of: chain)
    #expect(lines.contains("        next: Node(…),"))
    #expect(lines.count == 13)
  }

  @Test("type names drop their module and the address of a private type's context")
  func typeNames() {
    #expect(ValueDump.typeName(Int?.self) == "Optional<Int>")
    #expect(ValueDump.typeName([String: [Address]].self) == "Dictionary<String, Array<Address>>")
    #expect(ValueDump.typeName(FixtureState.self) == "FixtureState")
    #expect(ValueDump.typeName((Int, Shape).self) == "(Int, Shape)")
  }
}

@Suite("LineDiff")
struct LineDiffTests {
  @Test("a changed field of a nested struct shows as one removed and one added line")
  func nestedStructDiff() {
    let expected = Person(name: "Ada", address: Address(street: "Main", number: 3))
    var actual = expected
    actual.address.number = 4
    #expect(
      LineDiff.values(expected: expected, actual: actual) == """
          Person(
            name: "Ada",
            address: Address(
              street: "Main",
        −     number: 3,
        +     number: 4,
            ),
            nickname: nil,
          )
        """)
  }

  @Test("an enum with another payload shows the case's line changed")
  func enumDiff() {
    #expect(
      LineDiff.values(expected: FixtureNews.number(101), actual: FixtureNews.number(102))
        == "− FixtureNews.number(101)\n+ FixtureNews.number(102)")
    #expect(
      LineDiff.values(expected: Shape.circle(radius: 1), actual: Shape.point)
        == "− Shape.circle(radius: 1.0)\n+ Shape.point")
  }

  @Test("an element inserted into a collection is one added line")
  func insertedElement() {
    let expected = ["a", "b", "d"]
    let actual = ["a", "b", "c", "d"]
    #expect(
      LineDiff.values(expected: expected, actual: actual) == """
          [
            "a",
            "b",
        +   "c",
            "d",
          ]
        """)
    let diff = LineDiff(expected: ["x", "y"], actual: ["y", "x", "y"])
    #expect(diff.lines == [.added("y"), .unchanged("x"), .unchanged("y")])
    #expect(diff.hasChanges)
    #expect(!LineDiff(expected: ["x"], actual: ["x"]).hasChanges)
  }

  @Test("long runs of unchanged lines are collapsed, keeping the context and the ends")
  func collapsing() {
    let expected = (0..<20).map { "  line \($0)" }
    var actual = expected
    actual[10] = "  changed"
    let text = LineDiff(expected: expected, actual: actual).text(context: 2)
    #expect(
      text == """
            line 0
            … (7 unchanged)
            line 8
            line 9
        −   line 10
        +   changed
            line 11
            line 12
            … (6 unchanged)
            line 19
        """)
    // A run that hides a single line prints it instead of a marker.
    let short = LineDiff(expected: ["a", "b", "c", "d", "x"], actual: ["a", "b", "c", "d", "y"])
    #expect(short.text(context: 2) == "  a\n  b\n  c\n  d\n− x\n+ y")
  }

  @Test("texts with nothing in common are removed, then added")
  func disjoint() {
    #expect(
      LineDiff(expected: ["a", "b"], actual: ["c"]).lines == [
        .removed("a"), .removed("b"), .added("c"),
      ])
    #expect(LineDiff(expected: [], actual: ["c"]).text() == "+ c")
  }

  @Test("unequal values that print the same are said to, instead of an empty diff")
  func unequalButAlike() {
    let text = LineDiff.values(
      expected: Sealed(visible: 1, secret: 1), actual: Sealed(visible: 1, secret: 2))
    #expect(text.hasPrefix("The values are not equal, but they print the same:\n\n  Sealed(\n"))
    #expect(text.contains("    visible: 1,\n  )"))
    #expect(!text.contains("−") && !text.contains("+ "))
    let alike = LineDiff.values(expected: Token(name: "a"), actual: Token(name: "a"))
    #expect(alike.hasPrefix("The values are not equal, but they print the same:\n\n  Token(\n"))
    #expect(LineDiff.values(expected: Double.nan, actual: Double.nan).contains("\n  nan\n"))
  }
}
