import SwiftDiagnostics
import SwiftSyntax

/// Every error `@Model` and its helper macros report; the user-facing text is made here and nowhere else.
enum ModelDiagnostic: DiagnosticMessage, Equatable {
    /// `@Model` on a struct, enum, actor, protocol or extension.
    case notAClass
    /// A persisted property declared without `: Type`.
    case missingTypeAnnotation(property: String)
    /// A non-optional persisted property without `= value`.
    case missingDefaultValue(property: String)
    /// A second property marked `@Key`.
    case duplicateKey(property: String, first: String)
    /// A `let` without an initial value: the generated initializers could not set it.
    case letWithoutValue(property: String)
    /// A `@Transient` property without an initial value.
    case transientWithoutValue(property: String)
    /// A persisted property with `willSet`/`didSet`.
    case observers(property: String)
    /// `var a: Int = 0, b: Int = 0`, or a tuple pattern, among persisted properties.
    case multipleBindings
    /// A `deinit` written by hand that does not take the object out of the identity map.
    case deinitWithoutHook
    /// A `lazy var`: its first access initialises it outside the object's lock.
    case lazyProperty(property: String)
    /// A `@Transient var` without `: Type`: its guarded accessors need the type.
    case transientWithoutType(property: String)
    /// A `@Transient var` with `willSet`/`didSet`: it cannot take guarded accessors.
    case transientObservers(property: String)
    /// A `weak` or `unowned` stored `var`: storage behind the object's lock would hold it strongly.
    case referenceOwnership(property: String, ownership: String)

    var message: String {
        switch self {
        case .notAClass:
            "@Model can only be applied to a class"
        case .missingTypeAnnotation(let property):
            "persisted property '\(property)' needs an explicit type annotation; add one or mark it @Transient"
        case .missingDefaultValue(let property):
            "non-optional persisted property '\(property)' needs a default value"
        case .duplicateKey(let property, let first):
            "only one property can be marked @Key; '\(property)' repeats the key '\(first)'"
        case .letWithoutValue(let property):
            "constant '\(property)' needs an initial value, because @Model's generated initializers do not set it"
        case .transientWithoutValue(let property):
            "@Transient property '\(property)' needs an initial value, because @Model's generated initializers "
                + "do not set it"
        case .observers(let property):
            "persisted property '\(property)' cannot have willSet/didSet observers; move the logic to a method"
        case .multipleBindings:
            "declare each persisted property in its own 'var'"
        case .deinitWithoutHook:
            "a @Model class's deinit must call '\(ModelMembers.deinitHook)' (the generated deinit "
                + "takes the object out of the identity map; a deinit written by hand must do the same)"
        case .lazyProperty(let property):
            "lazy property '\(property)' cannot be made thread-safe by @Model (two threads could both run its "
                + "initializer); make it a computed property, or a @Transient var with an initial value"
        case .transientWithoutType(let property):
            "@Transient property '\(property)' needs an explicit type annotation, because @Model guards it with "
                + "the object's lock"
        case .transientObservers(let property):
            "@Transient property '\(property)' cannot have willSet/didSet observers, because @Model guards it "
                + "with the object's lock; move the logic to a method"
        case .referenceOwnership(let property, let ownership):
            "\(ownership) property '\(property)' cannot be made thread-safe by @Model; hold the reference "
                + "strongly in a @Transient var, or keep it outside the model"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .notAClass: "notAClass"
            case .missingTypeAnnotation: "missingTypeAnnotation"
            case .missingDefaultValue: "missingDefaultValue"
            case .duplicateKey: "duplicateKey"
            case .letWithoutValue: "letWithoutValue"
            case .transientWithoutValue: "transientWithoutValue"
            case .observers: "observers"
            case .multipleBindings: "multipleBindings"
            case .deinitWithoutHook: "deinitWithoutHook"
            case .lazyProperty: "lazyProperty"
            case .transientWithoutType: "transientWithoutType"
            case .transientObservers: "transientObservers"
            case .referenceOwnership: "referenceOwnership"
            }
        return MessageID(domain: "ORMCoreMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// A diagnostic and the node it points at, collected while a class is analysed.
struct PendingDiagnostic {
    /// Where the error is reported.
    let node: Syntax
    /// What is wrong.
    let message: ModelDiagnostic

    /// The diagnostic to hand to the expansion context.
    var diagnostic: Diagnostic { Diagnostic(node: node, message: message) }
}
