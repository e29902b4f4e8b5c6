import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` on a class that declares its own `Sendable` conformance.
extension ModelMacroExpansionTests {
    func testDeclaredSendableIsNotRepeated() {
        assertMacroExpansion(
            """
            @Model
            final class Flag: @unchecked Sendable {
                var on: Bool = false
            }
            """,
            expandedSource: """
            final class Flag: @unchecked Sendable {
                var on: Bool {
                    @storageRestrictions(initializes: _on)
                    init(initialValue) {
                        _on = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _on
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _on
                        } assign: {
                            _on = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _on: Bool = false

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

                var id: Int64 {
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

                @exclusivity(unchecked) private var _id: Int64 = 0

                static var modelSchema: ORMShared.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
                    ("Flag", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Flag",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("on", Bool.self, default: false),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._on = try ORMShared._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._on = try ORMShared._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Flag")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Flag")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _on
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _on
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Bool? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on"))
                    _$state.withLock {
                        if let v0 {
                            _on = v0
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Bool? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Bool.self, from: row, at: 1, column: "on"))
                    _$state.withLock {
                        if let v0 {
                            _on = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: Bool = _on
                        if let value, let typed = value as? Bool {
                            _on = typed
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

            extension Flag: ORMShared.Model, ORMSQLite._SQLiteRowModel {
            }
            """,
            macroSpecs: ormMacros)
    }
}
