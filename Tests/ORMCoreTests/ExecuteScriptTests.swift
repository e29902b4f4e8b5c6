import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `executeScript` is all or nothing, unless the script manages its own transaction.
final class ExecuteScriptTests: XCTestCase {
    private func database(rows: Int = 3) throws -> Database {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (\(raw: TestDatabaseKind.current.generatedKey()), a text)")
        for index in 1...rows { try db.execute("INSERT INTO t (a) VALUES (?)", "row \(index)") }
        return db
    }

    private func count(_ db: Database) throws -> SQLValue? {
        try db.scalar("SELECT count(*) FROM t")
    }

    func testAFailingStatementUndoesTheStatementsBeforeIt() throws {
        let db = try database()
        XCTAssertThrowsError(try db.executeScript("DELETE FROM t; THIS IS NOT SQL;")) { error in
            switch TestDatabaseKind.current {
            case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, .error, "\(error)")
            case .postgres: XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "42601", "\(error)")
            }
        }
        XCTAssertEqual(try count(db), .integer(3), "the DELETE was rolled back")
        XCTAssertThrowsError(
            try db.executeScript("CREATE TABLE u (x bigint); INSERT INTO u VALUES (1); INSERT INTO t (id) VALUES (1)"))
        XCTAssertNil(try db.tableInfo("u"), "the new table is gone too")
        // Nothing is left open: another transaction starts and commits.
        try db.transaction { _ in try db.execute("INSERT INTO t (a) VALUES ('after')") }
        XCTAssertEqual(try count(db), .integer(4))
    }

    func testInsideATransactionAScriptIsASavepoint() throws {
        let db = try database()
        try db.transaction { _ in
            try db.execute("INSERT INTO t (a) VALUES ('kept')")
            XCTAssertThrowsError(try db.executeScript("DELETE FROM t; SELECT nothing FROM nowhere"))
            XCTAssertEqual(try count(db), .integer(4), "the script's DELETE is undone, the insert before it stays")
            try db.executeScript("UPDATE t SET a = 'changed' WHERE a = 'kept'; INSERT INTO t (a) VALUES ('more')")
        }
        XCTAssertEqual(try count(db), .integer(5))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t WHERE a = 'changed'"), .integer(1))
    }

    func testAScriptThatManagesItsOwnTransactionRunsAsWritten() throws {
        let db = try database()
        try db.executeScript("BEGIN; DELETE FROM t WHERE id = 1; COMMIT;")
        XCTAssertEqual(try count(db), .integer(2))
        // Statements before its BEGIN apply as they run; the transaction it opened and left open by
        // failing is rolled back, not left holding the writer.
        XCTAssertThrowsError(
            try db.executeScript("DELETE FROM t WHERE id = 2; BEGIN; DELETE FROM t; NOT SQL; COMMIT"))
        XCTAssertEqual(try db.fetchAll("SELECT id FROM t").map { $0[0] }, [3])
        try db.transaction { _ in try db.execute("INSERT INTO t (a) VALUES ('after')") }
        XCTAssertEqual(try count(db), .integer(2))
        // VACUUM cannot run inside a transaction: a script holding it is not wrapped in one.
        try db.executeScript("DELETE FROM t WHERE a = 'after'; VACUUM")
        XCTAssertEqual(try count(db), .integer(1))
    }

    /// A statement that runs outside a transaction late in a script: the statements before it
    /// (run, then rolled back, while the script was still wrapped) are applied once, not twice.
    func testAStatementOutsideATransactionLateInAScriptRunsEverythingOnce() throws {
        let db = try database()
        try db.executeScript(
            "INSERT INTO t (a) VALUES ('x'); /* a note; */ -- and one more\n VACUUM; INSERT INTO t (a) VALUES ('y')")
        XCTAssertEqual(try count(db), .integer(5))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t WHERE a IN ('x', 'y')"), .integer(2))
    }

    /// The same with a `PRAGMA`, which runs outside a transaction on SQLite (SQLite's alone: PRAGMA).
    func testAPragmaLateInAScriptRunsEverythingOnce() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)")
        for index in 1...3 { try db.execute("INSERT INTO t (a) VALUES (?)", "row \(index)") }
        try db.executeScript(
            "INSERT INTO t (a) VALUES ('x'); /* a note; */ -- and one more\n pragma user_version = 7; INSERT INTO t (a) VALUES ('y')")
        XCTAssertEqual(try count(db), .integer(5))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t WHERE a IN ('x', 'y')"), .integer(2))
        XCTAssertEqual(try db.scalar("PRAGMA user_version"), .integer(7))
    }

    func testWhichStatementsRunOutsideATransaction() {
        for statement in ["begin immediate", "COMMIT", "end transaction", "ROLLBACK TO x", "SAVEPOINT s",
            "RELEASE s", "VACUUM", "ATTACH 'x' AS y", "DETACH y", "PRAGMA foreign_keys = OFF",
            "-- note\nBEGIN", ";; /* c */ Pragma x"]
        {
            XCTAssertTrue(SQLScript.runsOutsideTransaction(statement), statement)
        }
        for statement in ["DELETE FROM t", "CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; END", "SELECT 'BEGIN'",
            "BEGINNING", "(SELECT 1)", "", "/* unclosed"]
        {
            XCTAssertFalse(SQLScript.runsOutsideTransaction(statement), statement)
        }
    }

    /// PostgreSQL's own list (a pure function, run in both runs): its transaction words, the
    /// statements it refuses inside a transaction block, never a `PRAGMA` (no such statement there).
    func testWhichStatementsRunOutsideATransactionOnPostgreSQL() {
        for statement in ["begin", "START TRANSACTION", "COMMIT", "ABORT", "ROLLBACK TO SAVEPOINT s", "VACUUM",
            "vacuum analyze t", "CREATE DATABASE x", "DROP TABLESPACE y", "ALTER SYSTEM SET work_mem = '8MB'",
            "CREATE INDEX CONCURRENTLY i ON t (a)", "REINDEX TABLE t", "-- note\nCHECKPOINT"]
        {
            XCTAssertTrue(PostgresConnection.runsOutsideTransaction(statement), statement)
        }
        for statement in ["DELETE FROM t", "PRAGMA foreign_keys = OFF", "SELECT 'BEGIN'", "CREATE TABLE database (x int)",
            "DO $$BEGIN PERFORM 1; END$$", ""]
        {
            XCTAssertFalse(PostgresConnection.runsOutsideTransaction(statement), statement)
        }
    }
}
