import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` with array, dictionary, Codable struct and enum properties.
extension ModelMacroExpansionTests {
    func testCodableArrayAndEnumProperties() {
        assertMacroExpansion(
            """
            @Model
            final class Settings {
                var tags: [String] = []
                var limits: [String: Int] = [:]
                var address: Address = Address(street: "", zip: 0)
                var mood: Mood = .happy
                var previous: Mood?
            }
            """,
            expandedSource: """
            final class Settings {
                var tags: [String] {
                    @storageRestrictions(initializes: _tags)
                    init(initialValue) {
                        _tags = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _tags
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _tags
                        } assign: {
                            _tags = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _tags: [String] = []
                var limits: [String: Int] {
                    @storageRestrictions(initializes: _limits)
                    init(initialValue) {
                        _limits = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _limits
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMShared._ColumnCoding.isSame) {
                            _limits
                        } assign: {
                            _limits = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _limits: [String: Int] = [:]
                var address: Address {
                    @storageRestrictions(initializes: _address)
                    init(initialValue) {
                        _address = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _address
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMShared._ColumnCoding.isSame) {
                            _address
                        } assign: {
                            _address = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _address: Address = Address(street: "", zip: 0)
                var mood: Mood {
                    @storageRestrictions(initializes: _mood)
                    init(initialValue) {
                        _mood = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _mood
                        }
                    }
                    set {
                        _$state.write(self, column: 3, newValue, ORMShared._ColumnCoding.isSame) {
                            _mood
                        } assign: {
                            _mood = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _mood: Mood = .happy
                var previous: Mood? {
                    @storageRestrictions(initializes: _previous)
                    init(initialValue) {
                        _previous = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _previous
                        }
                    }
                    set {
                        _$state.write(self, column: 4, newValue, ORMShared._ColumnCoding.isSame) {
                            _previous
                        } assign: {
                            _previous = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _previous: Mood? = nil

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
                    ("Settings", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Settings",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("tags", [String].self, default: []),
                        ORMShared._ColumnCoding.column("limits", [String: Int].self, default: [:]),
                        ORMShared._ColumnCoding.column("address", Address.self, default: Address(street: "", zip: 0)),
                        ORMShared._ColumnCoding.column("mood", Mood.self, default: .happy),
                        ORMShared._ColumnCoding.column("previous", Mood?.self, default: nil),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._tags = try ORMShared._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags")
                    self._limits = try ORMShared._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits")
                    self._address = try ORMShared._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address")
                    self._mood = try ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood")
                    self._previous = try ORMShared._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._tags = try ORMShared._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags")
                    self._limits = try ORMShared._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits")
                    self._address = try ORMShared._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address")
                    self._mood = try ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood")
                    self._previous = try ORMShared._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Settings")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Settings")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_tags, _limits, _address, _mood, _previous)
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
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMShared._ColumnCoding.bind(values.3, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMShared._ColumnCoding.bind(values.4, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_tags, _limits, _address, _mood, _previous)
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
                        index += 1
                    }
                    if columns.contains(3) {
                        try ORMShared._ColumnCoding.bind(values.3, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(4) {
                        try ORMShared._ColumnCoding.bind(values.4, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: [String]? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags"))
                    let v1: [String: Int]? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits"))
                    let v2: Address? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address"))
                    let v3: Mood? = try keeping.contains(3) ? nil : .some(ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood"))
                    let v4: Mood?? = try keeping.contains(4) ? nil : .some(ORMShared._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous"))
                    _$state.withLock {
                        if let v0 {
                            _tags = v0
                        }
                        if let v1 {
                            _limits = v1
                        }
                        if let v2 {
                            _address = v2
                        }
                        if let v3 {
                            _mood = v3
                        }
                        if let v4 {
                            _previous = v4
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: [String]? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode([String].self, from: row, at: 1, column: "tags"))
                    let v1: [String: Int]? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode([String: Int].self, from: row, at: 2, column: "limits"))
                    let v2: Address? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Address.self, from: row, at: 3, column: "address"))
                    let v3: Mood? = try keeping.contains(3) ? nil : .some(ORMShared._ColumnCoding.decode(Mood.self, from: row, at: 4, column: "mood"))
                    let v4: Mood?? = try keeping.contains(4) ? nil : .some(ORMShared._ColumnCoding.decode(Mood?.self, from: row, at: 5, column: "previous"))
                    _$state.withLock {
                        if let v0 {
                            _tags = v0
                        }
                        if let v1 {
                            _limits = v1
                        }
                        if let v2 {
                            _address = v2
                        }
                        if let v3 {
                            _mood = v3
                        }
                        if let v4 {
                            _previous = v4
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: [String] = _tags
                        if let value, let typed = value as? [String] {
                            _tags = typed
                        }
                        return old
                    case 1:
                        let old: [String: Int] = _limits
                        if let value, let typed = value as? [String: Int] {
                            _limits = typed
                        }
                        return old
                    case 2:
                        let old: Address = _address
                        if let value, let typed = value as? Address {
                            _address = typed
                        }
                        return old
                    case 3:
                        let old: Mood = _mood
                        if let value, let typed = value as? Mood {
                            _mood = typed
                        }
                        return old
                    case 4:
                        let old: Mood? = _previous
                        if let value, let typed = value as? Mood? {
                            _previous = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMShared.Model] {
                    let values = _$state.withLock {
                        _previous
                    }
                    return [ORMShared._ColumnCoding.related(values)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Settings: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
