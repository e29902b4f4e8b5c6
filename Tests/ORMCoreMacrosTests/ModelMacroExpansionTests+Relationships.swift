import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` with to-one relationships (another model, its own type).
extension ModelMacroExpansionTests {
    func testRelationships() {
        assertMacroExpansion(
            """
            @Model
            final class Employee {
                var name: String = ""
                var department: Department?
                var manager: Employee?
            }
            """,
            expandedSource: """
            final class Employee {
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
                        _$state.write(self, column: 1, newValue, ORMShared._ColumnCoding.isSame) {
                            _department
                        } assign: {
                            _department = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _department: Department? = nil
                var manager: Employee? {
                    @storageRestrictions(initializes: _manager)
                    init(initialValue) {
                        _manager = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _manager
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMShared._ColumnCoding.isSame) {
                            _manager
                        } assign: {
                            _manager = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _manager: Employee? = nil

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
                    ("Employee", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Employee",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("name", String.self, default: ""),
                        ORMShared._ColumnCoding.column("department", Department?.self, default: nil),
                        ORMShared._ColumnCoding.column("manager", Employee?.self, default: nil),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._department = try ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department")
                    self._manager = try ORMShared._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._name = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
                    self._department = try ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department")
                    self._manager = try ORMShared._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Employee")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Employee")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _department, _manager)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMShared._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMShared._ColumnCoding.bind(values.2, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_name, _department, _manager)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMShared._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMShared._ColumnCoding.bind(values.2, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Department?? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department"))
                    let v2: Employee?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _department = v1
                        }
                        if let v2 {
                            _manager = v2
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
                    let v1: Department?? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Department?.self, from: row, at: 2, column: "department"))
                    let v2: Employee?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Employee?.self, from: row, at: 3, column: "manager"))
                    _$state.withLock {
                        if let v0 {
                            _name = v0
                        }
                        if let v1 {
                            _department = v1
                        }
                        if let v2 {
                            _manager = v2
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
                    case 1:
                        let old: Department? = _department
                        if let value, let typed = value as? Department? {
                            _department = typed
                        }
                        return old
                    case 2:
                        let old: Employee? = _manager
                        if let value, let typed = value as? Employee? {
                            _manager = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMShared.Model] {
                    let values = _$state.withLock {
                        (_department, _manager)
                    }
                    return [ORMShared._ColumnCoding.related(values.0), ORMShared._ColumnCoding.related(values.1)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Employee: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
