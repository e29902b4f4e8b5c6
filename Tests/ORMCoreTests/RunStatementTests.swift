import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `runStatement` runs a statement once, as written, on the writer: its rows handed over as they
/// come, the rows it changed, the transaction it leaves open; `executeBatch` inserts many rows
/// with one prepared statement.
final class RunStatementTests: XCTestCase {
    /// A fresh database (SQLite, or PostgreSQL under `ORMCORE_TEST_DATABASE=postgres`) with `t`.
    private func database() throws -> Database {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (\(raw: TestDatabaseKind.current.generatedKey()), note text)")
        return db
    }

    func testReturningRowsComeOnceWithTheRowsChanged() throws {
        let db = try database()
        var columns: [StatementColumn] = []
        var rows: [[SQLValue]] = []
        let report = try db.runStatement("INSERT INTO t (note) VALUES ('a'), ('b') RETURNING id, note",
                                         columns: { columns = $0 }, row: { rows.append($0.values) })
        XCTAssertEqual(columns.map(\.name), ["id", "note"])
        XCTAssertEqual(rows, [[.integer(1), .text("a")], [.integer(2), .text("b")]])
        XCTAssertEqual(report.changedRows, 2)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2), "inserted once")
        let query = try db.runStatement("SELECT note FROM t", columns: { _ in }, row: { _ in })
        XCTAssertNil(query.changedRows, "a query changes nothing, whatever the write before it changed")
        let ddl = try db.runStatement("CREATE INDEX t_note ON t (note)", columns: { _ in }, row: { _ in })
        XCTAssertNil(ddl.changedRows)
    }

    func testBeginLeavesTheSessionsTransactionOpenUntilRollback() throws {
        let db = try database()
        XCTAssertTrue(try db.runStatement("BEGIN", columns: { _ in }, row: { _ in }).isInTransaction)
        _ = try db.runStatement("INSERT INTO t (note) VALUES ('x')", columns: { _ in }, row: { _ in })
        XCTAssertTrue(try db.hasOpenTransaction)
        XCTAssertFalse(try db.runStatement("ROLLBACK", columns: { _ in }, row: { _ in }).isInTransaction)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }

    // SQLite's alone: only SQLite stores text that is not UTF-8 (PostgreSQL refuses it).
    func testTextThatIsNotUTF8ComesWithItsBytes() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        try db.execute("INSERT INTO t (note) VALUES (CAST(X'61FF62' AS TEXT))")
        var row: StatementRunRow?
        _ = try db.runStatement("SELECT note FROM t", columns: { _ in }, row: { row = $0 })
        XCTAssertEqual(row?.invalidText, [0: [0x61, 0xFF, 0x62]])
    }

    func testExecuteBatchIsAllOrNothing() throws {
        let db = try database()
        try db.executeBatch("INSERT INTO t (id, note) VALUES (?, ?)", argumentRows: [[.integer(1), .text("a")], [.integer(2), .null]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2))
        XCTAssertThrowsError(try db.executeBatch("INSERT INTO t (id, note) VALUES (?, ?)",
                                                 argumentRows: [[.integer(3), .text("c")], [.integer(1), .text("again")]]))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2), "the row before the failing one was undone")
    }

    func testPostgresScriptsAreCutAsPsqlCutsThem() {
        let script = """
            CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT CASE WHEN true THEN 1 END; SELECT 2; END;
            DO $$ BEGIN PERFORM 1; END $$; BEGIN; SELECT (1); END
            """
        XCTAssertEqual(SQLScript.statements(in: script, dialect: .postgres), [
            "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT CASE WHEN true THEN 1 END; SELECT 2; END",
            "DO $$ BEGIN PERFORM 1; END $$", "BEGIN", "SELECT (1)", "END",
        ])
    }
}
