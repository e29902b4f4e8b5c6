import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedProperty(column: N)`, attached by `@Model` to each persisted non-key property: routes
/// reads and writes through the object's ``ModelState`` (lock, faulting, change tracking of column N:
/// assigning the value the property holds changes nothing) and adds the private storage `_name`.
/// With `observed: true` (a class declared `Observable`), reads and changes are told to the
/// object's `ObservationRegistrar` too.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    /// The `init`, `get` and `set` accessors.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _) = StoredPropertyExpansion.binding(of: declaration), let column = column(of: node) else {
            return []
        }
        // Only a value that differs from the stored one marks the column changed: the comparison is
        // chosen by overload for the property's type (`_ColumnCoding.isSame`).
        let storage = "_" + name
        return StoredPropertyExpansion.accessors(
            storage: storage,
            set: """
                _$state.write(self, column: \(column), newValue, ORMShared._ColumnCoding.isSame) {
                    \(storage)
                } assign: {
                    \(storage) = newValue
                }
                """,
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

    /// The `column:` argument, as written.
    private static func column(of node: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = node.arguments,
            let argument = arguments.first(where: { $0.label?.text == "column" })
        else { return nil }
        return argument.expression.trimmedDescription
    }
}
