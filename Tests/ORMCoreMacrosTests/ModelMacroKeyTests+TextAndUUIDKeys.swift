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
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _name
                        } assign: {
                            _name = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""

                @exclusivity(unchecked) var _$stateFields = ORMShared._ModelState.Fields()

                let _$state = ORMShared._ModelState()

                func _$withStateFields<R>(_ body: (inout ORMShared._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                static var modelSchema: ORMShared.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
                    ("Country", ORMShared.PrimaryKey(name: "code", type: String.columnType, strategy: .provided))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Country",
                    primaryKey: ORMShared.PrimaryKey(name: "code", type: String.columnType, strategy: .provided),
                    columns: [
                        ORMShared._ColumnCoding.column("name", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._code = try ORMShared._ColumnCoding.decodeKey(String.self, key, from: row, column: "code")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._code = try ORMShared._ColumnCoding.decodeKey(String.self, key, from: row, column: "code")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._code = try ORMShared._ColumnCoding.keyFromValue(String.self, key, entity: "Country")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_code)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _code = try ORMShared._ColumnCoding.keyFromValue(String.self, key, entity: "Country")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _name
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
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

                var _$relatedObjects: [any ORMShared.Model] {
                    []
                }

                init() {
                }
            }

            extension Country: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
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
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _body
                        } assign: {
                            _body = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _body: String = ""

                @exclusivity(unchecked) public var _$stateFields = ORMShared._ModelState.Fields()

                public let _$state = ORMShared._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMShared._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                public static var modelSchema: ORMShared.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
                    ("Document", ORMShared.PrimaryKey(name: "id", type: UUID.columnType, strategy: .provided))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Document",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: UUID.columnType, strategy: .provided),
                    columns: [
                        ORMShared._ColumnCoding.column("body", String.self, default: ""),
                    ]
                )

                public required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(UUID.self, key, from: row, column: "id")
                    self._body = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "body")
                }

                public required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(UUID.self, key, from: row, column: "id")
                    self._body = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "body")
                }

                public required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(UUID.self, key, entity: "Document")
                }

                public var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(UUID.self, key, entity: "Document")
                }

                public func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _body
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                public func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _body
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                public func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "body"))
                    _$state.withLock {
                        if let v0 {
                            _body = v0
                        }
                    }
                }

                public func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "body"))
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

                public var _$relatedObjects: [any ORMShared.Model] {
                    []
                }

                public init() {
                }
            }

            extension Document: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
