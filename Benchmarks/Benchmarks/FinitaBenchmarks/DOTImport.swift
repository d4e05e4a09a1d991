import Benchmark
import FinitaAutomaton
import Foundation

/// A Mealy machine as AALpy writes a learned model to DOT: `s0 [label="s0"];` for each state,
/// `s0 -> s1  [label="input/output"];` for each transition and a `__start0` marker. Inputs and
/// outputs look like those of the learned TCP and MQTT models. The same seed gives the same file.
func learnedMealyDOT(states: Int, seed: UInt64) -> String {
  let inputs = [
    "ACK+PSH(V,V,1)", "ACK+RST(V,V,0)", "ACK(V,V,0)", "FIN+ACK(V,V,0)", "SYN+ACK(V,V,0)",
    "SYN(V,V,0)", "RST(V,V,0)", "CLOSECONNECTION", "ACCEPT", "LISTEN", "RCV", "SEND",
  ]
  let outputs = [
    "ACK+RST(NEXT,CURRENT,0)", "ACK+SYN(FRESH,NEXT,0)", "ACK(NEXT,CURRENT,0)", "TIMEOUT",
    "ACK+FIN(NEXT,CURRENT,0)", "RST(ZERO,ZERO,0)", "ACK+PSH(NEXT,CURRENT,1)",
    "CONNACK__Pub(c0,my_topic,hello)", "SUBACK__Pub(c0,my_topic,bye)", "EMPTY__c0_ConnectionClosed",
  ]
  var random = seed | 1
  func next(_ bound: Int) -> Int {
    // xorshift64*: small, deterministic, good enough to spread targets.
    random ^= random >> 12
    random ^= random << 25
    random ^= random >> 27
    return Int((random &* 2_685_821_657_736_338_717) >> 33) % bound
  }
  var text = "digraph learnedModel {\n"
  for state in 0..<states {
    text += "s\(state) [label=\"s\(state)\"];\n"
  }
  for state in 0..<states {
    for input in inputs {
      let output = outputs[next(outputs.count)]
      text += "s\(state) -> s\(next(states))  [label=\"\(input)/\(output)\"];\n"
    }
  }
  text += "__start0 [label=\"\", shape=none];\n__start0 -> s0  [label=\"\"];\n}\n"
  return text
}

/// The 600 KB model of the issue: 500 states, 6,000 transitions.
let learnedMealy600KB = learnedMealyDOT(states: 500, seed: 18)

/// The peak resident memory since `resetPeakMemory()`, from `/proc/self/status` (Linux), or
/// `nil` where that is not available.
func peakMemory() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return nil }
  return kilobytes * 1024
}

/// Starts a new peak-memory reading: the kernel resets the high-water mark to the current
/// resident memory (Linux 4.0 and later).
func resetPeakMemory() {
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

func registerDOTImportBenchmarks() {
  Benchmark(
    "DOT import: 600 KB Mealy model",
    configuration: tuned(
      .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResidentDelta],
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 200
      ))
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try DOTImporter.mealyMachine(from: learnedMealy600KB))
    }
  }

  Benchmark(
    "DOT import: peak memory per file byte, 5 MB model",
    configuration: oneShot(measuring: "peak bytes per file byte")
  ) { benchmark in
    let text = learnedMealyDOT(states: isSmokeRun ? 50 : 4_200, seed: 5)
    resetPeakMemory()
    let before = allocatedBytes() ?? 0
    let machine = try DOTImporter.mealyMachine(from: text)
    let peak = peakMemory() ?? before
    blackHole(machine)
    benchmark.measurement(
      .custom("peak bytes per file byte"), max(0, peak - before) / text.utf8.count)
  }
}
