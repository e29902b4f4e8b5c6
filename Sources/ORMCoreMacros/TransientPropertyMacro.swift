import SwiftSyntax
import SwiftSyntaxMacros

/// `@_TransientProperty`, attached by `@Model` to each `@Transient var`: the value is not persisted,
/// but it lives in the object, which every thread holding the object shares, so reads and writes
/// go through the object's lock (without faulting the object in or tracking changes), and the
/// value moves to the private storage `_name`. With `observed: true` (a class declared
/// `Observable`), reads and changes are told to the object's `ObservationRegistrar`.
public struct TransientPropertyMacro: AccessorMacro, PeerMacro {
    /// The `init`, `get` and `set` accessors.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _) = StoredPropertyExpansion.binding(of: declaration) else { return [] }
        let storage = "_" + name
        return StoredPropertyExpansion.accessors(
            storage: storage, set: "_$state.withLock {\n    \(storage) = newValue\n}", read: "_$state.withLock",
            observed: StoredPropertyExpansion.isObserved(node) ? name : nil)
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
