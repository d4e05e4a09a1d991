import Benchmark
import BenchmarkMachines
import FinitaAutomaton
import Foundation

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
