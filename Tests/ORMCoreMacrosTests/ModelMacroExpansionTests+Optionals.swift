import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` with optional properties that have no initial value.
extension ModelMacroExpansionTests {
    func testOptionalsWithoutInitializer() {
        assertMacroExpansion(
            """
            @Model
            final class Profile {
                var nickname: String?
                var score: Optional<Double>
                var rating: Int? = 3
            }
            """,
            expandedSource: """
            final class Profile {
                var nickname: String? {
                    @storageRestrictions(initializes: _nickname)
                    init(initialValue) {
                        _nickname = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _nickname
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _nickname
                        } assign: {
                            _nickname = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _nickname: String? = nil
                var score: Optional<Double> {
                    @storageRestrictions(initializes: _score)
                    init(initialValue) {
                        _score = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _score
                        }
                    }
                    set {
                        _$state.write(self, column: 1, newValue, ORMShared._ColumnCoding.isSame) {
                            _score
                        } assign: {
                            _score = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _score: Optional<Double> = nil
                var rating: Int? {
                    @storageRestrictions(initializes: _rating)
                    init(initialValue) {
                        _rating = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _rating
                        }
                    }
                    set {
                        _$state.write(self, column: 2, newValue, ORMShared._ColumnCoding.isSame) {
                            _rating
                        } assign: {
                            _rating = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _rating: Int? = 3

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
                    ("Profile", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "Profile",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("nickname", String?.self, default: nil),
                        ORMShared._ColumnCoding.column("score", Optional<Double>.self, default: nil),
                        ORMShared._ColumnCoding.column("rating", Int?.self, default: 3),
                    ]
                )

                required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMShared._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMShared._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMShared._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMShared._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMShared._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
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
                        (_nickname, _score, _rating)
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
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
                    _$state.withLock {
                        if let v0 {
                            _nickname = v0
                        }
                        if let v1 {
                            _score = v1
                        }
                        if let v2 {
                            _rating = v2
                        }
                    }
                }

                func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMShared._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMShared._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
                    _$state.withLock {
                        if let v0 {
                            _nickname = v0
                        }
                        if let v1 {
                            _score = v1
                        }
                        if let v2 {
                            _rating = v2
                        }
                    }
                }

                func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String? = _nickname
                        if let value, let typed = value as? String? {
                            _nickname = typed
                        }
                        return old
                    case 1:
                        let old: Optional<Double> = _score
                        if let value, let typed = value as? Optional<Double> {
                            _score = typed
                        }
                        return old
                    case 2:
                        let old: Int? = _rating
                        if let value, let typed = value as? Int? {
                            _rating = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                var _$relatedObjects: [any ORMShared.Model] {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    return [ORMShared._ColumnCoding.related(values.0), ORMShared._ColumnCoding.related(values.1), ORMShared._ColumnCoding.related(values.2)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Profile: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
