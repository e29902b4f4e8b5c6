import SwiftSyntaxMacrosTestSupport
import XCTest

/// Golden expansions of `@Model` with a key that is not an integer: a `@Key` on a `String`, and a
/// `UUID` key.
extension ModelMacroKeyTests {
    func testKeyAttributeOnString() {
        assertMacroExpansion(
            """
            @Model
            final class Country {
                @Key var code: String = ""
                var name: String = ""
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

                @exclusivity(unchecked) private var _code: String = ""
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
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""

                @exclusivity(unchecked) var _$stateFields = ORMCore._ModelState.Fields()

                let _$state = ORMCore._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Country", ORMCore.PrimaryKey(name: "code", type: String.columnType, strategy: .provided))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Country",
                    primaryKey: ORMCore.PrimaryKey(name: "code", type: String.columnType, strategy: .provided),
                    columns: [
                        ORMCore._ColumnCoding.column("name", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._code = try ORMCore._ColumnCoding.decodeKey(String.self, key, from: row, column: "code")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._code = try ORMCore._ColumnCoding.decodeKey(String.self, key, from: row, column: "code")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._code = try ORMCore._ColumnCoding.keyFromValue(String.self, key, entity: "Country")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_code)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _code = try ORMCore._ColumnCoding.keyFromValue(String.self, key, entity: "Country")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _name
                        if let value, let typed = value as? String {
                            _name = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }
            }

            extension Country: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testUUIDKey() {
        assertMacroExpansion(
            """
            @Model
            public final class Document {
                public var id: UUID = UUID()
                public var body: String = ""
            }
            """,
            expandedSource: """
            public final class Document {
                public var id: UUID {
                    @storageRestrictions(initializes: _id)
                    init(initialValue) {
                        _id = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _id
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: UUID = UUID()
                public var body: String {
                    @storageRestrictions(initializes: _body)
                    init(initialValue) {
                        _body = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _body
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
                            _body
                        } assign: {
                            _body = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _body: String = ""

                @exclusivity(unchecked) public var _$stateFields = ORMCore._ModelState.Fields()

                public let _$state = ORMCore._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                public static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Document", ORMCore.PrimaryKey(name: "id", type: UUID.columnType, strategy: .provided))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Document",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: UUID.columnType, strategy: .provided),
                    columns: [
                        ORMCore._ColumnCoding.column("body", String.self, default: ""),
                    ]
                )

                public required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(UUID.self, key, from: row, column: "id")
                    self._body = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "body")
                }

                public required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(UUID.self, key, from: row, column: "id")
                    self._body = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "body")
                }

                public required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(UUID.self, key, entity: "Document")
                }

                public var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(UUID.self, key, entity: "Document")
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _body
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _body
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                public func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "body"))
                    _$state.withLock {
                        if let v0 {
                            _body = v0
                        }
                    }
                }

                public func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "body"))
                    _$state.withLock {
                        if let v0 {
                            _body = v0
                        }
                    }
                }

                public func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _body
                        if let value, let typed = value as? String {
                            _body = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                public var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                public init() {
                }
            }

            extension Document: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
