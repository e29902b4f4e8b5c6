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
                            _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
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
                    ("Tag", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Tag",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("name", String.self, default: ""),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Tag")
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
                    var changed = ORMCore._ColumnSet()
                    _$state.withLock {
                        if let v0 {
                            if !ORMCore._ColumnCoding.isSame(_name, v0) {
                                changed.insert(0)
                            }
                            _name = v0
                        }
                    }
                    _$observedColumnsDidChange(changed)
                }

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    var changed = ORMCore._ColumnSet()
                    _$state.withLock {
                        if let v0 {
                            if !ORMCore._ColumnCoding.isSame(_name, v0) {
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

                var _$relatedObjects: [any ORMCore.Model] {
                    []
                }

                private let _$observationRegistrar = ORMCore._ObservationRegistrar()

                func _$observedColumnsDidChange(_ columns: ORMCore._ColumnSet) {
                    if columns.contains(0) {
                        _$observationRegistrar.willSet(self, keyPath: \\.name)
                        _$observationRegistrar.didSet(self, keyPath: \\.name)
                    }
                }

                func _$replaceColumns(from decoded: any ORMCore.Model, keeping: ORMCore._ColumnSet) -> ORMCore._ColumnSet {
                    var changed = ORMCore._ColumnSet()
                    guard let decoded = decoded as? Tag else {
                        return changed
                    }
                    if !keeping.contains(0) {
                        if !ORMCore._ColumnCoding.isSame(_name, decoded._name) {
                            changed.insert(0)
                        }
                        _name = decoded._name
                    }
                    return changed
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMCore._modelPropertyMustBeSendable(self.draft)
                }
            }

            extension Tag: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
