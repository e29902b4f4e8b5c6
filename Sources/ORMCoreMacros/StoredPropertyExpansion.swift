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

    /// `init`, `get` through the state's lock, and `set` running `set`.
    static func accessors(storage: String, set: String) -> [AccessorDeclSyntax] {
        let setBody = set.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            .joined(separator: "\n")
        return [
            """
            @storageRestrictions(initializes: \(raw: storage))
            init(initialValue) {
                \(raw: storage) = initialValue
            }
            """,
            """
            get {
                _$state.read(self) {
                    \(raw: storage)
                }
            }
            """,
            """
            set {
            \(raw: setBody)
            }
            """,
        ]
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
