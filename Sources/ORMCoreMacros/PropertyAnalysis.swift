import SwiftSyntax

/// One persisted stored property of a model class: its column, type and default.
struct PersistedProperty {
    /// The property name, without backticks.
    let name: String
    /// The declared type.
    let type: TypeSyntax
    /// The initializer expression, verbatim; nil for an optional declared without one.
    let defaultValue: ExprSyntax?
    /// Whether the type is `T?` or `Optional<T>`.
    let isOptional: Bool
    /// The column name as a Swift expression (a string literal unless `@Column(name:)` says otherwise).
    let columnName: String
    /// `@Column(formerNames:)`, verbatim.
    let formerNames: String?
    /// `@Column(indexed:)`, verbatim.
    let indexed: String?
    /// `@Column(unique:)`, verbatim.
    let unique: String?
    /// Whether the property is marked `@Key`.
    let isMarkedKey: Bool
    /// The declaration, for diagnostics.
    let node: Syntax

    /// The private stored property behind the accessors.
    var storage: String { "_" + name }
    /// The type as written.
    var typeText: String { type.trimmedDescription }
    /// The default as written, `nil` for an optional without initializer.
    var defaultText: String { defaultValue?.trimmedDescription ?? "nil" }
    /// The type of a decoded value that may be absent (`T?`, or `T??` for an optional property).
    var optionalTypeText: String {
        type.is(FunctionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self) ? "(\(typeText))?" : typeText + "?"
    }
}

/// Finds the persisted properties among a class's members and what is wrong with the others.
///
/// Persisted: every stored instance `var` that is not `@Transient`. A `@Transient var` is guarded by
/// the object's lock (`@_TransientProperty`); a `let` is immutable. `@Model` marks the class
/// `@unchecked Sendable`, so what it cannot guard is an error: `lazy` properties (initialised on
/// first access, outside the lock) and `weak` or `unowned` ones; and the values of `let`s and
/// transient properties must be `Sendable` (checked by the compiler in generated code, see
/// `ModelMembers`). Computed properties and `static`/`class` members are left alone; stored
/// properties the generated initializers cannot set (no initial value) are reported.
struct PropertyAnalysis {
    /// Persisted properties in declaration order, the key included.
    private(set) var properties: [PersistedProperty] = []
    /// The `@Transient var`s, guarded by the object's lock.
    private(set) var transients: [String] = []
    /// The `let`s and `@Transient var`s, whose values must be `Sendable`.
    private(set) var sendableValues: [String] = []
    /// Errors found.
    private(set) var diagnostics: [PendingDiagnostic] = []

    /// Scans `members`.
    init(members: MemberBlockItemListSyntax) {
        for item in members {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            scan(variable)
        }
    }

    private mutating func scan(_ variable: VariableDeclSyntax) {
        if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { return }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
        let isTransient = variable.attributes.attribute(named: "Transient") != nil
        let stored = variable.bindings.filter { $0.isStored }
        if stored.isEmpty { return }

        if isLazy {
            for binding in stored { report(binding, .lazyProperty(property: binding.name)) }
            return
        }
        if let ownership = variable.modifiers.first(where: { ["weak", "unowned"].contains($0.name.text) }) {
            for binding in stored {
                report(binding, .referenceOwnership(property: binding.name, ownership: ownership.name.text))
            }
            return
        }
        if isLet || isTransient {
            // Optional `var`s default to nil.
            for binding in stored where binding.initializer == nil {
                if isLet {
                    report(binding, .letWithoutValue(property: binding.name))
                } else if isTransient && !(binding.typeAnnotation?.type.isOptional ?? false) {
                    report(binding, .transientWithoutValue(property: binding.name))
                }
            }
            if isLet {
                sendableValues += stored.filter { $0.pattern.is(IdentifierPatternSyntax.self) }.map(\.name)
            } else {
                scanTransient(variable, stored)
            }
            return
        }

        guard variable.bindings.count == 1, let binding = stored.first,
            binding.pattern.is(IdentifierPatternSyntax.self)
        else {
            report(variable, .multipleBindings)
            return
        }
        let name = binding.name
        if binding.accessorBlock != nil {
            report(binding, .observers(property: name))
            return
        }
        guard let type = binding.typeAnnotation?.type.trimmed else {
            report(binding, .missingTypeAnnotation(property: name))
            return
        }
        let isOptional = type.isOptional
        if binding.initializer == nil && !isOptional {
            report(binding, .missingDefaultValue(property: name))
            return
        }
        let options = variable.attributes.attribute(named: "Column").map(ColumnOptions.init) ?? ColumnOptions()
        properties.append(
            PersistedProperty(
                name: name, type: type, defaultValue: binding.initializer?.value.trimmed, isOptional: isOptional,
                columnName: options.name ?? "\"\(name)\"", formerNames: options.formerNames,
                indexed: options.indexed, unique: options.unique,
                isMarkedKey: variable.attributes.attribute(named: "Key") != nil, node: Syntax(variable)))
    }

    /// A `@Transient var`: one binding with a type and no observers, so that `@_TransientProperty` can
    /// route it through the object's lock.
    private mutating func scanTransient(_ variable: VariableDeclSyntax, _ stored: PatternBindingListSyntax) {
        guard variable.bindings.count == 1, let binding = stored.first,
            binding.pattern.is(IdentifierPatternSyntax.self)
        else {
            report(variable, .multipleBindings)
            return
        }
        if binding.accessorBlock != nil {
            report(binding, .transientObservers(property: binding.name))
        } else if binding.typeAnnotation == nil {
            report(binding, .transientWithoutType(property: binding.name))
        } else {
            transients.append(binding.name)
            sendableValues.append(binding.name)
        }
    }

    private mutating func report(_ node: some SyntaxProtocol, _ message: ModelDiagnostic) {
        diagnostics.append(PendingDiagnostic(node: Syntax(node), message: message))
    }
}

/// The arguments of `@Column(name:formerNames:indexed:unique:)`, as written.
struct ColumnOptions {
    var name: String?
    var formerNames: String?
    var indexed: String?
    var unique: String?

    init() {}

    init(_ attribute: AttributeSyntax) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            let value = argument.expression.trimmedDescription
            switch argument.label?.text {
            case "name": name = value
            case "formerNames": formerNames = value
            case "indexed": indexed = value
            case "unique": unique = value
            default: break
            }
        }
    }
}

// MARK: - Syntax helpers

extension AttributeListSyntax {
    /// The attribute `@name`, or `@ORMCore.name` or `@ORMSQLite.name` (the module that declares
    /// the macros, and the one that re-exports it), if present.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            guard case .attribute(let attribute) = element else { continue }
            let written = attribute.attributeName.trimmedDescription
            if written == name || written == "ORMCore.\(name)" || written == "ORMSQLite.\(name)" { return attribute }
        }
        return nil
    }
}

extension PatternBindingSyntax {
    /// The bound name without backticks (the whole pattern for tuples).
    var name: String {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.identifier?.name ?? identifier.identifier.text
        }
        return pattern.trimmedDescription
    }

    /// Whether the binding stores a value: no accessors, or only `willSet`/`didSet` observers.
    var isStored: Bool {
        guard let accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }
}

extension TypeSyntax {
    /// Whether the type is `T?` or `Optional<T>` (`Swift.Optional<T>`).
    var isOptional: Bool {
        if self.is(OptionalTypeSyntax.self) { return true }
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
        }
        if let member = self.as(MemberTypeSyntax.self) {
            return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
                && member.genericArgumentClause != nil
        }
        return false
    }

    /// Whether the type is one of the standard integer types (an integer key gets a generated value).
    var isInteger: Bool {
        var text = trimmedDescription
        if text.hasPrefix("Swift.") { text.removeFirst("Swift.".count) }
        return ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
            .contains(text)
    }
}
