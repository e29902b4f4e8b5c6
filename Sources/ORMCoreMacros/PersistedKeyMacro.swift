import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedKey`, attached by `@Model` to the key property it finds (`@Key`, else `id`): like
/// `@_PersistedProperty`, but a write changes the key rather than marking a column changed.
public struct PersistedKeyMacro: AccessorMacro, PeerMacro {
    /// The `init`, `get` and `set` accessors.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _) = StoredPropertyExpansion.binding(of: declaration) else { return [] }
        return StoredPropertyExpansion.accessors(storage: "_" + name, setter: "_$state.writeKey(self)")
    }

    /// The private storage.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (name, binding) = StoredPropertyExpansion.binding(of: declaration) else { return [] }
        return StoredPropertyExpansion.storage(for: binding, named: name)
    }
}
