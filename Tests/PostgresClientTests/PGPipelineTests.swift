import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// Several statements in one round trip (libpq's pipeline mode): results in order, values bound,
/// one implicit transaction, the first failure thrown and the connection ready afterwards.
final class PGPipelineTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        connection = try PGConnection(server.connectionString(database: try server.makeDatabase("reef_pipeline", for: self)))
        try connection.executeScript("CREATE TABLE notes (id bigint PRIMARY KEY, body text NOT NULL)")
    }

    func testEachStatementsResultComesBackInOrderWithItsValuesBound() throws {
        let tricky = "it's \"quoted\"; DROP TABLE notes; --"
        let results = try connection.executeAll([
            PGStatementText("INSERT INTO notes VALUES ($1, $2)", [.int(1), .text(tricky)]),
            PGStatementText("SELECT body FROM notes WHERE id = $1", [.int(1)]),
            PGStatementText("SELECT count(*) FROM notes"),
            PGStatementText("SELECT $1::text || $2::text", [.text("a"), .text("b")]),
        ])
        XCTAssertEqual(results.count, 4)
        XCTAssertEqual(results[0].affectedRows, 1)
        XCTAssertEqual(results[1].first?.text(at: 0), tricky)
        XCTAssertEqual(results[2].first?.text(at: 0), "1")
        XCTAssertEqual(results[3].first?.text(at: 0), "ab")
    }

    func testOutsideATransactionTheyRunAsOneAndTheFirstFailureUndoesThemAll() throws {
        let together = try connection.executeAll([
            PGStatementText("SELECT pg_catalog.txid_current()"), PGStatementText("SELECT pg_catalog.txid_current()"),
        ])
        XCTAssertEqual(together[0].first?.text(at: 0), together[1].first?.text(at: 0), "one implicit transaction")

        XCTAssertThrowsError(try connection.executeAll([
            PGStatementText("INSERT INTO notes VALUES (1, 'kept?')"),
            PGStatementText("INSERT INTO notes VALUES (2, NULL)"),
            PGStatementText("INSERT INTO nowhere VALUES (3)"),
        ])) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "23502", "the first failure: \(error)")
            XCTAssertEqual((error as? PGError)?.sql, "INSERT INTO notes VALUES (2, NULL)")
        }
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM notes")[0].text(at: 0), "0",
                       "the insert before the failure was undone with it")
        XCTAssertEqual(connection.transactionStatus, .idle)
    }

    func testInsideATransactionTheyArePartOfIt() throws {
        try connection.execute("BEGIN")
        try connection.executeAll([
            PGStatementText("INSERT INTO notes VALUES (1, 'one')"), PGStatementText("INSERT INTO notes VALUES (2, 'two')"),
        ])
        XCTAssertEqual(connection.transactionStatus, .inTransaction)
        try connection.execute("ROLLBACK")
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM notes")[0].text(at: 0), "0")
    }

    func testAfterAFailureTheConnectionRunsTheNextCommands() throws {
        for _ in 0..<3 {
            XCTAssertThrowsError(try connection.executeAll([PGStatementText("SELECT 1/0"), PGStatementText("SELECT 2")]))
            XCTAssertEqual(try connection.execute("SELECT 42")[0].text(at: 0), "42")
            let results = try connection.executeAll([PGStatementText("SELECT 1"), PGStatementText("SELECT 2")])
            XCTAssertEqual(results.map { $0.first?.text(at: 0) }, ["1", "2"])
        }
    }
}
