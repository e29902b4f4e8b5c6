import SwiftSyntax

/// Everything `@Model` needs to know about a class: its arguments, access level, key and columns.
struct ModelAnalysis {
    /// The class name.
    let typeName: String
    /// The modifier generated members get: `public `, `package ` or nothing.
    let access: String
    /// The table name as a Swift expression.
    let table: String
    /// `@Model(formerNames:)`, verbatim.
    let formerNames: String?
    /// `@Model(indexes:)`, verbatim.
    let indexes: String?
    /// The key strategy as a Swift expression.
    let strategy: String
    /// The key property the class declares (`@Key`, else `id`); nil when `@Model` generates `id`.
    let declaredKey: PersistedProperty?
    /// The persisted properties other than the key, in column order.
    let columns: [PersistedProperty]
    /// The `@Transient var`s, routed through the object's lock by `@_TransientProperty`.
    let transients: [String]
    /// The `let`s and `@Transient var`s, whose values the generated code requires to be `Sendable`.
    let sendableValues: [String]
    /// Whether the class declares an initializer of its own.
    let declaresInitializer: Bool
    /// Whether the class declares a `deinit` of its own (it must then call the identity-map hook).
    let declaresDeinit: Bool
    /// Whether the class already names `Sendable` among its conformances.
    let declaresSendable: Bool
    /// Whether the class declares `Observable` (Swift's `Observation`): its properties then tell
    /// an `ObservationRegistrar` of their reads and changes.
    let isObservable: Bool
    /// Errors found; when there are any, nothing is generated.
    let diagnostics: [PendingDiagnostic]

    /// Analyses `declaration`; nil if it is not a class.
    init?(declaration: some DeclGroupSyntax, attribute: AttributeSyntax) {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else { return nil }
        typeName = classDecl.name.text

        let modifiers = Set(classDecl.modifiers.map(\.name.text))
        if modifiers.contains("public") || modifiers.contains("open") {
            access = "public "
        } else if modifiers.contains("package") {
            access = "package "
        } else {
            access = ""
        }

        var table: String?
        var formerNames: String?
        var indexes: String?
        var strategy: String?
        if case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                let value = argument.expression.trimmedDescription
                switch argument.label?.text {
                case "table": table = value
                case "formerNames": formerNames = value
                case "indexes": indexes = value
                case "primaryKey": strategy = value
                default: break
                }
            }
        }
        self.table = table ?? "\"\(typeName)\""
        self.formerNames = formerNames
        self.indexes = indexes

        let analysis = PropertyAnalysis(members: classDecl.memberBlock.members)
        var diagnostics = analysis.diagnostics
        let marked = analysis.properties.filter(\.isMarkedKey)
        for extra in marked.dropFirst() {
            diagnostics.append(
                PendingDiagnostic(
                    node: extra.node, message: .duplicateKey(property: extra.name, first: marked[0].name)))
        }
        let key = marked.first ?? analysis.properties.first { $0.name == "id" }
        declaredKey = key
        columns = analysis.properties.filter { $0.name != key?.name }
        transients = analysis.transients
        sendableValues = analysis.sendableValues
        if let key, !key.type.isInteger {
            self.strategy = ".provided"
        } else {
            self.strategy = strategy ?? ".rowID"
        }

        declaresInitializer = classDecl.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        let deinitializer = classDecl.memberBlock.members.lazy.compactMap { $0.decl.as(DeinitializerDeclSyntax.self) }
            .first
        declaresDeinit = deinitializer != nil
        if let deinitializer, !Self.callsDeinitHook(deinitializer) {
            diagnostics.append(PendingDiagnostic(node: Syntax(deinitializer.deinitKeyword), message: .deinitWithoutHook))
        }
        declaresSendable =
            classDecl.inheritanceClause?.inheritedTypes.contains {
                let name = $0.type.trimmedDescription
                return name == "Sendable" || name == "Swift.Sendable" || name.hasSuffix(" Sendable")
            } ?? false
        isObservable =
            classDecl.inheritanceClause?.inheritedTypes.contains {
                let name = $0.type.trimmedDescription
                return name == "Observable" || name == "Observation.Observable"
            } ?? false
        self.diagnostics = diagnostics
    }

    /// Whether a hand-written `deinit` takes the object out of the identity map, as the generated one
    /// does: without that, a lookup could hand out an object whose memory is being freed.
    private static func callsDeinitHook(_ deinitializer: DeinitializerDeclSyntax) -> Bool {
        let hook = ModelMembers.deinitHook.filter { !$0.isWhitespace }
        return deinitializer.body?.statements.contains { $0.trimmedDescription.filter { !$0.isWhitespace } == hook }
            ?? false
    }

    /// The key's name, type and storage (the generated `id: Int64` when the class declares none).
    var key: (name: String, column: String, type: String, storage: String) {
        guard let declaredKey else { return ("id", "\"id\"", "Int64", "_id") }
        return (declaredKey.name, declaredKey.columnName, declaredKey.typeText, declaredKey.storage)
    }
}
