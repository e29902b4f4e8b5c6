import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` with `@Column` options and `@Transient` properties.
extension ModelMacroExpansionTests {
    func testTransientAndColumnOptions() {
        assertMacroExpansion(
            """
            @Model
            final class Account {
                @Column(name: "full_name", formerNames: ["name", "fullname"], indexed: true, unique: true)
                var fullName: String = ""
                @Column(unique: true) var email: String?
                @Transient var cache: [String: Int] = [:]
                @Transient var note: String?
            }
            """,
            expandedSource: """

            final class Account {
                var fullName: String {
                    @storageRestrictions(initializes: _fullName)
                    init(initialValue) {
                        _fullName = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _fullName
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _fullName
                        } assign: {
                            _fullName = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _fullName: String = ""
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
                        _$state.write(self, column: 1, newValue, ORMShared._ColumnCoding.isSame) {
                            _email
                        } assign: {
                            _email = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _email: String? = nil
                var cache: [String: Int] {
                    @storageRestrictions(initializes: _cache)
                    init(initialValue) {
                        _cache = initialValue
                    }
                    get {
                        _$state.withLock {
                            _cache
                        }
                    }
                    set {
                        _$state.withLock {
                            _cache = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _cache: [String: Int] = [:]
                var note: String? {
                    @storageRestrictions(initializes: _note)
                    init(initialValue) {
                        _note = initialValue
                    }
                    get {
                        _$state.withLock {
                            _note
                        }
                    }
                    set {
                        _$state.withLock {
                            _note = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _note: String? = nil

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
                    ("Account", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Account",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("full_name", String.self, default: "", formerNames: ["name", "fullname"], indexed: true, unique: true),
                        ORMShared._ColumnCoding.column("email", String?.self, default: nil, unique: true),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._fullName = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name")
                    self._email = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._fullName = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name")
                    self._email = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Account")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Account")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_fullName, _email)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMShared._ColumnCoding.bind(values.1, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_fullName, _email)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMShared._ColumnCoding.bind(values.1, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name"))
                    let v1: String?? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email"))
                    _$state.withLock {
                        if let v0 {
                            _fullName = v0
                        }
                        if let v1 {
                            _email = v1
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "full_name"))
                    let v1: String?? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 2, column: "email"))
                    _$state.withLock {
                        if let v0 {
                            _fullName = v0
                        }
                        if let v1 {
                            _email = v1
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _fullName
                        if let value, let typed = value as? String {
                            _fullName = typed
                        }
                        return old
                    case 1:
                        let old: String? = _email
                        if let value, let typed = value as? String? {
                            _email = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMShared.Model] {
                    let values = _$state.withLock {
                        _email
                    }
                    return [ORMShared._ColumnCoding.related(values)].compactMap {
                        $0
                    }
                }

                init() {
                }

                private func _$checkSendable() {
                    ORMSQLite._modelPropertyMustBeSendable(self.cache)
                    ORMSQLite._modelPropertyMustBeSendable(self.note)
                }
            }

            extension Account: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
