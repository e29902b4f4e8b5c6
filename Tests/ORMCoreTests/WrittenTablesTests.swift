import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The tables a statement names as written, as ``ChangeSource/recordedWrites`` tells raw SQL.
final class WrittenTablesTests: XCTestCase {
    func testTheTablesAStatementWrites() {
        let cases: [(String, [String])] = [
            ("INSERT INTO note (body) VALUES ('DELETE FROM x')", ["note"]),
            (#"INSERT OR REPLACE INTO main."My Note" SELECT * FROM t"#, ["My Note"]),
            ("REPLACE INTO t VALUES (1)", ["t"]),
            ("UPDATE OR IGNORE t SET a = replace(a, 'x', 'y') WHERE id IN (SELECT id FROM u)", ["t"]),
            ("DELETE FROM [log] WHERE day < 3", ["log"]),
            ("WITH old AS (SELECT id FROM a) DELETE FROM b WHERE id IN old", ["b"]),
            ("INSERT INTO t (k, v) VALUES (1, 2) ON CONFLICT (k) DO UPDATE SET v = excluded.v", ["t"]),
            ("SELECT * FROM t", []),
            ("CREATE TRIGGER tr AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); END", []),
            ("CREATE TABLE c (x REFERENCES a ON DELETE CASCADE ON UPDATE CASCADE)", []),
        ]
        for (statement, tables) in cases {
            XCTAssertEqual(SQLScript.tablesWritten(by: statement), tables, statement)
        }
        let postgres: [(String, [String])] = [
            ("UPDATE ONLY Public.Track SET name = $1", ["track"]),
            (#"TRUNCATE TABLE a, ONLY "B", s.c"#, ["a", "B", "c"]),
            ("WITH d AS (DELETE FROM q RETURNING *) INSERT INTO archive SELECT * FROM d", ["q", "archive"]),
            ("SELECT * FROM t FOR UPDATE", []),
            ("MERGE INTO stock s USING delta d ON s.id = d.id WHEN MATCHED THEN UPDATE SET n = d.n", ["stock"]),
            ("INSERT INTO t VALUES ($$ UPDATE x SET $$)", ["t"]),
        ]
        for (statement, tables) in postgres {
            XCTAssertEqual(SQLScript.tablesWritten(by: statement, dialect: .postgres), tables, statement)
        }
    }

    func testAPostgreSQLScriptIsCutAtItsSemicolonsOutsideDollarQuotes() {
        let script = """
            CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN INSERT INTO audit VALUES (1); RETURN NEW; END $body$
              LANGUAGE plpgsql;
            UPDATE "Stock" SET n = n + 1; -- done;
            """
        let statements = SQLScript.statements(in: script, dialect: .postgres)
        XCTAssertEqual(statements.count, 2, "\(statements)")
        XCTAssertEqual(statements.flatMap { SQLScript.tablesWritten(by: $0, dialect: .postgres) }, ["Stock"])
        let recorded = RecordedChanges(dialect: .postgres)
        recorded.recordStatements(of: script + "\n; BEGIN; DELETE FROM gone; ROLLBACK; TRUNCATE kept")
        XCTAssertEqual(recorded.takeCommitted(inTransaction: false).tables, ["kept"], "the ROLLBACK forgot the rest")
    }

    func testARollbackOfTheTransactionIsToldFromOneToASavepoint() {
        XCTAssertTrue(SQLScript.rollsBackTransaction("ROLLBACK"))
        XCTAssertTrue(SQLScript.rollsBackTransaction("rollback transaction"))
        XCTAssertTrue(SQLScript.rollsBackTransaction("ABORT", dialect: .postgres))
        XCTAssertFalse(SQLScript.rollsBackTransaction("ROLLBACK TO sp"))
        XCTAssertFalse(SQLScript.rollsBackTransaction("ROLLBACK TRANSACTION TO SAVEPOINT sp"))
        XCTAssertFalse(SQLScript.rollsBackTransaction("COMMIT"))
    }
}
