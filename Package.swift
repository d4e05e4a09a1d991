// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Finita",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Finita", targets: ["Finita"]),
    .library(name: "FinitaTesting", targets: ["FinitaTesting"]),
    .library(name: "FinitaAutomaton", targets: ["FinitaAutomaton"]),
    .library(name: "FinitaAutomatonMacros", targets: ["FinitaAutomatonMacros"]),
    // For the benchmarks of the examples (the lexer); not a supported API.
    .library(name: "FinitaExamples", targets: ["FinitaExamples"]),
    .library(name: "FinitaRedux", targets: ["FinitaRedux"]),
    .library(name: "FinitaObservation", targets: ["FinitaObservation"]),
    .library(name: "FinitaCombine", targets: ["FinitaCombine"]),
    .library(name: "FinitaStatechart", targets: ["FinitaStatechart"]),
    .library(name: "FinitaLogging", targets: ["FinitaLogging"]),
    .library(name: "FinitaMetrics", targets: ["FinitaMetrics"]),
    .executable(name: "finita", targets: ["FinitaCommand"]),
    // BEGIN FinitaRecording (issue 15)
    .library(name: "FinitaRecording", targets: ["FinitaRecording"]),
    // END FinitaRecording
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
    // Only the kinds macro and its tests build swift-syntax; FinitaAutomaton does not.
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
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
        // Recordings played as a test's steps (issue 15).
        "FinitaRecording",
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
    // MARK: The kinds macro (issue 18): the only targets that depend on swift-syntax.
    // `@AutomatonKinds` derives an enum's payload-free `Kind` and its `kind` property.
    .target(
      name: "FinitaAutomatonMacros",
      dependencies: ["FinitaAutomaton", "FinitaAutomatonMacrosPlugin"]
    ),
    .macro(
      name: "FinitaAutomatonMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "FinitaAutomatonMacrosTests",
      dependencies: [
        "FinitaAutomatonMacros",
        "FinitaAutomatonMacrosPlugin",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
    // MARK: End of the kinds macro.
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
    // Statecharts: hierarchical, parallel and history states to the W3C SCXML semantics, SCXML
    // import, diagrams; the running chart is a feature on the engine.
    .target(name: "FinitaStatechart", dependencies: ["Finita"]),
    .testTarget(
      name: "FinitaStatechartTests",
      dependencies: ["FinitaStatechart", "FinitaExamples", "FinitaFixtures"],
      exclude: ["Golden", "Differential"]
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
      dependencies: ["Finita", "FinitaAutomaton", "FinitaStatechart"]
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
        "FinitaRecording",  // The tour's recording section (issue 15).
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Fixtures shared by several test targets (not a product).
    .target(
      name: "FinitaFixtures",
      dependencies: ["Finita"],
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
        "FinitaTesting", "FinitaFixtures", "FinitaRecording",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Golden files are read from the source tree (and re-recorded there), not bundled.
    .testTarget(
      name: "FinitaAutomatonTests",
      dependencies: ["FinitaAutomaton", "FinitaExamples", "FinitaTesting", "FinitaFixtures"],
      exclude: ["Golden", "DOTCorpus"]
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
        "Finita", "FinitaMetrics", "FinitaFixtures",
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
        "Finita", "FinitaObservation", "FinitaCombine", "FinitaFixtures",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(
          name: "OpenCombine",
          package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows])
        ),
      ]
    ),
    // BEGIN FinitaRecording (issue 15)
    // Recording, replay and saved state for any feature, on the public interceptors.
    // FinitaRedux (in this package, no outside dependency) for the store's time travel.
    .target(name: "FinitaRecording", dependencies: ["Finita", "FinitaRedux"]),
    // Saves snapshots in a loop until killed: the atomic-replace test kills it mid-save.
    .executableTarget(
      name: "FinitaSnapshotWriter",
      dependencies: ["FinitaRecording"],
      path: "Tests/FinitaSnapshotWriter"
    ),
    .testTarget(
      name: "FinitaRecordingTests",
      dependencies: [
        "FinitaRecording", "FinitaSnapshotWriter", "FinitaFixtures", "FinitaRedux",
        "FinitaAutomaton", .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // END FinitaRecording
  ],
  swiftLanguageModes: [.v6]
)

// MARK: - Specs, checks and code generation (`finita check`, `graph`, `generate`, `new`)
// One YAML or JSON spec of a machine or a feature, read with locations, validated, drawn, and
// turned into Swift and Kotlin. The build-tool plugin generates a target's Swift from its specs.
package.dependencies += [
  .package(url: "https://github.com/jpsim/Yams", from: "6.2.2")
]
package.products += [
  .library(name: "FinitaSpec", targets: ["FinitaSpec"]),
  .plugin(name: "FinitaSpecPlugin", targets: ["FinitaSpecPlugin"]),
]
package.targets += [
  .target(
    name: "FinitaSpec",
    dependencies: ["FinitaAutomaton", .product(name: "Yams", package: "Yams")],
    resources: [.copy("Resources/finita-spec.schema.json")]
  ),
  // The generator the build-tool plugin runs: only the spec module, so it builds quickly.
  .executableTarget(name: "FinitaSpecGenerator", dependencies: ["FinitaSpec"]),
  .plugin(
    name: "FinitaSpecPlugin",
    capability: .buildTool(),
    dependencies: ["FinitaSpecGenerator"]
  ),
  // Golden files and the seed specs are read from the source tree, not bundled.
  .testTarget(
    name: "FinitaSpecTests",
    dependencies: ["FinitaSpec", "FinitaAutomaton", "FinitaFixtures"],
    exclude: ["Golden"]
  ),
  // The committed Swift generated from Specs/, compiled and run: the generated cover tests live
  // here too, so `swift test` proves the generated code builds and behaves.
  .testTarget(
    name: "FinitaSpecGeneratedTests", dependencies: ["Finita", "FinitaAutomaton", "FinitaTesting"]
  ),
  // A spec in the sources, turned into Swift by the plugin at build time.
  .testTarget(
    name: "FinitaSpecPluginTests",
    dependencies: ["FinitaAutomaton"],
    plugins: ["FinitaSpecPlugin"]
  ),
  .testTarget(
    name: "FinitaCommandTests", dependencies: ["FinitaCommand", "FinitaSpec"], exclude: ["Golden"]
  ),
]
for target in package.targets where target.name == "FinitaCommand" {
  target.dependencies.append("FinitaSpec")
}

// BEGIN FinitaRecordingGRDB (issue 15)
// Snapshots and recordings of many features in one SQLite file, on GRDB.swift; a separate
// product, so FinitaRecording itself has no dependency outside this package.
package.dependencies += [
  .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")
]
package.products += [
  .library(name: "FinitaRecordingGRDB", targets: ["FinitaRecordingGRDB"])
]
package.targets += [
  .target(
    name: "FinitaRecordingGRDB",
    dependencies: ["Finita", "FinitaRecording", .product(name: "GRDB", package: "GRDB.swift")]
  ),
  .testTarget(
    name: "FinitaRecordingGRDBTests",
    dependencies: [
      "FinitaRecordingGRDB", "FinitaRecording", "Finita",
      .product(name: "GRDB", package: "GRDB.swift"),
    ]
  ),
]
// END FinitaRecordingGRDB

// MARK: - The Finita Inspector (issue 16)
// A live web page for running features: `finita inspect` serves it, and apps stream every stage
// to it with `FinitaInspectorClient`. The protocol's messages live in a module both sides share.
package.dependencies += [
  .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1")
]
package.products += [
  .library(name: "FinitaInspectorClient", targets: ["FinitaInspectorClient"]),
  .library(name: "FinitaInspector", targets: ["FinitaInspector"]),
]
package.targets += [
  .target(name: "FinitaInspectorProtocol"),
  .target(
    name: "FinitaInspectorClient",
    dependencies: [
      "Finita", "FinitaAutomaton", "FinitaInspectorProtocol",
      .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      .product(name: "Logging", package: "swift-log"),
    ]
  ),
  .target(
    name: "FinitaInspector",
    dependencies: [
      "Finita", "FinitaExamples", "FinitaInspectorProtocol", "FinitaInspectorClient",
      "FinitaRecording",
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
    ],
    resources: [.copy("Resources/Page")]
  ),
  .testTarget(
    name: "FinitaInspectorTests",
    dependencies: [
      "FinitaInspector", "FinitaInspectorClient", "FinitaInspectorProtocol", "Finita",
      "FinitaAutomaton", "FinitaExamples", "FinitaRecording", "FinitaFixtures",
      .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      .product(name: "Logging", package: "swift-log"),
    ]
  ),
  // The load scenario, run by hand: `swift run -c release FinitaInspectorLoad`.
  .executableTarget(
    name: "FinitaInspectorLoad",
    dependencies: [
      "Finita", "FinitaInspector", "FinitaInspectorClient", "FinitaInspectorProtocol",
    ],
    path: "Tests/FinitaInspectorLoad"
  ),
]
for target in package.targets where target.name == "FinitaCommand" {
  target.dependencies.append("FinitaInspector")
}
// MARK: End of the Finita Inspector.

// BEGIN one virtual clock (issue 13)
// The tests time their effects with FinitaTesting's VirtualClock (TrackedClock is gone), and the
// tester's own tests use the examples' paginator instead of a copy.
for target in package.targets {
  switch target.name {
  case "FinitaTests", "FinitaReduxTests", "FinitaRecordingTests", "FinitaCompositionTests",
    "FinitaStatechartTests":
    target.dependencies.append("FinitaTesting")
  case "FinitaTestingTests":
    target.dependencies.append("FinitaExamples")
  default:
    break
  }
}
// END one virtual clock
