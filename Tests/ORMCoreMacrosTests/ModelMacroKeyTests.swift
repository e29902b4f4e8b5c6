import SwiftSyntaxMacrosTestSupport
import XCTest

/// How `@Model` finds the primary key: `@Key`, else `id`, else a generated `id: Int64`.
final class ModelMacroKeyTests: XCTestCase {
    func testDeclaredIntegerId() {
        assertMacroExpansion(
            """
            @Model
            final class Ticket {
                var id: Int = 0
                var title: String = ""
            }
            """,
            expandedSource: """
            final class Ticket {
                var id: Int {
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

                @exclusivity(unchecked) private var _id: Int = 0
                var title: String {
                    @storageRestrictions(initializes: _title)
                    init(initialValue) {
                        _title = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _title
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _title
                        } assign: {
                            _title = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _title: String = ""

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
                    ("Ticket", ORMShared.PrimaryKey(name: "id", type: Int.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Ticket",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("title", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int.self, key, from: row, column: "id")
                    self._title = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "title")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int.self, key, from: row, column: "id")
                    self._title = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "title")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int.self, key, entity: "Ticket")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int.self, key, entity: "Ticket")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _title
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _title
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "title"))
                    _$state.withLock {
                        if let v0 {
                            _title = v0
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "title"))
                    _$state.withLock {
                        if let v0 {
                            _title = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _title
                        if let value, let typed = value as? String {
                            _title = typed
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

            extension Ticket: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }

    func testKeyAttributeWinsOverId() {
        assertMacroExpansion(
            """
            @Model
            final class Product {
                var id: Int = 0
                @Key @Column(name: "sku_code") var sku: String = ""
            }
            """,
            expandedSource: """
            final class Product {
                var id: Int {
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
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _id
                        } assign: {
                            _id = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _id: Int = 0
                
                var sku: String {
                    @storageRestrictions(initializes: _sku)
                    init(initialValue) {
                        _sku = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _sku
                        }
                    }
                    set {
                        _$state.writeKey(self) {
                            _sku = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _sku: String = ""

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
                    ("Product", ORMShared.PrimaryKey(name: "sku_code", type: String.columnType, strategy: .provided))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Product",
                    primaryKey: ORMShared.PrimaryKey(name: "sku_code", type: String.columnType, strategy: .provided),
                    columns: [
                        ORMShared._ColumnCoding.column("id", Int.self, default: 0),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._sku = try ORMShared._ColumnCoding.decodeKey(String.self, key, from: row, column: "sku_code")
                    self._id = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "id")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._sku = try ORMShared._ColumnCoding.decodeKey(String.self, key, from: row, column: "sku_code")
                    self._id = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "id")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._sku = try ORMShared._ColumnCoding.keyFromValue(String.self, key, entity: "Product")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_sku)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _sku = try ORMShared._ColumnCoding.keyFromValue(String.self, key, entity: "Product")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _id
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _id
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "id"))
                    _$state.withLock {
                        if let v0 {
                            _id = v0
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "id"))
                    _$state.withLock {
                        if let v0 {
                            _id = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: Int = _id
                        if let value, let typed = value as? Int {
                            _id = typed
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

            extension Product: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
