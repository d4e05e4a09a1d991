import FinitaExternalTool

/// Runs a command-line tool (Graphviz `dot`, `plantuml`, a driver script) on some input: the
/// package's one runner, under the name the tests use.
package typealias ExternalTool = FinitaExternalTool.ExternalTool
