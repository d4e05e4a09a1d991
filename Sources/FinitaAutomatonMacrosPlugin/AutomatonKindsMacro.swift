#if Macros
  import SwiftCompilerPlugin
  import SwiftDiagnostics
  import SwiftSyntax
  import SwiftSyntaxMacros

  /// `@AutomatonKinds`: adds `enum Kind` with one payload-free case per case of the enum, and
  /// `var kind: Kind`.
  public struct AutomatonKindsMacro: MemberMacro {
    /// The members for `declaration`: `Kind` and `kind`, or nothing and an error when it is not
    /// an enum with plain cases.
    public static func expansion(
      of node: AttributeSyntax,
      providingMembersOf declaration: some DeclGroupSyntax,
      conformingTo protocols: [TypeSyntax],
      in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
      guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
        context.diagnose(Diagnostic(node: node, message: KindsDiagnostic.notAnEnum))
        return []
      }
      var names: [String] = []
      for member in enumDecl.memberBlock.members {
        if member.decl.is(IfConfigDeclSyntax.self) {
          context.diagnose(Diagnostic(node: member.decl, message: KindsDiagnostic.conditionalCases))
          return []
        }
        guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        names += caseDecl.elements.map(\.name.text)
      }
      guard !names.isEmpty else {
        context.diagnose(Diagnostic(node: enumDecl.name, message: KindsDiagnostic.noCases))
        return []
      }
      let access = accessPrefix(of: enumDecl)
      let cases = names.map { "    case \($0)" }.joined(separator: "\n")
      let arms = names.map { "    case .\($0): .\($0)" }.joined(separator: "\n")
      return [
        """
        /// The cases without their payloads.
        \(raw: access)enum Kind: Hashable, CaseIterable, Sendable {
        \(raw: cases)
        }
        """,
        """
        /// The case without its payload.
        \(raw: access)var kind: Kind {
          switch self {
        \(raw: arms)
          }
        }
        """,
      ]
    }

    /// The access modifier the members need to be as visible as the enum, with a trailing space.
    private static func accessPrefix(of declaration: EnumDeclSyntax) -> String {
      for modifier in declaration.modifiers {
        switch modifier.name.tokenKind {
        case .keyword(.public), .keyword(.open): return "public "
        case .keyword(.package): return "package "
        default: continue
        }
      }
      return ""
    }
  }

  /// The macro's errors: what is wrong and how to fix it.
  enum KindsDiagnostic: String, DiagnosticMessage {
    case notAnEnum
    case noCases
    case conditionalCases

    var message: String {
      switch self {
      case .notAnEnum:
        "@AutomatonKinds applies to an enum; for a struct or a class, write `Kind` and `kind` by hand"
      case .noCases:
        "@AutomatonKinds needs an enum with at least one case to derive kinds from"
      case .conditionalCases:
        "@AutomatonKinds cannot derive kinds from cases inside #if; write `Kind` and `kind` by hand"
      }
    }

    var diagnosticID: MessageID {
      MessageID(domain: "FinitaAutomatonMacros", id: rawValue)
    }

    var severity: DiagnosticSeverity { .error }
  }

  @main
  struct FinitaAutomatonMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [AutomatonKindsMacro.self]
  }
#else
  // Without the Macros trait nothing uses this plugin, but SwiftPM still builds every target of
  // the package, and a macro target is an executable: it needs an entry point.
  @main
  enum DisabledPlugin {
    static func main() {}
  }
#endif  // Macros
