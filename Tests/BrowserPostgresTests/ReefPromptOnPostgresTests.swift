import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// reef's SQL prompt on PostgreSQL: a statement runs once, as written, in the session's own
/// transaction state; its rows are stored in reef's own copy, which the grid sorts, filters and
/// counts without running it again.
final class ReefPromptOnPostgresTests: XCTestCase {
    /// A fresh database with a sequence, a table `t`, and `logged(i)`, a volatile function that
    /// logs each call in `calls`.
    private func makeDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_prompt", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE SEQUENCE s;
            CREATE TABLE t (n integer);
            CREATE TABLE calls (i integer);
            CREATE FUNCTION logged(i integer) RETURNS integer LANGUAGE sql VOLATILE AS $$
              INSERT INTO calls VALUES (i);
              SELECT i;
            $$;
            """)
        return conninfo
    }

    /// The final screen of `keys` played on `conninfo`.
    private func screen(_ conninfo: String, _ keys: String, columns: Int = 80, rows: Int = 8, readOnly: Bool = false) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: readOnly, schema: nil)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows).run(try KeyScript.parse(keys)).last ?? []
    }

    private func scalar(_ conninfo: String, _ sql: String) throws -> String? {
        try PGConnection(conninfo).execute(sql).first?.text(at: 0)
    }

    /// A query calling a volatile function and `nextval` runs once: sorted, filtered, scrolled to
    /// its end and counted, the function was called once a row and the sequence moved once a row.
    func testAQueryRunsOnceWhateverTheGridDoesWithItsRows() throws {
        let database = try makeDatabase()
        let keys = "eSELECT logged(g) AS g, nextval('s') AS v FROM generate_series(1, 300) AS g<Enter>"
            + "ss" + "fg % 100 = 0<Enter>" + "G" + "/200<Enter>"
        let lines = try screen(database, keys, columns: 90, rows: 7)
        XCTAssertEqual(lines, [
            " │g ▼│v  │",
            "1│300│300│",
            "2│200│200│",
            "3│100│100│",
            "",
            "",
            lines.last ?? "",
        ])
        XCTAssertTrue(lines.last?.contains("query  2/3") == true, lines.last ?? "")
        XCTAssertEqual(try scalar(database, "SELECT count(*) FROM calls"), "300", "the function ran once a row")
        XCTAssertEqual(try scalar(database, "SELECT last_value FROM s"), "300", "the sequence moved once a row")
    }

    /// `lo_create(0)` makes one large object.
    func testLoCreateMakesOneObject() throws {
        let database = try makeDatabase()
        _ = try screen(database, "eSELECT lo_create(0) > 0 AS made<Enter>")
        XCTAssertEqual(try scalar(database, "SELECT count(*) FROM pg_largeobject_metadata"), "1")
    }

    /// `RETURNING` rows are shown with the rows the statement changed; a data-changing `WITH`'s
    /// rows are shown too, its insert made once, and the rows every part of it changed counted
    /// (its command tag counts the outer statement's only), in autocommit and in a typed `BEGIN`.
    func testReturningAndADataChangingWithShowTheirRows() throws {
        let database = try makeDatabase()
        let returning = try screen(database, "eINSERT INTO t VALUES (1), (2), (3) RETURNING n * 10 AS tens<Enter>", rows: 6)
        XCTAssertEqual(returning, [
            " │tens │",
            "1│   10│",
            "2│   20│",
            "3│   30│",
            "",
            " RESULTS  3 rows changed, 3 rows returned                      query  1/3  tens",
        ])
        let with = try screen(database, "eWITH x AS (INSERT INTO t VALUES (7) RETURNING n) SELECT n + 1 AS next FROM x<Enter>", rows: 4)
        XCTAssertEqual(with, [
            " │next │",
            "1│    8│",
            "",
            " RESULTS  1 row changed, 1 row returned                        query  1/1  next",
        ])
        XCTAssertEqual(try scalar(database, "SELECT string_agg(n::text, ',' ORDER BY n) FROM t"), "1,2,3,7")
        // Two deleted and two inserted: the tag says INSERT 0 2.
        let moved = try screen(database, "eWITH d AS (DELETE FROM t WHERE n < 3 RETURNING n) INSERT INTO t SELECT n + 100 FROM d RETURNING n<Enter>",
                               rows: 5)
        XCTAssertEqual(moved.last, " RESULTS  4 rows changed, 2 rows returned                         query  1/2  n")
        XCTAssertEqual(try scalar(database, "SELECT string_agg(n::text, ',' ORDER BY n) FROM t"), "3,7,101,102")
        XCTAssertEqual(try scalar(database, "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction'"), "0")
    }

    /// A `DO` block whose body holds semicolons is one statement; so is a `BEGIN ATOMIC` body, and
    /// the statement after it runs after it.
    func testDollarQuotesAndBeginAtomicBodiesAreNotSplit() throws {
        let database = try makeDatabase()
        let done = try screen(database, "eDO $$ BEGIN INSERT INTO t VALUES (1); INSERT INTO t VALUES (2); END $$<Enter>", rows: 4)
        XCTAssertTrue(done.last?.contains("statement executed") == true, done.last ?? "")
        XCTAssertEqual(try scalar(database, "SELECT count(*) FROM t"), "2")
        let atomic = try screen(database, "eCREATE FUNCTION two() RETURNS integer LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END; "
                                    + "SELECT two() AS two;<Enter>", rows: 4)
        XCTAssertEqual(atomic, [
            " │two │",
            "1│   2│",
            "",
            " RESULTS  ran 2 statements: 0 rows changed                      query  1/1  two",
        ])
        XCTAssertEqual(SQLScript.statements(in: "SELECT CASE WHEN true THEN 1 END; SELECT 2", dialect: .postgres).count, 2)
    }

    /// `BEGIN` opens the session's transaction, which the status bar tells; `ROLLBACK` undoes what
    /// ran inside it. Without `--readonly` the prompt writes; with it, nothing is written.
    func testBeginIsShownAndRollbackUndoes() throws {
        let database = try makeDatabase()
        let open = try screen(database, "eBEGIN<Enter>eINSERT INTO t VALUES (1)<Enter>", columns: 100, rows: 4)
        XCTAssertTrue(open.last?.contains("in transaction") == true, open.last ?? "")
        let rolledBack = try screen(database, "eBEGIN<Enter>eINSERT INTO t VALUES (1)<Enter>eROLLBACK<Enter>", columns: 100, rows: 4)
        XCTAssertFalse(rolledBack.last?.contains("in transaction") == true, rolledBack.last ?? "")
        XCTAssertEqual(try scalar(database, "SELECT count(*) FROM t"), "0")
        let readOnly = try screen(database, "eSELECT nextval('s')<Enter>", columns: 120, rows: 4, readOnly: true)
        // Refused, the statement stays in the SQL editor with the refusal above it.
        XCTAssertTrue(readOnly[2].hasPrefix("✗ "), readOnly.joined(separator: "\n"))
        XCTAssertEqual(readOnly.last, "SQL> SELECT nextval('s')")
        XCTAssertEqual(try scalar(database, "SELECT last_value FROM s"), "1")
        XCTAssertEqual(try scalar(database, "SELECT is_called::text FROM s"), "false", "the read-only session moved no sequence")
    }

    /// `Esc` stops a statement on the server and keeps the rows that arrived.
    func testStoppingKeepsTheRowsThatArrived() throws {
        let database = try DatabaseOpener.open(try makeDatabase(), readOnly: false, schema: nil)
        let runner = StatementRunner(database: database)
        let result = BackgroundResult { Handover(value: try runner.run("SELECT generate_series(1, 1000000000) AS g")) }
        try waitUntil("rows arrive") { runner.progress.value >= 3_000 }
        runner.interruption.interrupt()
        try waitUntil("the statement stops") { result.result != nil }
        let rows = try XCTUnwrap(try result.result?.get().value.rows)
        XCTAssertTrue(rows.wasStopped)
        XCTAssertGreaterThanOrEqual(rows.count, 3_000)
        XCTAssertEqual(try rows.source.count(), rows.count, "every row that arrived is stored")
        XCTAssertEqual(try rows.source.rows(0..<2).map { $0.values }, [[.integer(1)], [.integer(2)]])
    }
}
