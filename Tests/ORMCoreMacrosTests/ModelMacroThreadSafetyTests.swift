import SwiftSyntaxMacrosTestSupport
import XCTest

/// What `@Model` refuses because the class it makes `@unchecked Sendable` could not keep it safe
/// across threads; a class with such an error gets no generated members.
final class ModelMacroThreadSafetyTests: XCTestCase {
    func testLazyPropertyIsRejected() {
        assertMacroExpansion(
            """
            @Model
            final class Report {
                var title: String = ""
                lazy var words: [String] = title.split(separator: " ").map(String.init)
            }
            """,
            expandedSource: """
                final class Report {
                    var title: String = ""
                    lazy var words: [String] = title.split(separator: " ").map(String.init)
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "lazy property 'words' cannot be made thread-safe by @Model (two threads could both run "
                        + "its initializer); make it a computed property, or a @Transient var with an initial value",
                    line: 4, column: 14)
            ],
            macroSpecs: ormMacros)
    }

    func testWeakAndUnownedPropertiesAreRejected() {
        assertMacroExpansion(
            """
            @Model
            final class Node {
                @Transient weak var parent: Node?
                unowned var owner: Owner
            }
            """,
            expandedSource: """
                final class Node {
                    weak var parent: Node?
                    unowned var owner: Owner
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "weak property 'parent' cannot be made thread-safe by @Model; hold the reference strongly "
                        + "in a @Transient var, or keep it outside the model",
                    line: 3, column: 25),
                DiagnosticSpec(
                    message: "unowned property 'owner' cannot be made thread-safe by @Model; hold the reference "
                        + "strongly in a @Transient var, or keep it outside the model",
                    line: 4, column: 17),
            ],
            macroSpecs: ormMacros)
    }

    func testTransientWithoutTypeIsRejected() {
        assertMacroExpansion(
            """
            @Model
            final class Counter {
                @Transient var hits = 0
            }
            """,
            expandedSource: """
                final class Counter {
                    var hits = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient property 'hits' needs an explicit type annotation, because @Model guards it "
                        + "with the object's lock",
                    line: 3, column: 20)
            ],
            macroSpecs: ormMacros)
    }

    func testTransientWithObserversIsRejected() {
        assertMacroExpansion(
            """
            @Model
            final class Gauge {
                @Transient var level: Int = 0 {
                    didSet { print(level) }
                }
            }
            """,
            expandedSource: """
                final class Gauge {
                    var level: Int = 0 {
                        didSet { print(level) }
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient property 'level' cannot have willSet/didSet observers, because @Model guards "
                        + "it with the object's lock; move the logic to a method",
                    line: 3, column: 20)
            ],
            macroSpecs: ormMacros)
    }

    /// A transient property goes through the object's lock, without faulting the object in or
    /// tracking a change (the `let`s and transient values checked `Sendable` are in
    /// `ModelMacroExpansionTests.testSpecExample`).
    func testTransientPropertyGoesThroughTheLock() {
        assertMacroExpansion(
            """
            final class Session {
                @_TransientProperty var cursor: Int = 0
            }
            """,
            expandedSource: """
                final class Session {
                    var cursor: Int {
                        @storageRestrictions(initializes: _cursor)
                        init(initialValue) {
                            _cursor = initialValue
                        }
                        get {
                            _$state.withLock {
                                _cursor
                            }
                        }
                        set {
                            _$state.withLock {
                                _cursor = newValue
                            }
                        }
                    }

                    @exclusivity(unchecked) private var _cursor: Int = 0
                }
                """,
            macroSpecs: ormMacros)
    }
}
