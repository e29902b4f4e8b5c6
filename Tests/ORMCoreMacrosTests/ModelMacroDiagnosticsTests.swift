import SwiftSyntaxMacrosTestSupport
import XCTest

/// Every error `@Model` reports; a class with errors gets no generated members.
final class ModelMacroDiagnosticsTests: XCTestCase {
    func testDeinitWithoutTheIdentityMapHookIsRejected() {
        assertMacroExpansion(
            """
            @Model
            final class Log {
                var line: String = ""
                deinit { print("gone") }
            }
            """,
            expandedSource: """
                final class Log {
                    var line: String = ""
                    deinit { print("gone") }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "a @Model class's deinit must call '_$state.willDeinit(&_$stateFields, object: "
                        + "ObjectIdentifier(self))' (the generated deinit takes the object out of the identity "
                        + "map; a deinit written by hand must do the same)",
                    line: 4, column: 5)
            ],
            macroSpecs: ormMacros)
    }

    func testStructIsRejected() {
        assertMacroExpansion(
            """
            @Model
            struct Point {
                var x: Int = 0
            }
            """,
            expandedSource: """
                struct Point {
                    var x: Int = 0
                }
                """,
            diagnostics: [DiagnosticSpec(message: "@Model can only be applied to a class", line: 1, column: 1)],
            macroSpecs: ormMacros)
    }

    func testEnumIsRejected() {
        assertMacroExpansion(
            """
            @Model
            enum Direction {
                case up, down
            }
            """,
            expandedSource: """
                enum Direction {
                    case up, down
                }
                """,
            diagnostics: [DiagnosticSpec(message: "@Model can only be applied to a class", line: 1, column: 1)],
            macroSpecs: ormMacros)
    }

    func testActorIsRejected() {
        assertMacroExpansion(
            """
            @Model
            actor Cache {
                var hits: Int = 0
            }
            """,
            expandedSource: """
                actor Cache {
                    var hits: Int = 0
                }
                """,
            diagnostics: [DiagnosticSpec(message: "@Model can only be applied to a class", line: 1, column: 1)],
            macroSpecs: ormMacros)
    }

    func testMissingTypeAnnotation() {
        assertMacroExpansion(
            """
            @Model
            final class Counter {
                var count = 0
            }
            """,
            expandedSource: """
                final class Counter {
                    var count = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'count' needs an explicit type annotation; add one or mark it @Transient",
                    line: 3, column: 9)
            ],
            macroSpecs: ormMacros)
    }

    func testNonOptionalWithoutDefault() {
        assertMacroExpansion(
            """
            @Model
            final class Person {
                var name: String
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: """
                final class Person {
                    var name: String
                    init(name: String) { self.name = name }
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "non-optional persisted property 'name' needs a default value", line: 3, column: 9)
            ],
            macroSpecs: ormMacros)
    }

    func testTwoKeys() {
        assertMacroExpansion(
            """
            @Model
            final class Pair {
                @Key var left: String = ""
                @Key var right: String = ""
            }
            """,
            expandedSource: """
                final class Pair {
                    var left: String = ""
                    var right: String = ""
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "only one property can be marked @Key; 'right' repeats the key 'left'", line: 4, column: 5)
            ],
            macroSpecs: ormMacros)
    }

    func testLetWithoutInitialValue() {
        assertMacroExpansion(
            """
            @Model
            final class Stamp {
                let created: Double
                init() { created = 0 }
            }
            """,
            expandedSource: """
                final class Stamp {
                    let created: Double
                    init() { created = 0 }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "constant 'created' needs an initial value, because @Model's generated initializers do not set it",
                    line: 3, column: 9)
            ],
            macroSpecs: ormMacros)
    }

    func testTransientWithoutInitialValue() {
        assertMacroExpansion(
            """
            @Model
            final class Session {
                @Transient var token: String
                @Transient var note: String?
                init() { token = "" }
            }
            """,
            expandedSource: """
                final class Session {
                    var token: String
                    var note: String?
                    init() { token = "" }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient property 'token' needs an initial value, because @Model's generated "
                        + "initializers do not set it",
                    line: 3, column: 20)
            ],
            macroSpecs: ormMacros)
    }

    func testObserversOnPersistedProperty() {
        assertMacroExpansion(
            """
            @Model
            final class Gauge {
                var level: Int = 0 {
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
                    message: "persisted property 'level' cannot have willSet/didSet observers; move the logic to a method",
                    line: 3, column: 9)
            ],
            macroSpecs: ormMacros)
    }

    func testSeveralBindingsInOneDeclaration() {
        assertMacroExpansion(
            """
            @Model
            final class Size {
                var width: Int = 0, height: Int = 0
            }
            """,
            expandedSource: """
                final class Size {
                    var width: Int = 0, height: Int = 0
                }
                """,
            diagnostics: [DiagnosticSpec(message: "declare each persisted property in its own 'var'", line: 3, column: 5)],
            macroSpecs: ormMacros)
    }

    func testEveryProblemIsReported() {
        assertMacroExpansion(
            """
            @Model
            final class Broken {
                var a = 1
                var b: Int
                let c: Int
                init() { b = 0; c = 0 }
            }
            """,
            expandedSource: """
                final class Broken {
                    var a = 1
                    var b: Int
                    let c: Int
                    init() { b = 0; c = 0 }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'a' needs an explicit type annotation; add one or mark it @Transient",
                    line: 3, column: 9),
                DiagnosticSpec(message: "non-optional persisted property 'b' needs a default value", line: 4, column: 9),
                DiagnosticSpec(
                    message: "constant 'c' needs an initial value, because @Model's generated initializers do not set it",
                    line: 5, column: 9),
            ],
            macroSpecs: ormMacros)
    }
}
