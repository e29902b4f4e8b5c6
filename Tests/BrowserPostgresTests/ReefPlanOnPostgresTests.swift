import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The plan screen on PostgreSQL, played headless: `Ctrl-P` at the SQL prompt shows the plan of
/// the statement under the cursor as a tree, `Ctrl-P` again runs `EXPLAIN ANALYZE` (a write
/// rolled back, also inside a transaction typed at the prompt), an error stays in the editor, and
/// a read-only session refuses to run a write.
final class ReefPlanOnPostgresTests: XCTestCase {
    /// A fresh database with a table `t` of three rows.
    private func makeDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_plan", for: self))
        try PGConnection(conninfo).executeScript("CREATE TABLE t (n integer); INSERT INTO t VALUES (1), (2), (3);")
        return conninfo
    }

    /// A headless runner on `conninfo`.
    private func runner(_ conninfo: String, readOnly: Bool = false, rows: Int = 12) throws -> HeadlessRunner {
        let database = try DatabaseOpener.open(conninfo, readOnly: readOnly, schema: nil)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: 100, rows: rows)
    }

    /// The rows of `t`, read on a connection of the test's own.
    private func values(_ conninfo: String) throws -> [String] {
        try PGConnection(conninfo).execute("SELECT n FROM t ORDER BY n").compactMap { $0.text(at: 0) }
    }

    /// The plan of a query: its scan with the filter, the planner's figures, the step marked
    /// slowest; `q` goes back to the editor with the text and cursor kept.
    func testThePlanOfAQueryIsATree() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        let screen = runner.run(try KeyScript.parse("eSELECT count(*) FROM t WHERE n > 1<Home><C-p>")).last ?? []
        XCTAssertEqual(screen[0], "Plan of SELECT count(*) FROM t WHERE n > 1", screen.joined(separator: "\n"))
        XCTAssertTrue(screen[1].hasPrefix("estimates, nothing ran"), screen[1])
        XCTAssertNotNil(screen[2].firstMatch(of: #/^  step +cost +self cost +est rows$/#), screen[2])
        XCTAssertNotNil(screen[3].firstMatch(of: #/^  Aggregate +[0-9.]+ +[0-9.]+ +1$/#), screen[3])
        XCTAssertNotNil(screen[4].firstMatch(of: #/^▶ └─ Seq Scan  on t filter \(n > 1\) +[0-9.]+ +[0-9.]+ +[0-9]+$/#), screen[4])
        XCTAssertTrue(screen.last?.hasPrefix(" PLAN") == true, screen.joined(separator: "\n"))
        let back = runner.run(try KeyScript.parse("q")).last ?? []
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT count(*) FROM t WHERE n > 1")
        XCTAssertEqual(runner.app.prompt.current?.cursor, 0, "the cursor where it was")
        XCTAssertEqual(back.last, "SQL> SELECT count(*) FROM t WHERE n > 1")
    }

    /// `Ctrl-P` twice: EXPLAIN ANALYZE of an INSERT shows what it did and says it was rolled
    /// back; the table is as it was.
    func testAnalyzeOfAnInsertLeavesTheTableUnchanged() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        let screen = runner.run(try KeyScript.parse("eINSERT INTO t SELECT g FROM generate_series(10, 14) AS g<C-p><C-p>")).last ?? []
        let page = screen.joined(separator: "\n")
        XCTAssertEqual(screen[0], "Plan (EXPLAIN ANALYZE) of INSERT INTO t SELECT g FROM generate_series(10, 14) AS g", page)
        XCTAssertTrue(screen[1].hasPrefix("ran in a transaction rolled back: nothing it wrote stays; planning "), page)
        XCTAssertNotNil(screen[2].firstMatch(of: #/^  step +est rows +rows +loops +time ms +self ms$/#), page)
        XCTAssertTrue(screen[3].contains("Insert  on t"), page)
        XCTAssertNotNil(screen[4].firstMatch(of: #/└─ Function Scan  on generate_series g +[0-9]+ +5 +1 +[0-9.]+ +[0-9.]+$/#), page)
        XCTAssertEqual(screen.filter { $0.hasPrefix("▶ ") }.count, 1, page)
        XCTAssertEqual(try values(database), ["1", "2", "3"])
        XCTAssertFalse(runner.app.sessionTransactionOpen)
    }

    /// Inside a transaction typed at the prompt, ANALYZE rolls back to a savepoint: the
    /// transaction stays open with what it wrote before, and commits it.
    func testAnalyzeInsideATransactionKeepsTheTransaction() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        _ = runner.run(try KeyScript.parse("eBEGIN<Enter>eINSERT INTO t VALUES (10)<Enter>"))
        let screen = runner.run(try KeyScript.parse("eINSERT INTO t VALUES (11)<C-p><C-p>")).last ?? []
        XCTAssertTrue(screen[1].hasPrefix("ran in a transaction rolled back"), screen.joined(separator: "\n"))
        XCTAssertTrue(runner.app.sessionTransactionOpen)
        _ = runner.run(try KeyScript.parse("q<Esc>e<C-u>COMMIT<Enter>"))  // the buffer kept the INSERT
        XCTAssertEqual(try values(database), ["1", "2", "3", "10"])
    }

    /// A statement the server rejects stays in the editor with the server's place marked.
    func testAnErrorStaysInTheEditor() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        let screen = runner.run(try KeyScript.parse("eSELECT 1; SELECT nosuch FROM t<C-p>")).last ?? []
        XCTAssertEqual(Array(screen.suffix(2)), [
            "✗ column 18: column \"nosuch\" does not exist",
            "SQL> SELECT 1; SELECT nosuch FROM t",
        ])
        XCTAssertEqual(runner.app.prompt.current?.cursor, 17, "on the n of nosuch")
    }

    /// A read-only session refuses to run a write to measure it; nothing is written.
    func testReadOnlyRefusesToAnalyzeAWrite() throws {
        let database = try makeDatabase()
        let runner = try runner(database, readOnly: true)
        let screen = runner.run(try KeyScript.parse("eSELECT n FROM t<C-p><C-p>")).last ?? []
        XCTAssertEqual(screen[0], "Plan (EXPLAIN ANALYZE) of SELECT n FROM t", screen.joined(separator: "\n"))
        XCTAssertFalse(screen[1].contains("rolled back"), "a read-only session runs it as it is: \(screen[1])")
        let refused = runner.run(try KeyScript.parse("q<Esc>e<C-u>DELETE FROM t<C-p><C-p>")).last ?? []
        XCTAssertTrue(refused.contains { $0.hasPrefix("✗ ") }, refused.joined(separator: "\n"))
        XCTAssertEqual(runner.app.prompt.current?.text, "DELETE FROM t")
        XCTAssertEqual(try values(database), ["1", "2", "3"])
    }
}
