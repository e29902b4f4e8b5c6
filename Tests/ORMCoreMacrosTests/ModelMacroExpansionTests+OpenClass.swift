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
                        _$state.write(self, column: 0, newValue, ORMCore._ColumnCoding.isSame) {
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

                @exclusivity(unchecked) public var _$stateFields = ORMCore._ModelState.Fields()

                public let _$state = ORMCore._ModelState()

                public func _$withStateFields<R>(_ body: (inout ORMCore._ModelState.Fields) throws -> R) rethrows -> R {
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

                public static var modelSchema: ORMCore.ModelSchema {
                    _$schema
                }

                public static var _$tableAndKey: (table: String, primaryKey: ORMCore.PrimaryKey) {
                    ("notes", ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID))
                }

                private static let _$schema = ORMCore.ModelSchema(
                    table: "notes",
                    primaryKey: ORMCore.PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
                    columns: [
                        ORMCore._ColumnCoding.column("text", String.self, default: "draft"),
                    ]
                )

                public required init(_$row row: borrowing ORMCore._StatementRow, key: borrowing ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$values row: borrowing ORMCore._ValueRow, key: ORMCore.SQLValue) throws {
                    self._$stateFields.enterDecoded(from: row, key: key)
                    self._id = try ORMCore._ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
                    self._text = try ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text")
                }

                public required init(_$faultKey key: ORMCore.SQLValue) throws {
                    self._id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public var _$primaryKeyHoldingLock: ORMCore.SQLValue {
                    ORMCore._ColumnCoding.keyValue(_id)
                }

                public func _$setPrimaryKeyHoldingLock(_ key: ORMCore.SQLValue) throws {
                    _id = try ORMCore._ColumnCoding.keyFromValue(Int64.self, key, entity: "notes")
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to statement: ORMCore._Statement, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: statement, at: start)
                    }
                }

                public func _$bindColumns(_ columns: ORMCore._ColumnSet, to binder: some ORMCore._ValueBinder, startingAt start: Int32) throws {
                    let values = _$state.withLock {
                        _text
                    }
                    if columns.contains(0) {
                        try ORMCore._ColumnCoding.bind(values, to: binder, at: start)
                    }
                }

                public func _$apply(_ row: ORMCore._StatementRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
                    _$state.withLock {
                        if let v0 {
                            _text = v0
                        }
                    }
                }

                public func _$apply(_ row: ORMCore._ValueRow, keeping: ORMCore._ColumnSet) throws {
                    let v0: String? = try keeping.contains(0) ? nil : .some(ORMCore._ColumnCoding.decode(String.self, from: row, at: 1, column: "text"))
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

                public var _$relatedObjects: [any ORMCore.Model] {
                    []
                }
            }

            extension Note: ORMCore.Model, ORMCore._SQLiteRowModel, @unchecked Sendable {
            }
            """,
            macroSpecs: ormMacros)
    }
}
