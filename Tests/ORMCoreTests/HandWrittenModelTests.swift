import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A model written by hand, as `@Model` would write it but conforming to `Model` alone: without
/// `_SQLiteRowModel`, SQLite's driver takes the macro's driver-neutral path for it (a statement
/// read through its row reader, values bound through `_ValueBinder`).
final class HandTag: Model, @unchecked Sendable {
    var name: String {
        @storageRestrictions(initializes: _name)
        init(initialValue) { _name = initialValue }
        get { _$state.read(self) { _name } }
        set { _$state.write(self, column: 0, newValue, _ColumnCoding.isSame) { _name } assign: { _name = newValue } }
    }
    @exclusivity(unchecked) private var _name: String = ""
    @exclusivity(unchecked) var _$stateFields = _ModelState.Fields()
    let _$state = _ModelState()

    func _$withStateFields<R>(_ body: (inout _ModelState.Fields) throws -> R) rethrows -> R {
        try _$state.withLock { try body(&_$stateFields) }
    }

    deinit { _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self)) }

    var id: Int64 {
        get { _$state.read(self) { _id } }
        set { _$state.writeKey(self) { _id = newValue } }
    }
    @exclusivity(unchecked) private var _id: Int64 = 0

    static var modelSchema: ModelSchema { schema }
    private static let schema = ModelSchema(
        table: "hand_tag", primaryKey: PrimaryKey(name: "id", type: Int64.columnType, strategy: .rowID),
        columns: [_ColumnCoding.column("name", String.self, default: "")])

    required init(_$values row: borrowing _ValueRow, key: SQLValue) throws {
        _$stateFields.enterDecoded(from: row, key: key)
        _id = try _ColumnCoding.decodeKey(Int64.self, key, from: row, column: "id")
        _name = try _ColumnCoding.decode(String.self, from: row, at: 1, column: "name")
    }

    required init(_$faultKey key: SQLValue) throws {
        _id = try _ColumnCoding.keyFromValue(Int64.self, key, entity: "hand_tag")
    }

    init() {}

    var _$primaryKeyHoldingLock: SQLValue { _ColumnCoding.keyValue(_id) }

    func _$setPrimaryKeyHoldingLock(_ key: SQLValue) throws {
        _id = try _ColumnCoding.keyFromValue(Int64.self, key, entity: "hand_tag")
    }

    func _$bindColumns(_ columns: _ColumnSet, to binder: some _ValueBinder, startingAt start: Int32) throws {
        let value = _$state.withLock { _name }
        if columns.contains(0) { try _ColumnCoding.bind(value, to: binder, at: start) }
    }

    func _$apply(_ row: _ValueRow, keeping: _ColumnSet) throws {
        let value: String? =
            try keeping.contains(0) ? nil : .some(_ColumnCoding.decode(String.self, from: row, at: 1, column: "name"))
        _$state.withLock { if let value { _name = value } }
    }

    func _$columnValue(_ column: Int, replacingWith value: (any Sendable)?) -> any Sendable {
        guard column == 0 else { return () }
        let old = _name
        if let value, let typed = value as? String { _name = typed }
        return old
    }

    var _$relatedObjects: [any Model] { [] }
}

final class HandWrittenModelTests: XCTestCase {
    func testAModelWithoutSQLitesPathIsInsertedFetchedUpdatedAndRefreshedOnSQLite() throws {
        XCTAssertNil(HandTag.self as? any _SQLiteRowModel.Type)
        let db = try Database(path: ":memory:")
        for name in ["b", "a", "c"] {
            let tag = HandTag()
            tag.name = name
            try tag.commit(in: db)
        }
        // `fetchAll` and `query().fetch()`: the driver's loop over rows read through the row reader.
        let all = try HandTag.fetchAll(in: db)
        XCTAssertEqual(all.map(\.name), ["b", "a", "c"])
        XCTAssertEqual(try HandTag.query(in: db).orderBy("name").fetch().map(\.name), ["a", "b", "c"])
        XCTAssert(try HandTag.query(in: db).where("name = ?", "c").fetch().first === all[2], "one live object a row")
        // A query that reads each row on its own (`groupBy`).
        let groups = try HandTag.query(in: db).groupBy("name")
        XCTAssertEqual(groups.keys.sorted { $0.description < $1.description }, [.text("a"), .text("b"), .text("c")])
        // An update binds through `_ValueBinder`; a refresh reads the row through the row reader.
        all[0].name = "d"
        try all[0].commit(in: db)
        try db.execute("UPDATE hand_tag SET name = 'e' WHERE id = ?", all[1].id)
        try all[1].refresh()
        XCTAssertEqual(try db.fetchAll("SELECT name FROM hand_tag ORDER BY id").map { $0[0] }, [.text("d"), .text("e"), .text("c")])
        XCTAssertEqual(all[1].name, "e")
    }
}
