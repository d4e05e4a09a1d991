// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Finita",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Finita", targets: ["Finita"]),
    .library(name: "FinitaTesting", targets: ["FinitaTesting"]),
    .library(name: "FinitaAutomaton", targets: ["FinitaAutomaton"]),
    .library(name: "FinitaRedux", targets: ["FinitaRedux"]),
    .library(name: "FinitaObservation", targets: ["FinitaObservation"]),
    .library(name: "FinitaCombine", targets: ["FinitaCombine"]),
    .library(name: "FinitaLogging", targets: ["FinitaLogging"]),
    .library(name: "FinitaMetrics", targets: ["FinitaMetrics"]),
    .executable(name: "finita", targets: ["FinitaCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
  ],
  targets: [
    // The engine: no dependencies outside the toolchain.
    .target(name: "Finita", dependencies: ["CFinitaAtomics"]),
    // The engine's atomic operations, in C because `Synchronization.Atomic` needs macOS 15.
    .target(name: "CFinitaAtomics"),
    // Exhaustive feature tests with controlled time.
    .target(
      name: "FinitaTesting",
      dependencies: [
        "Finita",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Links the reporters for Swift Testing and XCTest, so a failed step fails the test
        // instead of only being printed.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Declarative machines; the table, validation, diagrams and exploration are pure, and the
    // running machine is a feature on the engine.
    .target(name: "FinitaAutomaton", dependencies: ["Finita"]),
    // A Redux-style store over the same engine.
    .target(name: "FinitaRedux", dependencies: ["Finita"]),
    // An @Observable model over a feature, for SwiftUI.
    .target(name: "FinitaObservation", dependencies: ["Finita"]),
    // Combine publishers and subscribers; OpenCombine stands in for Combine on Linux.
    .target(
      name: "FinitaCombine",
      dependencies: [
        "Finita",
        .product(
          name: "OpenCombine",
          package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])
        ),
      ]
    ),
    // Interceptors that log every stage of a feature with swift-log.
    .target(
      name: "FinitaLogging",
      dependencies: ["Finita", .product(name: "Logging", package: "swift-log")]
    ),
    // Interceptors that count and time features with swift-metrics, and trace their actions with
    // swift-distributed-tracing.
    .target(
      name: "FinitaMetrics",
      dependencies: [
        "Finita",
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]
    ),
    // The seed scenarios as runnable examples. Heavy dependencies stay in FinitaExamplesHTTP.
    .target(
      name: "FinitaExamples",
      dependencies: ["Finita", "FinitaAutomaton"]
    ),
    // The paginator's HTTP data source and the local paged JSON server it is tested against.
    .target(
      name: "FinitaExamplesHTTP",
      dependencies: [
        "FinitaExamples",
        "FinitaLogging",
        "FinitaMetrics",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The `finita` command line. The target is not named `finita` so that it does not collide
    // with `Finita` on case-insensitive file systems.
    .executableTarget(
      name: "FinitaCommand",
      dependencies: [
        "Finita",
        "FinitaAutomaton",
        "FinitaRedux",
        "FinitaExamples",
        "FinitaExamplesHTTP",
        "FinitaLogging",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Fixtures shared by several test targets (not a product).
    .target(
      name: "FinitaFixtures",
      dependencies: ["Finita", .product(name: "Clocks", package: "swift-clocks")],
      path: "Tests/FinitaFixtures"
    ),
    .testTarget(
      name: "FinitaTests",
      dependencies: [
        "Finita", "FinitaFixtures", .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "FinitaTestingTests",
      dependencies: [
        "FinitaTesting", "FinitaFixtures",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Golden files are read from the source tree (and re-recorded there), not bundled.
    .testTarget(
      name: "FinitaAutomatonTests",
      dependencies: ["FinitaAutomaton", "FinitaExamples", "FinitaTesting", "FinitaFixtures"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "FinitaExamplesTests",
      dependencies: [
        "FinitaExamples", "FinitaExamplesHTTP", "FinitaTesting", "FinitaFixtures",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ]
    ),
    .testTarget(
      name: "FinitaLoggingTests",
      dependencies: ["Finita", "FinitaLogging", .product(name: "Logging", package: "swift-log")]
    ),
    .testTarget(
      name: "FinitaMetricsTests",
      dependencies: [
        "Finita", "FinitaMetrics",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ]
    ),
    .testTarget(
      name: "FinitaReduxTests",
      dependencies: ["FinitaRedux", "FinitaFixtures"]
    ),
    .testTarget(
      name: "FinitaCompositionTests",
      dependencies: [
        "Finita", "FinitaObservation", "FinitaCombine",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(
          name: "OpenCombine",
          package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])
        ),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
