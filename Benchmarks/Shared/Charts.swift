// The statecharts both benchmark programs run.
import FinitaStatechart

/// A three-level hierarchy without parallel regions: `player > playing > buffering/streaming`
/// and its neighbours. The script moves within the leaves, between the middle states and up to
/// the top, so events are handled at every level.
public let hierarchyChart: Statechart = {
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
public let parallelChart: Statechart = {
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
