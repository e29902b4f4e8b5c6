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
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
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
                        _$state.write(self, column: 1, newValue, ORMCore._ColumnCoding.isSame) {
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
                        _$state.write(self, column: 2, newValue, ORMCore._ColumnCoding.isSame) {
                            _rating
                        } assign: {
                            _rating = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _rating: Int? = 3

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
                    ("Profile", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "Profile",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("nickname", String?.self, default: nil),
                        ORMCore._ColumnCoding.column("score", Optional<Double>.self, default: nil),
                        ORMCore._ColumnCoding.column("rating", Int?.self, default: 3),
                    ]
                )

                required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._nickname = try ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname")
                    self._score = try ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score")
                    self._rating = try ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating")
                }

                required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "Profile")
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: statement, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: statement, at: index)
                    }
                }

                func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    var index = start
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values.0, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(1) {
                        try ORMCore._ColumnCoding.bind(values.1, to: binder, at: index)
                        index += 1
                    }
                    if columns.contains(2) {
                        try ORMCore._ColumnCoding.bind(values.2, to: binder, at: index)
                    }
                }

                func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
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

                func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String?? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String?.self, from: row, at: 1, column: "nickname"))
                    let v1: Optional<Double>? = try keeping.contains(1) ? nil : .some(ORMCore._ColumnCoding.decode(Optional<Double>.self, from: row, at: 2, column: "score"))
                    let v2: Int?? = try keeping.contains(2) ? nil : .some(ORMCore._ColumnCoding.decode(Int?.self, from: row, at: 3, column: "rating"))
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

                var _$relatedObjects: [any ORMCore.Model] {
                    let values = _$state.withLock {
                        (_nickname, _score, _rating)
                    }
                    return [ORMCore._ColumnCoding.related(values.0), ORMCore._ColumnCoding.related(values.1), ORMCore._ColumnCoding.related(values.2)].compactMap {
                        $0
                    }
                }

                init() {
                }
            }

            extension Profile: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
