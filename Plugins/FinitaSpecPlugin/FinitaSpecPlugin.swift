import PackagePlugin

/// Generates Swift from the specs in a target's sources at build time: every file named
/// `*.finita.yaml`, `*.finita.yml` or `*.finita.json` becomes `<Name>.swift` in the build folder,
/// compiled with the target, regenerated whenever the spec changes.
@main
struct FinitaSpecPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "FinitaSpecGenerator")
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
    return target.sourceFiles.filter { Self.isSpec($0.url.lastPathComponent) }.map { file in
      let name = file.url.lastPathComponent
      let stem = String(name[..<(name.range(of: ".finita.")?.lowerBound ?? name.endIndex)])
      let generated = output.appending(path: "\(stem).generated.swift")
      return .buildCommand(
        displayName: "Generating Swift from \(name)",
        executable: tool.url,
        arguments: [file.url.path(), generated.path()],
        inputFiles: [file.url],
        outputFiles: [generated]
      )
    }
  }

  static func isSpec(_ name: String) -> Bool {
    [".finita.yaml", ".finita.yml", ".finita.json"].contains { name.hasSuffix($0) }
  }
}
