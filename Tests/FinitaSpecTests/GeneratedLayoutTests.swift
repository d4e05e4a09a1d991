#if Spec
  import Foundation
  import Testing

  @testable import FinitaSpec

  /// The generated Swift must pass `swift format lint --strict` whatever the spec's sizes: long
  /// payloads, long names and large numbers are laid out as swift-format lays them out.
  @Suite("Generated Swift layout")
  struct GeneratedLayoutTests {
    static let spec = """
      finita: 1
      machine: Warehouse
      states:
        - empty
        - name: stockedWithManyThings
          payload:
            { firstQuantity: Int64, secondQuantity: Int64, storageLabel: String,
              shelfNotes: [String], binMarks: "[Int]?", temperatureRate: Double, fragile: Bool,
              supplierReference: String }
      events:
        - name: deliverAllTheThings
          payload:
            { firstQuantity: Int64, secondQuantity: Int64, storageLabel: String,
              shelfNotes: [String], binMarks: "[Int]?", temperatureRate: Double, fragile: Bool,
              supplierReference: String }
        - clear
      initial: empty
      transitions:
        - { from: empty, on: deliverAllTheThings, to: stockedWithManyThings }
        - { from: stockedWithManyThings, on: deliverAllTheThings, to: stockedWithManyThings }
        - { from: stockedWithManyThings, on: clear, to: empty, guard: allowedToClearTheShelves }
      scenarios:
        - - deliverAllTheThings:
              { firstQuantity: 1234567, secondQuantity: -98765432, storageLabel: "north wing",
                shelfNotes: [a, b, c], binMarks: [1, 2, 3], temperatureRate: 2.5, fragile: true,
                supplierReference: "ACME-0001" }
          - clear if allowedToClearTheShelves

      """

    @Test(
      "long payloads, long names and large numbers pass swift format lint --strict",
      arguments: [false, true])
    func lintClean(isPublic: Bool) async throws {
      let spec = try SpecReader.read(Self.spec, file: "warehouse.yaml")
      let generator = SwiftGenerator(spec: spec, isPublic: isPublic)
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("finita-layout-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let configuration = SpecFixtures.root.appendingPathComponent(".swift-format")
      try FileManager.default.copyItem(
        at: configuration, to: folder.appendingPathComponent(".swift-format"))
      let types = folder.appendingPathComponent(generator.typesFileName)
      let tests = folder.appendingPathComponent(generator.testsFileName)
      try Data(generator.types().utf8).write(to: types)
      try Data(generator.tests().utf8).write(to: tests)
      #expect(generator.tests().contains("1_234_567"))
      let swift = try #require(KotlinTraceTests.tool("swift"), "swift is not on the PATH")
      _ = try await KotlinTraceTests.run(
        swift, ["format", "lint", "--strict", "--recursive", folder.path])
    }
  }
#endif  // Spec
