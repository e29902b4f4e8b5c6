import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` with members it does not store (constants, statics,
/// computed properties).
extension ModelMacroExpansionTests {
    func testNonPersistedMembersAreSkipped() {
        assertMacroExpansion(
            """
            @Model
            final class Counter {
                var value: Int = 0
                let step = 1
                static var shared = 0
                class var kind: String { "counter" }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() { value = 0 }
            }
            """,
            expandedSource: """
            final class Counter {
                var value: Int {
                    @storageRestrictions(initializes: _value)
                    init(initialValue) {
                        _value = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _value
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _value
                        } assign: {
                            _value = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _value: Int = 0
                let step = 1
                static var shared = 0
                class var kind: String { "counter" }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() { value = 0 }

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
                    ("Counter", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Counter",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("value", Int.self, default: 0),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
                    _$state.withLock {
                        if let v0 {
                            _value = v0
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
                    _$state.withLock {
                        if let v0 {
                            _value = v0
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: Int = _value
                        if let value, let typed = value as? Int {
                            _value = typed
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

                private func _$checkSendable() {
                    ORMSQLite._modelPropertyMustBeSendable(self.step)
                }
            }

            extension Counter: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
