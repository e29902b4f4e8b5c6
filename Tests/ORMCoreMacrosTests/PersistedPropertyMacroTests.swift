import SwiftSyntaxMacrosTestSupport
import XCTest

/// The accessor and peer macros on their own, and the markers that expand to nothing.
final class PersistedPropertyMacroTests: XCTestCase {
    func testPersistedProperty() {
        assertMacroExpansion(
            """
            final class Person {
                @_PersistedProperty(column: 2) var name: String = ""
                @_PersistedProperty(column: 3) var email: String?
            }
            """,
            expandedSource: """
            final class Person {
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _name
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMShared._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""
                var email: String? {
                    @storageRestrictions(initializes: _email)
                    init(initialValue) {
                        _email = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _email
                        }
                    }
                    set {
                        _$state.write(self, column: 3, newValue, ORMShared._ColumnCoding.isSame) {
                            _email
                        } assign: {
                            _email = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _email: String? = nil
            }
            """,
            macroSpecs: ormMacros)
    }

    func testPersistedKey() {
        assertMacroExpansion(
            """
            final class Country {
                @_PersistedKey var code: String = "FR"
            }
            """,
            expandedSource: """
            final class Country {
                var code: String {
                    @storageRestrictions(initializes: _code)
                    init(initialValue) {
                        _code = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _code
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _code = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _code: String = "FR"
            }
            """,
            macroSpecs: ormMacros)
    }

    func testMarkersExpandToNothing() {
        assertMacroExpansion(
            """
            final class Plain {
                @Transient var scratch = 0
                @Column(name: "n") var name: String = ""
                @Key var code: String = ""
            }
            """,
            expandedSource: """
            final class Plain {
                var scratch = 0
                var name: String = ""
                var code: String = ""
            }
            """,
            macroSpecs: ormMacros)
    }
}
