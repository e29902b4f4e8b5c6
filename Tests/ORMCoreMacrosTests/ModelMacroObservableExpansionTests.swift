import SwiftSyntaxMacrosTestSupport
import XCTest

/// Golden expansion of `@Model` on a class declared `Observable`: its properties (persisted and
/// transient) tell the object's `ObservationRegistrar` of reads and changes, and the runtime's
/// refreshes tell it which columns changed.
final class ModelMacroObservableExpansionTests: XCTestCase {
    func testAnObservableClassTellsItsRegistrarOfReadsAndChanges() {
        assertMacroExpansion(
            """
            @Model
            final class Tag: Observable {
                var name: String = ""
                @Transient var draft: String = ""
            }
            """,
            expandedSource: """
            final class Tag: Observable {
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = initialValue
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.name)
                        return _$state.read(self) {
                            _name
                        }
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.name) {
                            _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                                _name
                            } assign: {
                                _name = newValue
                            }
                        }
                    }
                }

                @exclusivity(unchecked) private var _name: String = ""
                var draft: String {
                    @storageRestrictions(initializes: _draft)
                    init(initialValue) {
                        _draft = initialValue
                    }
                    get {
                        _$observationRegistrar.access(self, keyPath: \\.draft)
                        return _$state.withLock {
                            _draft
                        }
                    }
                    set {
                        _$observationRegistrar.withMutation(of: self, keyPath: \\.draft) {
                            _$state.withLock {
                                _draft = newValue
                            }
                        }
                    }
                }

                @exclusivity(unchecked) private var _draft: String = ""

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
                    ("Tag", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Tag",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("name", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
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
                    var changed = ORMShared._ColumnSet()
                    _$state.withLock {
                        if let v0 {
                            if !ORMShared._ColumnCoding.isSame(_name, v0) {
                                changed.insert(0)
                            }
                            _name = v0
                        }
                    }
                    _$observedColumnsDidChange(changed)
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    var changed = ORMShared._ColumnSet()
                    _$state.withLock {
                        if let v0 {
                            if !ORMShared._ColumnCoding.isSame(_name, v0) {
                                changed.insert(0)
                            }
                            _name = v0
                        }
                    }
                    _$observedColumnsDidChange(changed)
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

                private let _$observationRegistrar = ORMShared._ObservationRegistrar()

                func _$observedColumnsDidChange(_ columns: ORMShared._ColumnSet) {
                    if columns.contains(0) {
                        _$observationRegistrar.willSet(self, keyPath: \\.name)
                        _$observationRegistrar.didSet(self, keyPath: \\.name)
                    }
                }

                func _$replaceColumns(from decoded: any ORMShared.Model, keeping: ORMShared._ColumnSet) -> ORMShared._ColumnSet {
                    var changed = ORMShared._ColumnSet()
                    guard let decoded = decoded as? Tag else {
                        return changed
                    }
                    if !keeping.contains(0) {
                        if !ORMShared._ColumnCoding.isSame(_name, decoded._name) {
                            changed.insert(0)
                        }
                        _name = decoded._name
                    }
                    return changed
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMSQLite._modelPropertyMustBeSendable(self.draft)
                }
            }

            extension Tag: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
