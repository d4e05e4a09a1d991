// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Finita",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Finita", targets: ["Finita"]),
    .executable(name: "finita", targets: ["FinitaCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The engine: no dependencies outside the toolchain.
    .target(name: "Finita"),
    // The `finita` command line. The target is not named `finita` so that it does not collide
    // with `Finita` on case-insensitive file systems.
    .executableTarget(
      name: "FinitaCommand",
      dependencies: [
        "Finita",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "FinitaTests",
      dependencies: ["Finita", .product(name: "Clocks", package: "swift-clocks")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
