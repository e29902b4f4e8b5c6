import SwiftSyntaxMacrosTestSupport
import XCTest

/// Golden expansions of `@Model` (with the property macros it attaches expanded too), one file per
/// feature they show (`ModelMacroExpansionTests+Relationships.swift`, say).
final class ModelMacroExpansionTests: XCTestCase {
    func testSpecExample() {
        assertMacroExpansion(
            """
            @Model(table: "people", formerNames: ["Persons"], indexes: [Index("name", "age")])
            public final class Person {
                var name: String = ""
                @Column(formerNames: ["years"], indexed: true) var age: Int = 0
                var email: String?
                var department: Department?
                var tags: [String] = []
                var mood: Mood = .happy
                @Transient var scratch: Int = 0
                let constant = 1
                static var counter = 0
                var computed: Int { age * 2 }
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: [Self.specExampleProperties, Self.specExampleMembers].joined(separator: "\n"),
            macroSpecs: ormMacros)
    }

    /// The spec example's expansion, first part: the class as written, each stored property turned
    /// into accessors over a private backing property (`ModelMacroExpansionTests+SpecExampleMembers`
    /// holds the rest: the members `@Model` adds, and its extension).
    static let specExampleProperties = """
    public final class Person {
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
                _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                    _name
                } assign: {
                    _name = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _name: String = ""
        var age: Int {
            @storageRestrictions(initializes: _age)
            init(initialValue) {
                _age = initialValue
            }
            get {
                _$state.read(self) {
                    _age
                }
            }
            set {
                _$state.write(self, column: 1, newValue, ORMShared._ColumnCoding.isSame) {
                    _age
                } assign: {
                    _age = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _age: Int = 0
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
                _$state.write(self, column: 2, newValue, ORMShared._ColumnCoding.isSame) {
                    _email
                } assign: {
                    _email = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _email: String? = nil
        var department: Department? {
            @storageRestrictions(initializes: _department)
            init(initialValue) {
                _department = initialValue
            }
            get {
                _$state.read(self) {
                    _department
                }
            }
            set {
                _$state.write(self, column: 3, newValue, ORMShared._ColumnCoding.isSame) {
                    _department
                } assign: {
                    _department = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _department: Department? = nil
        var tags: [String] {
            @storageRestrictions(initializes: _tags)
            init(initialValue) {
                _tags = initialValue
            }
            get {
                _$state.read(self) {
                    _tags
                }
            }
            set {
                _$state.write(self, column: 4, newValue, ORMShared._ColumnCoding.isSame) {
                    _tags
                } assign: {
                    _tags = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _tags: [String] = []
        var mood: Mood {
            @storageRestrictions(initializes: _mood)
            init(initialValue) {
                _mood = initialValue
            }
            get {
                _$state.read(self) {
                    _mood
                }
            }
            set {
                _$state.write(self, column: 5, newValue, ORMShared._ColumnCoding.isSame) {
                    _mood
                } assign: {
                    _mood = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _mood: Mood = .happy
        var scratch: Int {
            @storageRestrictions(initializes: _scratch)
            init(initialValue) {
                _scratch = initialValue
            }
            get {
                _$state.withLock {
                    _scratch
                }
            }
            set {
                _$state.withLock {
                    _scratch = newValue
                }
            }
        }

        @exclusivity(unchecked) private var _scratch: Int = 0
        let constant = 1
        static var counter = 0
        var computed: Int { age * 2 }
        init(name: String) { self.name = name }
    """
}
