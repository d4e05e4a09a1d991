import PackagePlugin

/// Generates Swift from the specs in a target's sources at build time: every file named
/// `*.finita.yaml`, `*.finita.yml` or `*.finita.json` becomes `<Name>.swift` in the build folder,
/// compiled with the target, regenerated whenever the spec changes. A `finita-spec-config.json`
/// among the sources sets how the code is written: `{ "accessLevel": "public" }` makes it public.
@main
struct FinitaSpecPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "FinitaSpecGenerator")
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
    // The target's configuration (FinitaSpec's SpecPluginConfiguration), when it has one: an
    // input of every command, so that changing it generates again.
    let configuration = target.sourceFiles.first {
      $0.url.lastPathComponent == "finita-spec-config.json"
    }?.url
    return target.sourceFiles.filter { Self.isSpec($0.url.lastPathComponent) }.map { file in
      let name = file.url.lastPathComponent
      let stem = String(name[..<(name.range(of: ".finita.")?.lowerBound ?? name.endIndex)])
      let generated = output.appending(path: "\(stem).generated.swift")
      return .buildCommand(
        displayName: "Generating Swift from \(name)",
        executable: tool.url,
        arguments: [file.url.path(), generated.path()] + (configuration.map { [$0.path()] } ?? []),
        inputFiles: [file.url] + (configuration.map { [$0] } ?? []),
        outputFiles: [generated]
      )
    }
  }

  static func isSpec(_ name: String) -> Bool {
    [".finita.yaml", ".finita.yml", ".finita.json"].contains { name.hasSuffix($0) }
  }
}
