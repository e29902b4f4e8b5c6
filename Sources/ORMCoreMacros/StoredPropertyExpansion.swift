import SwiftSyntax
import SwiftSyntaxBuilder

/// The accessors and private storage shared by `@_PersistedProperty` and `@_PersistedKey`.
enum StoredPropertyExpansion {
    /// The property's single binding, when it has a name and an explicit type (otherwise `@Model`
    /// reports the problem and nothing is generated).
    static func binding(of declaration: some DeclSyntaxProtocol) -> (name: String, binding: PatternBindingSyntax)? {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.pattern.is(IdentifierPatternSyntax.self),
            binding.typeAnnotation != nil, binding.isStored
        else { return nil }
        return (binding.name, binding)
    }

    /// `init` (initialising the storage), `get` through the state's lock, and `set` through `setter`,
    /// a call that takes a trailing closure storing `newValue`.
    static func accessors(storage: String, setter: String) -> [AccessorDeclSyntax] {
        accessors(storage: storage, set: "\(setter) {\n    \(storage) = newValue\n}")
    }

    /// `init`, `get` through the state's lock (`read`, or `withLock` for a value that is not a
    /// column), and `set` running `set`. An `observed` property (of a class declared `Observable`)
    /// tells the object's registrar of each read, and wraps `set` in its `withMutation`.
    static func accessors(
        storage: String, set: String, read: String = "_$state.read(self)", observed: String? = nil
    ) -> [AccessorDeclSyntax] {
        var get = "\(read) {\n    \(storage)\n}"
        var set = set
        if let observed {
            get = "_$observationRegistrar.access(self, keyPath: \\.\(observed))\nreturn " + get
            set = "_$observationRegistrar.withMutation(of: self, keyPath: \\.\(observed)) {\n"
                + indented(set) + "\n}"
        }
        return [
            """
            @storageRestrictions(initializes: \(raw: storage))
            init(initialValue) {
                \(raw: storage) = initialValue
            }
            """,
            """
            get {
            \(raw: indented(get))
            }
            """,
            """
            set {
            \(raw: indented(set))
            }
            """,
        ]
    }

    /// `text` with each line indented one level.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    /// Whether a property macro's attribute says `observed: true` (`@Model` adds it to the
    /// properties of a class declared `Observable`).
    static func isObserved(_ node: AttributeSyntax) -> Bool {
        guard case .argumentList(let arguments) = node.arguments else { return false }
        return arguments.contains { $0.label?.text == "observed" && $0.expression.trimmedDescription == "true" }
    }

    /// `private var _name: Type = default` (`= nil` for an optional without initializer).
    static func storage(for binding: PatternBindingSyntax, named name: String) -> [DeclSyntax] {
        guard let type = binding.typeAnnotation?.type.trimmed else { return [] }
        let initializer =
            binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? (type.isOptional ? " = nil" : "")
        // Only touched under the object's lock: no run-time exclusivity checks needed.
        return ["@exclusivity(unchecked) private var _\(raw: name): \(type)\(raw: initializer)"]
    }
}
