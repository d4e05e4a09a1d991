// The tool the FinitaSpecPlugin build plugin runs:
// `FinitaSpecGenerator SPEC OUTPUT.swift [finita-spec-config.json]`.
// It writes the Swift types and table of the spec, or prints the spec's (or the configuration's)
// diagnostics in the compiler's format (so Xcode and SwiftPM show them on the lines) and fails.
#if Spec
  import FinitaSpec
  import Foundation

  let arguments = Array(CommandLine.arguments.dropFirst())
  guard arguments.count == 2 || arguments.count == 3 else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
  }
  let (specPath, outputPath) = (arguments[0], arguments[1])
  let spec: Spec
  let configuration: SpecPluginConfiguration
  do {
    configuration =
      try arguments.count == 3 ? SpecPluginConfiguration.read(contentsOf: arguments[2]) : .init()
    spec = try SpecReader.read(contentsOf: specPath)
  } catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
  }
  do {
    let source = SwiftGenerator(spec: spec, isPublic: configuration.accessLevel == .public).types()
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
  } catch {
    FileHandle.standardError.write(Data("error: cannot write \(outputPath): \(error)\n".utf8))
    exit(1)
  }
#else
  // Built without Finita's Spec trait there is no spec reader. The file written in place of the
  // generated code fails the build with what to do, unless the package's own plugin test asks
  // for nothing (its test is compiled out without the trait too).
  import Foundation

  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.count == 2 || arguments.count == 3 {
    let (specPath, outputPath) = (arguments[0], arguments[1])
    let source = """
      // \(specPath) was not turned into Swift: FinitaSpecGenerator was built without the Spec trait.
      #if !FINITA_SPEC_PLUGIN_SELF_TEST
      #error("FinitaSpecPlugin needs the Spec trait of Finita: add Spec to the traits of the .package line for Finita")
      #endif

      """
    do {
      try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
    } catch {
      FileHandle.standardError.write(Data("error: cannot write \(outputPath): \(error)\n".utf8))
      exit(1)
    }
  } else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
  }
#endif  // Spec

var usage: String { "usage: FinitaSpecGenerator SPEC OUTPUT.swift [finita-spec-config.json]" }
