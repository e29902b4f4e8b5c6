import SwiftSyntaxMacrosTestSupport
import XCTest

/// The golden expansion of `@Model` on an open class: its members are public.
extension ModelMacroExpansionTests {
    func testOpenClassUsesPublicMembers() {
        assertMacroExpansion(
            """
            @Model(table: "notes")
            open class Note {
                public var text: String = "draft"
                public init(text: String) {
                    self.text = text
                }
            }
            """,
            expandedSource: """
            open class Note {
                public var text: String {
                    @storageRestrictions(initializes: _text)
                    init(initialValue) {
                        _text = initialValue
                    }
                    get {
                        _$state.read(self) {
                            _text
                        }
                    }
                    set {
                        _$state.write(self, column: 0, newValue, ORMShared._ColumnCoding.isSame) {
                            _text
                        } assign: {
                            _text = newValue
                        }
                    }
                }

                @exclusivity(unchecked) private var _text: String = "draft"
                public init(text: String) {
                    self.text = text
                }

                @exclusivity(unchecked) public var _$stateFields = ORMShared._ModelState.Fields()

                public let _$state = ORMShared._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMShared._ModelState.Fields) throws -> R) rethrows -> R {
                    try _$state.withLock {
                        try body(&_$stateFields)
                    }
                }

                deinit {
                    _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
                }

                public var id: Int64 {
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

                public static var modelSchema: ORMShared.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMShared.PrimaryKey) {
                    ("notes", ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMShared.ModelSchema(
                    table: "notes",
                    primaryKey: ORMShared.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMShared._ColumnCoding.column("text", String.self, default: "draft"),
                    ]
                )

                public required init(_$row row: borrowing ORMSQLite._StatementRow, key: borrowing ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$values row: borrowing ORMShared._ValueRow, key: ORMShared.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMShared._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$faultKey key: ORMShared.SQLValue) throws {
                    self._id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public var _$primaryKeyHoldingLock: ORMShared.SQLValue {
                    ORMShared._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMShared.SQLValue) throws {
                    _id = try ORMShared._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public func _$bindColumns(_ columns: ORMShared._ColumnSet, to statement: ORMSQLite._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                public func _$bindColumns(_ columns: ORMShared._ColumnSet, to binder: some ORMShared._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMShared._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                public func _$apply(_ row: ORMSQLite._StatementRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
                    _$state.withLock {
                        if let v0 {
                            _text = v0
                        }
                    }
                }

                public func _$apply(_ row: ORMShared._ValueRow, keeping: ORMShared._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMShared._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
                    _$state.withLock {
                        if let v0 {
                            _text = v0
                        }
                    }
                }

                public func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
                    switch column {
                    case 0:
                        let old: String = _text
                        if let value, let typed = value as? String {
                            _text = typed
                        }
                        return old
                    default:
                        return ()
                    }
                }

                public var _$relatedObjects: [any ORMShared.Model] {
                    []
                }
            }

            extension Note: ORMShared.Model, ORMSQLite._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
