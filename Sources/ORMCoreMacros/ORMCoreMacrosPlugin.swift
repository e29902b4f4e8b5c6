import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides ORMCore's macros.
@main
struct ORMCoreMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        ModelMacro.self,
        PersistedPropertyMacro.self,
        PersistedKeyMacro.self,
        TransientPropertyMacro.self,
        MarkerMacro.self,
    ]
}
