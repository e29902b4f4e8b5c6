import ORMCoreMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion

/// The macros as ORMCore declares them; `Model` may add the `Model`, `_SQLiteRowModel` and `Sendable`
/// conformances.
var ormMacros: [String: MacroSpec] {
    [
        "Model": MacroSpec(
            type: ModelMacro.self,
            conformances: [
                TypeSyntax(IdentifierTypeSyntax(name: .identifier("Model"))),
                TypeSyntax(IdentifierTypeSyntax(name: .identifier("_SQLiteRowModel"))),
            ]),
        "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
        "_PersistedKey": MacroSpec(type: PersistedKeyMacro.self),
        "_TransientProperty": MacroSpec(type: TransientPropertyMacro.self),
        "Transient": MacroSpec(type: MarkerMacro.self),
        "Column": MacroSpec(type: MarkerMacro.self),
        "Key": MacroSpec(type: MarkerMacro.self),
    ]
}
