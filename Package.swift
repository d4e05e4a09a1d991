// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// Finita's package, read top to bottom: the traits (each outside package an app can opt into),
// the products, the outside packages (every one behind a trait), then the targets in the order
// of the products, with their tests next to them.
//
// An app that adds Finita with no traits resolves no other package: the engine, FinitaTesting,
// FinitaAutomaton, FinitaStatechart, FinitaRedux, FinitaObservation, FinitaRecording,
// FinitaRouting and FinitaBindings depend only on the toolchain. A module behind a trait
// compiles to nothing until the trait is on (its sources are `#if Trait`), so building the whole package without traits stays quick; the
// README's table says which trait each product needs and what it pulls in.
let package = Package(
  name: "Finita",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    // The core: no outside package.
    .library(name: "Finita", targets: ["Finita"]),
    .library(name: "FinitaTesting", targets: ["FinitaTesting"]),
    .library(name: "FinitaAutomaton", targets: ["FinitaAutomaton"]),
    .library(name: "FinitaStatechart", targets: ["FinitaStatechart"]),
    .library(name: "FinitaRedux", targets: ["FinitaRedux"]),
    .library(name: "FinitaObservation", targets: ["FinitaObservation"]),
    .library(name: "FinitaEventLog", targets: ["FinitaEventLog"]),
    .library(name: "FinitaRecording", targets: ["FinitaRecording"]),
    .library(name: "FinitaExamples", targets: ["FinitaExamples"]),
    .library(name: "FinitaInspectorProtocol", targets: ["FinitaInspectorProtocol"]),
    .library(name: "FinitaRouting", targets: ["FinitaRouting"]),
    .library(name: "FinitaBindings", targets: ["FinitaBindings"]),
    // Each behind the trait named in its comment.
    .library(name: "FinitaCombine", targets: ["FinitaCombine"]),  // Combine (Linux only)
    .library(name: "FinitaLogging", targets: ["FinitaLogging"]),  // Logging
    .library(name: "FinitaMetrics", targets: ["FinitaMetrics"]),  // Metrics
    .library(name: "FinitaInspectorClient", targets: ["FinitaInspectorClient"]),  // Inspector
    .library(name: "FinitaInspector", targets: ["FinitaInspector"]),  // Inspector
    .library(name: "FinitaRecordingGRDB", targets: ["FinitaRecordingGRDB"]),  // SQLite
    .library(name: "FinitaSpec", targets: ["FinitaSpec"]),  // Spec
    .plugin(name: "FinitaSpecPlugin", targets: ["FinitaSpecPlugin"]),  // Spec
    .library(name: "FinitaAutomatonMacros", targets: ["FinitaAutomatonMacros"]),  // Macros
    .library(name: "FinitaExamplesHTTP", targets: ["FinitaExamplesHTTP"]),  // HTTPExamples
    // The tour runs without traits; every other command needs the Tools trait.
    .executable(name: "finita", targets: ["FinitaCommand"]),
  ],
  traits: [
    .trait(
      name: "Combine",
      description: "FinitaCombine on Linux, where OpenCombine stands in for Combine."
    ),
    .trait(name: "Logging", description: "FinitaLogging: every stage of a feature in swift-log."),
    .trait(
      name: "Metrics",
      description: "FinitaMetrics: swift-metrics and swift-distributed-tracing interceptors."
    ),
    .trait(
      name: "Inspector",
      description: "FinitaInspector and FinitaInspectorClient, on Hummingbird and WebSocket."
    ),
    .trait(name: "SQLite", description: "FinitaRecordingGRDB: recordings in SQLite, on GRDB."),
    .trait(name: "Spec", description: "FinitaSpec and FinitaSpecPlugin: YAML specs, on Yams."),
    .trait(name: "Macros", description: "FinitaAutomatonMacros: @AutomatonKinds, on swift-syntax."),
    .trait(
      name: "HTTPExamples",
      description:
        "FinitaExamplesHTTP: the paginator over HTTP against a local Hummingbird server.",
      enabledTraits: ["Logging", "Metrics"]
    ),
    .trait(
      name: "Tools",
      description:
        "Every command of `finita` (check, graph, generate, new, import, inspect, tour --all).",
      enabledTraits: ["Spec", "Logging", "Inspector", "HTTPExamples"]
    ),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // MARK: The core: the toolchain only.

    // The engine and the MVI Feature.
    .target(name: "Finita", dependencies: ["CFinitaAtomics"]),
    // The engine's atomic operations, in C because `Synchronization.Atomic` needs macOS 15.
    .target(name: "CFinitaAtomics"),
    .testTarget(
      name: "FinitaTests",
      dependencies: ["Finita", "FinitaEventLog", "FinitaFixtures", "FinitaTesting"]
    ),
    // Exhaustive feature tests with virtual time and -/+ diffs.
    .target(name: "FinitaTesting", dependencies: ["Finita"]),
    .testTarget(
      name: "FinitaTestingTests",
      dependencies: ["FinitaTesting", "FinitaFixtures", "FinitaRecording", "FinitaExamples"]
    ),
    // Declarative machines: tables, validation, diagrams, exploration; running as a feature.
    .target(name: "FinitaAutomaton", dependencies: ["Finita", "FinitaDiagrams"]),
    // Golden files are read from the source tree (and re-recorded there), not bundled.
    .testTarget(
      name: "FinitaAutomatonTests",
      dependencies: ["FinitaAutomaton", "FinitaExamples", "FinitaTesting", "FinitaFixtures"],
      exclude: ["Golden", "DOTCorpus"]
    ),
    // Statecharts to the W3C SCXML algorithm; the running chart is a feature on the engine.
    .target(name: "FinitaStatechart", dependencies: ["Finita", "FinitaDiagrams"]),
    // SCION's conformance pairs are read from the source tree (Conformance/), not bundled.
    .testTarget(
      name: "FinitaStatechartTests",
      dependencies: ["FinitaStatechart", "FinitaExamples", "FinitaFixtures", "FinitaTesting"],
      exclude: ["Golden", "Differential", "Conformance"]
    ),
    // The one writer of DOT, Mermaid and PlantUML, which automata and statecharts lower into
    // (not a product: its API is `package`).
    .target(name: "FinitaDiagrams"),
    .testTarget(
      name: "FinitaDiagramsTests", dependencies: ["FinitaDiagrams", "FinitaExternalTool"]),
    // The one runner of outside programs (Graphviz's `dot`, `plantuml`): found on PATH, run with
    // a timeout, the exit status and standard error reported. Not a product; uses Foundation.
    .target(name: "FinitaExternalTool"),
    // The one JSON reader: located syntax errors, a tree of exact values and its decoder; read
    // by FinitaRedux's saved state and FinitaInspectorProtocol's messages (not a product).
    .target(name: "FinitaJSON"),
    .testTarget(
      name: "FinitaJSONTests",
      dependencies: ["FinitaJSON", "FinitaInspectorProtocol", "FinitaFixtures"]
    ),
    // A Redux-style store over the same engine.
    .target(name: "FinitaRedux", dependencies: ["Finita", "FinitaJSON"]),
    .testTarget(
      name: "FinitaReduxTests",
      dependencies: ["FinitaRedux", "FinitaFixtures", "FinitaTesting"]
    ),
    // An @Observable model over a feature or a store, for SwiftUI.
    .target(name: "FinitaObservation", dependencies: ["Finita", "FinitaRedux"]),
    // A stack of typed routes in a feature's or a store's state, followed by the UI (the
    // standard library only).
    .target(name: "FinitaRouting"),
    .testTarget(name: "FinitaRoutingTests", dependencies: ["FinitaRouting"]),
    // Interceptors on a Binder's connections: logging, recording, playback.
    .target(name: "FinitaBindings", dependencies: ["Finita"]),
    .testTarget(name: "FinitaBindingsTests", dependencies: ["FinitaBindings", "Finita"]),
    // Bounded logs of each feature's stages, kept by an interceptor, for recorders and inspectors.
    .target(name: "FinitaEventLog", dependencies: ["Finita"]),
    .testTarget(
      name: "FinitaEventLogTests",
      dependencies: ["FinitaEventLog", "Finita", "FinitaFixtures"]
    ),
    // Recording, replay, time travel and saved state (JSON Lines, files).
    .target(name: "FinitaRecording", dependencies: ["Finita", "FinitaEventLog", "FinitaRedux"]),
    // Saves snapshots in a loop until killed: the atomic-replace test kills it mid-save.
    .executableTarget(
      name: "FinitaSnapshotWriter",
      dependencies: ["FinitaRecording", "FinitaRedux"],
      path: "Tests/FinitaSnapshotWriter"
    ),
    .testTarget(
      name: "FinitaRecordingTests",
      dependencies: [
        "FinitaRecording", "FinitaSnapshotWriter", "FinitaFixtures", "FinitaRedux",
        "FinitaAutomaton", "FinitaTesting",
      ]
    ),
    // The seed scenarios as runnable examples.
    .target(
      name: "FinitaExamples",
      dependencies: [
        "Finita", "FinitaAutomaton", "FinitaStatechart", "FinitaRouting", "FinitaRedux",
      ]
    ),
    .testTarget(
      name: "FinitaExamplesTests",
      dependencies: [
        "FinitaExamples", "FinitaExamplesHTTP", "FinitaTesting", "FinitaFixtures",
        "FinitaRedux", "FinitaRouting", "FinitaObservation",
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["HTTPExamples"])),
        .product(
          name: "MetricsTestKit",
          package: "swift-metrics",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "Tracing",
          package: "swift-distributed-tracing",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "InMemoryTracing",
          package: "swift-distributed-tracing",
          condition: .when(traits: ["HTTPExamples"])
        ),
      ]
    ),
    // The messages the inspector and its client share; plain Swift, so both sides can read them.
    .target(name: "FinitaInspectorProtocol", dependencies: ["FinitaJSON"]),
    // Fixtures shared by several test targets (not a product).
    .target(
      name: "FinitaFixtures",
      dependencies: ["Finita", "FinitaEventLog", "FinitaExternalTool"],
      path: "Tests/FinitaFixtures"
    ),
    // A server's start and shutdown, shared by the inspector's and the HTTP examples' servers
    // (not a product): plain Swift, so either trait can use it.
    .target(name: "FinitaServerLife", dependencies: ["Finita"]),
    .testTarget(name: "FinitaServerLifeTests", dependencies: ["FinitaServerLife", "Finita"]),
    // Features, automata and the SwiftUI model composed; the Combine adapter's tests are
    // `#if canImport(Combine) || Combine`.
    .testTarget(
      name: "FinitaCompositionTests",
      dependencies: [
        "Finita", "FinitaObservation", "FinitaCombine", "FinitaFixtures", "FinitaTesting",
        "FinitaRedux",
        .product(
          name: "OpenCombine",
          package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows], traits: ["Combine"])
        ),
      ]
    ),

    // MARK: Behind traits: each compiles to nothing until its trait is on.

    // Combine publishers and subscribers (trait Combine for OpenCombine on Linux).
    .target(
      name: "FinitaCombine",
      dependencies: [
        "Finita", "FinitaRedux",
        .product(
          name: "OpenCombine",
          package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows], traits: ["Combine"])
        ),
      ]
    ),
    // Every stage of a feature in swift-log (trait Logging).
    .target(
      name: "FinitaLogging",
      dependencies: [
        "Finita",
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
      ]
    ),
    .testTarget(
      name: "FinitaLoggingTests",
      dependencies: [
        "Finita", "FinitaLogging",
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
      ]
    ),
    // Counters, timers and spans (trait Metrics).
    .target(
      name: "FinitaMetrics",
      dependencies: [
        "Finita",
        .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Metrics"])),
        .product(
          name: "Tracing",
          package: "swift-distributed-tracing",
          condition: .when(traits: ["Metrics"])
        ),
      ]
    ),
    .testTarget(
      name: "FinitaMetricsTests",
      dependencies: [
        "Finita", "FinitaMetrics", "FinitaFixtures", "FinitaTesting",
        .product(
          name: "MetricsTestKit",
          package: "swift-metrics",
          condition: .when(traits: ["Metrics"])
        ),
        .product(
          name: "InMemoryTracing",
          package: "swift-distributed-tracing",
          condition: .when(traits: ["Metrics"])
        ),
      ]
    ),
    // The app's side of the inspector: streams every stage over a WebSocket (trait Inspector).
    .target(
      name: "FinitaInspectorClient",
      dependencies: [
        "Finita", "FinitaAutomaton", "FinitaEventLog", "FinitaInspectorProtocol", "FinitaRedux",
        .product(
          name: "HummingbirdWSClient",
          package: "hummingbird-websocket",
          condition: .when(traits: ["Inspector"])
        ),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Inspector"])),
      ]
    ),
    // `finita inspect`: the live page of running features (trait Inspector).
    .target(
      name: "FinitaInspector",
      dependencies: [
        "Finita", "FinitaInspectorProtocol", "FinitaInspectorClient", "FinitaRecording",
        "FinitaServerLife", "FinitaExternalTool",
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Inspector"])),
        // The server's child channel: the upgrade check goes before NIO's upgrader.
        .product(
          name: "HummingbirdCore", package: "hummingbird",
          condition: .when(traits: ["Inspector"])),
        .product(
          name: "HummingbirdWebSocket",
          package: "hummingbird-websocket",
          condition: .when(traits: ["Inspector"])
        ),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Inspector"])),
        .product(
          name: "ServiceLifecycle",
          package: "swift-service-lifecycle",
          condition: .when(traits: ["Inspector"])
        ),
      ],
      resources: [.copy("Resources/Page")]
    ),
    // `finita inspect --demo`: seed examples connected to the inspector (trait Inspector; not a
    // product, so the inspector does not depend on the examples).
    .target(
      name: "FinitaInspectorDemo",
      dependencies: [
        "Finita", "FinitaAutomaton", "FinitaExamples", "FinitaInspector", "FinitaInspectorClient",
      ]
    ),
    .testTarget(
      name: "FinitaInspectorTests",
      dependencies: [
        "FinitaInspector", "FinitaInspectorClient", "FinitaInspectorProtocol", "Finita",
        "FinitaAutomaton", "FinitaExamples", "FinitaRecording", "FinitaFixtures",
        "FinitaInspectorDemo", "FinitaRedux",
        .product(
          name: "HummingbirdWSClient",
          package: "hummingbird-websocket",
          condition: .when(traits: ["Inspector"])
        ),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Inspector"])),
      ]
    ),
    // The load scenario, run by hand: `swift run -c release --traits Inspector FinitaInspectorLoad`.
    .executableTarget(
      name: "FinitaInspectorLoad",
      dependencies: [
        "Finita", "FinitaInspector", "FinitaInspectorClient", "FinitaInspectorProtocol",
        "FinitaInspectorDemo",
      ],
      path: "Tests/FinitaInspectorLoad"
    ),
    // Snapshots and recordings of many features in one SQLite file (trait SQLite).
    .target(
      name: "FinitaRecordingGRDB",
      dependencies: [
        "Finita", "FinitaRecording", "FinitaRedux",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]
    ),
    .testTarget(
      name: "FinitaRecordingGRDBTests",
      dependencies: [
        "FinitaRecordingGRDB", "FinitaRecording", "FinitaRedux", "Finita",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
      ]
    ),
    // Specs of machines and features in YAML or JSON: checked, drawn, generated (trait Spec).
    .target(
      name: "FinitaSpec",
      dependencies: [
        "FinitaAutomaton",
        .product(name: "Yams", package: "Yams", condition: .when(traits: ["Spec"])),
      ],
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
      dependencies: [
        "FinitaSpec", "FinitaAutomaton", "FinitaFixtures",
        // The Swift side of the Kotlin runtime's conformance suite.
        "Finita", "FinitaTesting", "FinitaExamples",
      ],
      exclude: ["Golden"]
    ),
    // The committed Swift generated from Specs/, compiled and run with its cover tests. It needs
    // no trait: the generated code uses the core only.
    .testTarget(
      name: "FinitaSpecGeneratedTests",
      dependencies: ["Finita", "FinitaAutomaton", "FinitaTesting"]
    ),
    // A spec in the sources, turned into Swift by the plugin at build time.
    // Without the Spec trait its test is compiled out, and the define lets the generator's
    // stand-in output compile instead of stopping the build with what a user must do.
    .testTarget(
      name: "FinitaSpecPluginTests",
      dependencies: ["FinitaAutomaton"],
      swiftSettings: [.define("FINITA_SPEC_PLUGIN_SELF_TEST")],
      plugins: ["FinitaSpecPlugin"]
    ),
    // `@AutomatonKinds` derives an enum's payload-free `Kind` (trait Macros): the only targets
    // that build swift-syntax. The macro needs no Finita module; its users import
    // FinitaAutomaton beside it.
    .target(
      name: "FinitaAutomatonMacros",
      dependencies: [
        .target(name: "FinitaAutomatonMacrosPlugin", condition: .when(traits: ["Macros"]))
      ]
    ),
    .macro(
      name: "FinitaAutomatonMacrosPlugin",
      dependencies: [
        .product(
          name: "SwiftSyntaxMacros",
          package: "swift-syntax",
          condition: .when(traits: ["Macros"])
        ),
        .product(
          name: "SwiftCompilerPlugin",
          package: "swift-syntax",
          condition: .when(traits: ["Macros"])
        ),
      ]
    ),
    .testTarget(
      name: "FinitaAutomatonMacrosTests",
      dependencies: [
        "FinitaAutomaton", "FinitaAutomatonMacros",
        .target(name: "FinitaAutomatonMacrosPlugin", condition: .when(traits: ["Macros"])),
        .product(
          name: "MacroTesting",
          package: "swift-macro-testing",
          condition: .when(traits: ["Macros"])
        ),
      ]
    ),
    // The paginator's HTTP data source and the local paged JSON server (trait HTTPExamples).
    .target(
      name: "FinitaExamplesHTTP",
      dependencies: [
        "FinitaExamples", "FinitaLogging", "FinitaMetrics", "FinitaServerLife",
        .product(
          name: "Hummingbird",
          package: "hummingbird",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "ServiceLifecycle",
          package: "swift-service-lifecycle",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "Logging",
          package: "swift-log",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "Metrics",
          package: "swift-metrics",
          condition: .when(traits: ["HTTPExamples"])
        ),
        .product(
          name: "Tracing",
          package: "swift-distributed-tracing",
          condition: .when(traits: ["HTTPExamples"])
        ),
      ]
    ),

    // MARK: The command line: the tour without traits, every command with the Tools trait.

    // The target is not named `finita` so that it does not collide with `Finita` on
    // case-insensitive file systems.
    .executableTarget(
      name: "FinitaCommand",
      dependencies: [
        "Finita", "FinitaAutomaton", "FinitaStatechart", "FinitaRedux", "FinitaExamples",
        "FinitaRecording", "FinitaExamplesHTTP", "FinitaLogging", "FinitaSpec", "FinitaInspector",
        "FinitaInspectorDemo", "FinitaExternalTool", "FinitaRouting", "FinitaBindings",
        .product(
          name: "ArgumentParser",
          package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])
        ),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
      ]
    ),
    .testTarget(
      name: "FinitaCommandTests",
      dependencies: ["FinitaCommand", "FinitaSpec", "FinitaFixtures"],
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The documentation plugin, only for `swift package generate-documentation`: FINITA_DOCS=1
// adds it, so an app that adds Finita does not resolve it.
if Context.environment["FINITA_DOCS"] != nil {
  package.dependencies.append(
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
  )
}
