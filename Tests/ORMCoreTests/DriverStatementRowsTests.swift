import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Rows of a driver other than SQLite turned into live objects (the generic path of
/// `materializeRows`, through `DriverRowReader` and `init(_$values:key:)`), and the statement
/// helpers a driver gets from ``DriverConnection`` without writing its own.
final class DriverStatementRowsTests: XCTestCase {
    /// A statement of a driver that received its rows whole (as PostgreSQL's does): it steps
    /// through values it holds.
    final class HeldRowsStatement: DriverStatement {
        let sql = "SELECT held rows"
        let isReadOnly = true
        let parameterCount: Int32 = 0
        let columnNames: [String]
        let rows: [[SQLValue]]
        private var position = -1
        private(set) var steps = 0

        init(columnNames: [String], rows: [[SQLValue]]) {
            self.columnNames = columnNames
            self.rows = rows
        }

        var columnCount: Int32 { Int32(columnNames.count) }
        func bind(_ arguments: [SQLValue]) throws {}
        func step() throws -> Bool {
            steps += 1
            position += 1
            return position < rows.count
        }
        func run() throws { while try step() {} }
        func reset() { position = -1 }
        func use<T>(_ body: (HeldRowsStatement) throws -> T) rethrows -> T {
            defer { reset() }
            return try body(self)
        }
        func columnName(at index: Int32) -> String { columnNames[Int(index)] }
        func value(at index: Int32) -> SQLValue { rows[position][Int(index)] }
        func column(at index: Int32) -> ValueBinderReaderTests.ValueColumn {
            ValueBinderReaderTests.ValueColumn(value: value(at: index))
        }
        func bindNull(at index: Int32) throws {}
        func bindInt64(_ value: Int64, at index: Int32) throws {}
        func bindDouble(_ value: Double, at index: Int32) throws {}
        func bindText(_ value: String, at index: Int32) throws {}
        func bindBlob(_ value: Data, at index: Int32) throws {}
        func bind(_ value: SQLValue, at index: Int32) throws {}
    }

    /// The rows SQLite stores for two items, with their column names, read back as values.
    private func storedRows(in db: Database) throws -> (columns: [String], rows: [[SQLValue]]) {
        let first = VBRItem()
        first.id = 1
        first.name = "Ann"
        first.score = 1.5
        first.grade = .high
        let second = VBRItem()
        second.id = 2
        second.name = "Zoë"
        second.note = VBRNote(text: "n", stars: 4)
        try first.commit(in: db)
        try second.commit(in: db)
        let table = try db.fetchRows("SELECT \(raw: VBRItem.modelSchema.selectColumnsSQL) FROM vbr_item ORDER BY id")
        return (table.columns, table.rows)
    }

    func testAnotherDriversRowsBecomeLiveObjectsOfTheIdentityMap() throws {
        let db = try Database.inMemory()
        let stored = try storedRows(in: db)
        XCTAssertNil(db.identityMap.object(VBRItem.self, key: .integer(1)), "the committed objects are gone")

        let statement = HeldRowsStatement(columnNames: stored.columns, rows: stored.rows)
        let items = try VBRItem.materializeRows(of: statement, database: db)

        XCTAssertEqual(items.map(\.id), [1, 2])
        XCTAssertEqual(items.map(\.name), ["Ann", "Zoë"])
        XCTAssertEqual(items[0].score, 1.5)
        XCTAssertEqual(items[0].grade, .high)
        XCTAssertEqual(items[1].note, VBRNote(text: "n", stars: 4))
        XCTAssertEqual(statement.steps, 3, "two rows, then the end")
        XCTAssertTrue(try db.object(VBRItem.self, key: .integer(2)) === items[1], "entered in the identity map")
        XCTAssertFalse(items[0].hasChanges)
    }

    func testAnotherDriversRowRefreshesTheLiveObjectKeepingItsUnsavedChange() throws {
        let db = try Database.inMemory()
        let stored = try storedRows(in: db)
        let live = try XCTUnwrap(try VBRItem.fetch(where: "id = 1", in: db).first)
        live.score = 9  // unsaved
        var changed = stored.rows
        changed[0][1] = .text("Ann (renamed elsewhere)")  // the name column, as another session committed it

        let items = try VBRItem.materializeRows(
            of: HeldRowsStatement(columnNames: stored.columns, rows: changed), database: db)

        XCTAssertTrue(items[0] === live, "the live object, not a second one")
        XCTAssertEqual(live.name, "Ann (renamed elsewhere)")
        XCTAssertEqual(live.score, 9, "the unsaved change is kept")
        XCTAssertTrue(live.hasChanges)
    }

    func testAnotherDriversRowWithoutTheKeyColumnIsAClearError() throws {
        let db = try Database.inMemory()
        let stored = try storedRows(in: db)
        let statement = HeldRowsStatement(columnNames: stored.columns, rows: stored.rows)
        XCTAssertThrowsError(try VBRItem.materializeRows(of: statement, database: db, columnMap: [-1, 1, 2])) {
            error in
            guard case ORMError.valueMismatch(let entity, let column, _, _) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(entity, "vbr_item")
            XCTAssertEqual(column, "id")
        }
    }

    func testASQLiteStatementReachedGenericallyDecodesAsDirectly() throws {
        let db = try Database.inMemory()
        _ = try storedRows(in: db)
        XCTAssertNil(db.identityMap.object(VBRItem.self, key: .integer(1)))
        let items = try db.readSQLite("a test") { connection in
            try connection.cachedStatement(
                "SELECT \(VBRItem.modelSchema.selectColumnsSQL) FROM vbr_item ORDER BY id"
            ).use { statement in
                try Self.materializeGenerically(VBRItem.self, statement, db)
            }
        }
        XCTAssertEqual(items.map(\.name), ["Ann", "Zoë"])
        XCTAssertTrue(try db.object(VBRItem.self, key: .integer(1)) === items[0])
    }

    private static func materializeGenerically<T: Model>(
        _ type: T.Type, _ statement: some DriverStatement, _ db: Database
    ) throws -> [T] {
        try T.materializeRows(of: statement, database: db)
    }
}

/// A driver's connection that writes no statement helpers of its own: it forwards what it must to
/// SQLite's connection and takes ``DriverConnection``'s `forEachRow` and `withModelStatement`.
final class PlainDriverConnection: DriverConnection {
    let base: Connection
    init(_ base: Connection) { self.base = base }

    func prepare(_ sql: String) throws -> _Statement { try base.prepare(sql) }
    func cachedStatement(_ sql: String) throws -> _Statement { try base.cachedStatement(sql) }
    func clearStatementCache() { base.clearStatementCache() }
    func execute(_ sql: SQL) throws { try base.execute(sql) }
    func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool) throws {
        try base.executeScript(sql, stoppingOutsideTransaction: stoppingOutsideTransaction)
    }
    var isInTransaction: Bool { base.isInTransaction }
    func begin(_ kind: TransactionKind) throws { try base.begin(kind) }
    func commit() throws { try base.commit() }
    func rollback() throws { try base.rollback() }
    func savepoint(_ name: String) throws { try base.savepoint(name) }
    func releaseSavepoint(_ name: String) throws { try base.releaseSavepoint(name) }
    func rollback(toSavepoint name: String) throws { try base.rollback(toSavepoint: name) }
    var lastInsertedKey: SQLValue { base.lastInsertedKey }
    var changedRowCount: Int { base.changedRowCount }
    var interruptHandle: any InterruptHandle { base.interruptHandle }
    var introspector: any SchemaIntrospector { base.introspector }
    func deferForeignKeyChecks() throws { try base.deferForeignKeyChecks() }
    func setLockWait(milliseconds: Int32) throws { try base.setLockWait(milliseconds: milliseconds) }
    func prepareTrialTransaction() throws { try base.prepareTrialTransaction() }
}

final class DriverConnectionDefaultsTests: XCTestCase {
    private func connection() throws -> PlainDriverConnection {
        let base = try SQLiteDriver(path: try temporaryDatabasePath(self), configuration: Configuration())
            .openConnection(for: .writer)
        try base.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        try base.execute("INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        return PlainDriverConnection(base)
    }

    func testForEachRowBindsAndStepsAndANestedRunOfTheSameTextGetsItsOwnStatement() throws {
        let connection = try connection()
        var pairs: [String] = []
        let query: SQL = "SELECT name FROM t WHERE id >= \(2) ORDER BY id"
        try connection.forEachRow(query) { outer in
            let name = outer.value(at: 0)
            try connection.forEachRow(query) { inner in
                pairs.append("\(name.description)\(inner.value(at: 0).description)")
            }
        }
        XCTAssertEqual(pairs.count, 4, "\(pairs)")
        var again = 0
        try connection.forEachRow(query) { _ in again += 1 }
        XCTAssertEqual(again, 2, "the cached statement was reset after its run")
    }

    func testWithModelStatementRunsTheModelsStatementFromItsText() throws {
        let connection = try connection()
        let key = ModelStatementKey(model: ObjectIdentifier(VBRItem.self), kind: .select, columns: _ColumnSet())
        let name = try connection.withModelStatement(key, schema: "t", sql: { "SELECT name FROM \($0) WHERE id = ?" }) {
            statement -> SQLValue in
            try statement.bind([.integer(3)])
            XCTAssertTrue(try statement.step())
            return statement.value(at: 0)
        }
        XCTAssertEqual(name, .text("c"))
    }
}
