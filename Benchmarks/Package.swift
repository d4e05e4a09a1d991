// swift-tools-version: 6.1
import PackageDescription

// Finita's benchmarks live in their own package so the library's build stays light.
let package = Package(
  name: "FinitaBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    // The logging and metrics interceptors are measured too.
    .package(name: "Finita", path: "..", traits: ["Logging", "Metrics"]),
    .package(
      url: "https://github.com/ordo-one/benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    ),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // The machines both programs run.
    .target(
      name: "BenchmarkMachines",
      dependencies: [
        .product(name: "Finita", package: "Finita"),
        .product(name: "FinitaAutomaton", package: "Finita"),
        .product(name: "FinitaStatechart", package: "Finita"),
      ],
      path: "Shared"
    ),
    .executableTarget(
      name: "FinitaBenchmarks",
      dependencies: [
        "BenchmarkMachines",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Finita", package: "Finita"),
        .product(name: "FinitaAutomaton", package: "Finita"),
        .product(name: "FinitaExamples", package: "Finita"),
        .product(name: "FinitaRedux", package: "Finita"),
        .product(name: "FinitaStatechart", package: "Finita"),
        .product(name: "FinitaLogging", package: "Finita"),
        .product(name: "FinitaMetrics", package: "Finita"),
        .product(name: "FinitaRecording", package: "Finita"),  // issue 15
        .product(name: "Logging", package: "swift-log"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/FinitaBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Instruction counts under callgrind, which a loaded machine does not change:
    // Scripts/instructions.sh.
    .executableTarget(
      name: "FinitaInstructionCounts",
      dependencies: [
        "BenchmarkMachines",
        .product(name: "Finita", package: "Finita"),
        .product(name: "FinitaAutomaton", package: "Finita"),  // issue 18
        .product(name: "FinitaStatechart", package: "Finita"),  // issue 19
        .product(name: "FinitaLogging", package: "Finita"),
        .product(name: "FinitaRedux", package: "Finita"),
        .product(name: "FinitaRecording", package: "Finita"),  // issue 15
        .product(name: "FinitaMetrics", package: "Finita"),  // issue 14
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "InstructionCounts"
    ),
  ],
  swiftLanguageModes: [.v6]
)
