import FinitaRouting
import Testing

@Suite("Route stack: pushes from the machine, pops reported by the UI")
struct RouteStackTests {
  @Test("push, pop, replace and pop to root change the path, top last")
  func basicMoves() {
    var stack = RouteStack<String>()
    #expect(stack.isEmpty && stack.top == nil)
    stack.push("a")
    stack.push("b")
    #expect(stack.path == ["a", "b"] && stack.top == "b")
    #expect(stack.pop() == "b")
    stack.replace(with: ["home"])
    #expect(stack.path == ["home"])
    stack.popToRoot()
    #expect(stack.pop() == nil)
    #expect(stack == RouteStack())
  }

  @Test("a change is the fewest pops, then the pushes, and applying it reaches the target")
  func changes() {
    let stack = RouteStack(["a", "b", "c"])
    #expect(stack.change(to: ["a", "b", "c"]).isEmpty)
    #expect(stack.change(to: ["a"]) == RouteChange(popCount: 2))
    #expect(stack.change(to: ["a"]).isBack)
    #expect(stack.change(to: ["a", "x"]) == RouteChange(popCount: 2, pushed: ["x"]))
    #expect(stack.change(to: ["a", "b", "c", "d"]) == RouteChange(pushed: ["d"]))
    #expect(stack.change(to: []) == RouteChange(popCount: 3))
    for target in [["a"], ["x", "y"], [], ["a", "b", "c", "d"], ["a", "b", "z"]] {
      var copy = stack
      copy.apply(stack.change(to: target))
      #expect(copy.path == target)
    }
    var short = RouteStack(["a"])
    short.apply(RouteChange(popCount: 5, pushed: ["b"]))
    #expect(short.path == ["b"])
    #expect(RouteChange<String>(popCount: -3).isEmpty)
  }

  @Test("a back swipe reported by the UI takes the same routes off the top")
  func followsAPop() throws {
    var stack = RouteStack(["a", "b", "c"])
    #expect(try stack.follow(reported: ["a", "b", "c"]) == [])
    #expect(try stack.follow(reported: ["a"]) == ["c", "b"])
    #expect(stack.path == ["a"])
  }

  @Test("a path that moves forward from the UI is refused, says why, and changes nothing")
  func refusesForward() {
    var stack = RouteStack(["registerRoot"])
    #expect(throws: RouteError.forwardFromUI(shown: ["registerRoot"], reported: ["emailLogin"])) {
      try stack.follow(reported: ["emailLogin"])
    }
    #expect(stack.path == ["registerRoot"])
    let error = RouteError.forwardFromUI(shown: ["a"], reported: ["a", "b"])
    #expect(
      error.description
        == "The UI reported the path [a, b], but the route stack is [a]: the UI may only take "
        + "routes off the top (back, swipe, pop to root). Send the machine the event that leads "
        + "there instead of pushing in the view, and let the view follow the stack.")
  }
}

/// A navigation container that keeps its screens in an array and counts its transitions.
@MainActor
final class ArrayHost: NavigationHost {
  var shownRoutes: [String] = []
  var changes: [RouteChange<String>] = []
  var follower: RouteFollower<ArrayHost>?

  func show(_ change: RouteChange<String>) {
    changes.append(change)
    shownRoutes.removeLast(change.popCount)
    shownRoutes += change.pushed
  }

  func swipeBack() {
    shownRoutes.removeLast()
    follower?.hostDidShow(shownRoutes)
  }
}

@Suite("Route follower: the host follows the stack, and reports what it did by itself")
@MainActor
struct RouteFollowerTests {
  @Test("following a stack asks the host for one change, and nothing when it shows it already")
  func follows() {
    let host = ArrayHost()
    var reports: [[String]] = []
    let follower = RouteFollower(host: host) { reports.append($0) }
    follower.follow(RouteStack(["a", "b"]))
    follower.follow(RouteStack(["a", "b"]))
    follower.follow(RouteStack(["a", "c"]))
    #expect(
      host.changes == [RouteChange(pushed: ["a", "b"]), RouteChange(popCount: 1, pushed: ["c"])])
    #expect(host.shownRoutes == ["a", "c"])
    #expect(reports.isEmpty)
  }

  @Test("a swipe is reported; the host showing what was followed (a cancelled swipe) is not")
  func reports() {
    let host = ArrayHost()
    var reports: [[String]] = []
    let follower = RouteFollower(host: host) { reports.append($0) }
    host.follower = follower
    follower.follow(RouteStack(["a", "b"]))
    follower.hostDidShow(["a", "b"])
    host.swipeBack()
    #expect(reports == [["a"]])
  }
}
