import Benchmark
import FinitaStatechart

/// A three-level hierarchy without parallel regions: `player > playing > buffering/streaming`
/// and its neighbours. The script moves within the leaves, between the middle states and up to
/// the top, so events are handled at every level.
let hierarchyChart: Statechart = {
  do {
    return try Statechart(name: "hierarchy") {
      State("player", initial: "stopped") {
        State("stopped") {
          On("play", to: "playing")
        }
        State("playing", initial: "buffering") {
          State("buffering") { On("ready", to: "streaming") }
          State("streaming") { On("stall", to: "buffering") }
          On("pause", to: "paused")
          On("stop", to: "stopped")
        }
        State("paused") {
          On("play", to: "playing")
          On("stop", to: "stopped")
        }
        On("eject", to: "ejected")
      }
      State("ejected") { On("load", to: "player") }
    }
  } catch {
    preconditionFailure("Internal inconsistency: the benchmark chart is invalid: \(error)")
  }
}()

/// Two parallel regions of two levels each, as in "logged in runs sync and chat side by side".
let parallelChart: Statechart = {
  do {
    return try Statechart(name: "parallel") {
      Parallel("loggedIn") {
        State("sync", initial: "idle") {
          State("idle") { On("sync", to: "syncing") }
          State("syncing") { On("synced", to: "idle") }
        }
        State("chat", initial: "offline") {
          State("offline") { On("connect", to: "online") }
          State("online") {
            On("disconnect", to: "offline")
          }
        }
        On("logout", to: "loggedOut")
      }
      State("loggedOut") { On("login", to: "loggedIn") }
    }
  } catch {
    preconditionFailure("Internal inconsistency: the benchmark chart is invalid: \(error)")
  }
}()

func registerStatechartBenchmarks() {
  Benchmark(
    "statechart: three-level hierarchy, per event",
    configuration: tuned(.init(scalingFactor: .mega, maxIterations: 11))
  ) { benchmark in
    let script = [
      "play", "ready", "stall", "ready", "pause", "play", "stop", "play", "eject", "load",
    ].map(hierarchyChart.event)
    var machine = StatechartMachine(hierarchyChart)
    var position = 0
    for _ in benchmark.scaledIterations {
      blackHole(machine.send(script[position]))
      position = position == script.count - 1 ? 0 : position + 1
    }
    blackHole(machine.configuration)
  }

  Benchmark(
    "statechart: two parallel regions, per event",
    configuration: tuned(.init(scalingFactor: .mega, maxIterations: 11))
  ) { benchmark in
    let script = [
      "sync", "connect", "synced", "disconnect", "sync", "logout", "login", "connect",
    ].map(parallelChart.event)
    var machine = StatechartMachine(parallelChart)
    var position = 0
    for _ in benchmark.scaledIterations {
      blackHole(machine.send(script[position]))
      position = position == script.count - 1 ? 0 : position + 1
    }
    blackHole(machine.configuration)
  }
}
