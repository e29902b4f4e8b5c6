import SwiftSyntax
import SwiftSyntaxMacros

/// `@Transient`, `@Column(...)` and `@Key`: they generate nothing; `@Model` reads them from the
/// property's attributes.
public struct MarkerMacro: PeerMacro {
    /// Returns no declarations.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
