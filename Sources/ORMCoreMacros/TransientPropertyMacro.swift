import SwiftSyntax
import SwiftSyntaxMacros

/// `@_TransientProperty`, attached by `@Model` to each `@Transient var`: the value is not persisted,
/// but it lives in the object, which every thread holding the object shares, so reads and writes
/// go through the object's lock (without faulting the object in or tracking changes), and the
/// value moves to the private storage `_name`.
public struct TransientPropertyMacro: AccessorMacro, PeerMacro {
    /// The `init`, `get` and `set` accessors.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _) = StoredPropertyExpansion.binding(of: declaration) else { return [] }
        let storage = "_" + name
        return [
            """
            @storageRestrictions(initializes: \(raw: storage))
            init(initialValue) {
                \(raw: storage) = initialValue
            }
            """,
            """
            get {
                _$state.withLock {
                    \(raw: storage)
                }
            }
            """,
            """
            set {
                _$state.withLock {
                    \(raw: storage) = newValue
                }
            }
            """,
        ]
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
