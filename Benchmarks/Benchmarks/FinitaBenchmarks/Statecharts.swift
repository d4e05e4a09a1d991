import Benchmark
import BenchmarkMachines
import FinitaStatechart

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
