#if Spec
  extension SwiftGenerator {
    /// The replay of a feature's scenarios: each on a new feature of the spec's definition, its
    /// Reducer wrapped to log effects, its observers logging states and news.
    func featureReplay(_ feature: FeatureSpec) -> String {
      let name = feature.name.value
      let wishes = Dictionary(feature.wishes.map { ($0.name.value, $0) }) { first, _ in first }
      var out = CodeWriter()
      out.line(header)
      out.line()
      out.line("import Finita")
      out.line("import Foundation")
      out.line()
      out.line("/// Replays the scenarios of \(name)'s spec, each on a new feature of \(name).")
      out.block("enum \(name)Replay {") { out in
        out.line("/// A step of a scenario: a wish to send, or the end of the feature.")
        out.block("enum Step {") { out in
          out.line("case wish(\(name)Wish)")
          out.line("case dispose")
        }
        out.line()
        out.line("/// Every scenario's `scenario N: steps` line, then what the feature did.")
        out.block("static func scenarioTrace() -> [String] {") { out in
          out.line("var lines: [String] = []")
          for (index, scenario) in feature.scenarios.enumerated() {
            let title =
              "scenario \(index + 1): "
              + scenario.steps.map(\.description).joined(separator: ", ")
            out.line("lines.append(\(Self.quoted(title)))")
            out.block("lines += trace([", close: "])") { out in
              for step in scenario.steps {
                guard let wish = wishes[step.event.value] else {
                  out.line(".dispose,")
                  continue
                }
                let sample = Self.sampleParts(wish, step: step)
                let single = ".wish(\(Self.joined(sample))),"
                if out.fits(single) {
                  out.line(single)
                } else {
                  out.block(".wish(", close: "),") { out in
                    out.fill(sample.head + "(", sample.arguments, tail: ")")
                  }
                }
              }
            }
          }
          out.line("return lines")
        }
        out.line()
        out.line("/// Runs `steps` on a new feature and lists, in the order they happened, each")
        out.line("/// step (`> wish ...`, `> dispose`), effect, state and news.")
        out.block("static func trace(_ steps: [Step]) -> [String] {") { out in
          out.line("let log = \(name)ReplayLog()")
          out.block("let feature = Feature(", close: ")") { out in
            out.line("initialState: \(name)State(),")
            out.line("definition: \(name)ReplayDefinition(base: \(name)(), log: log),")
            out.line("startsImmediately: false")
          }
          out.line("let states = feature.observeState { log.add(\"state \\($0)\") }")
          if !feature.news.isEmpty {
            out.line("let news = feature.observeNews { log.add(\"news \\($0)\") }")
          }
          out.line("log.add(\"> start\")")
          out.line("feature.start()")
          out.block("for step in steps {") { out in
            out.switchBlock("switch step {") { out in
              out.line("case .wish(let wish):")
              out.indented { out in
                out.line("log.add(\"> wish \\(wish)\")")
                out.line("feature.accept(wish)")
              }
              out.line("case .dispose:")
              out.indented { out in
                out.line("log.add(\"> dispose\")")
                out.line("feature.dispose()")
              }
            }
          }
          out.line("states.cancel()")
          if !feature.news.isEmpty {
            out.line("news.cancel()")
          }
          out.line("return log.lines")
        }
      }
      out.line()
      out.line("/// The lines of one replay, written by the feature's observers and its Reducer.")
      out.block("final class \(name)ReplayLog: @unchecked Sendable {") { out in
        out.line("// Safe: `storage` is only read and written while `lock` is held.")
        out.line("private let lock = NSLock()")
        out.line("private var storage: [String] = []")
        out.line()
        out.line("/// Appends a line.")
        out.block("func add(_ line: String) {") { out in
          out.line("lock.lock()")
          out.line("defer { lock.unlock() }")
          out.line("storage.append(line)")
        }
        out.line()
        out.line("/// The lines so far.")
        out.block("var lines: [String] {") { out in
          out.line("lock.lock()")
          out.line("defer { lock.unlock() }")
          out.line("return storage")
        }
      }
      out.line()
      out.line("/// \(name), with each effect logged before its Reducer applies it.")
      out.block("struct \(name)ReplayDefinition: FeatureDefinition {") { out in
        out.line("typealias State = \(name)State")
        out.line("typealias Wish = \(name)Wish")
        out.line("typealias Effect = \(name)Effect")
        if !feature.news.isEmpty {
          out.line("typealias News = \(name)News")
        }
        out.line()
        out.line("/// The definition replayed.")
        out.line("let base: \(name)")
        out.line("/// Where effects are logged.")
        out.line("let log: \(name)ReplayLog")
        out.line()
        out.line("/// The base's Actor.")
        out.block("func act(_ state: State, _ action: Wish) -> Effects<Effect> {") { out in
          out.line("base.act(state, action)")
        }
        out.line()
        out.line("/// Logs the effect, then the base's Reducer applies it.")
        out.block("func reduce(_ state: inout State, _ effect: Effect) {") { out in
          out.line("log.add(\"effect \\(effect)\")")
          out.line("base.reduce(&state, effect)")
        }
        if !feature.news.isEmpty {
          out.line()
          out.line("/// The base's NewsPublisher.")
          out.block(
            "func publishNews(_ action: Wish, _ effect: Effect, _ state: State) -> News? {"
          ) { out in
            out.line("base.publishNews(action, effect, state)")
          }
        }
        out.line()
        out.line("/// The base's PostProcessor.")
        out.block("func postProcess(_ action: Wish, _ effect: Effect, _ state: State) -> Wish? {") {
          out in
          out.line("base.postProcess(action, effect, state)")
        }
        out.line()
        out.line("/// The base's Bootstrapper.")
        out.block("func bootstrap() -> Effects<Wish> {") { out in
          out.line("base.bootstrap()")
        }
        out.line()
        out.line("/// The base's effect for an error of asynchronous work.")
        out.block("func effect(for error: any Error, from action: Wish) -> Effect? {") { out in
          out.line("base.effect(for: error, from: action)")
        }
      }
      return out.text
    }

    /// The `main.swift` of a feature's replay program: it prints the trace of the scenarios.
    func featureReplayMain(_ feature: FeatureSpec) -> String {
      let name = feature.name.value
      var out = CodeWriter()
      out.line(header)
      out.line("// The replay program of \(name): prints the trace of its spec's scenarios.")
      out.line()
      out.line("import Finita")
      out.line()
      out.block("for line in \(name)Replay.scenarioTrace() {") { out in
        out.line("print(line)")
      }
      return out.text
    }
  }
#endif  // Spec
