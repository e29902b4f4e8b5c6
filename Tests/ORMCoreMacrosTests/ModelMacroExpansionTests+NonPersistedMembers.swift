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
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
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

                static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("Counter", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Counter",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("value", Int.self, default: 0),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._value = try ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Counter")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _value
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
                    _$state.withLock {
                        if let v0 {
                            _value = v0
                        }
                    }
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: Int? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(Int.self, from: row, at: 1, column: "value"))
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

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMCore._modelPropertyMustBeSendable(self.step)
                }
            }

            extension Counter: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
