import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A statement run as written is on the server while the caller makes ready for its rows (reef
/// makes its result store then): the time that takes is not added to the server's.
final class PostgresStatementRunTests: XCTestCase {
    func testTheStatementRunsOnTheServerWhileTheCallerMakesReadyForItsRows() throws {
        let (connection, connectionString) = try makePostgresConnection("stmt_early")
        let other = try PGConnection(connectionString)
        _ = try other.execute("SELECT pg_advisory_lock(42)")
        let statement = "SELECT pg_advisory_lock(42) AS locked, 7 AS answer"
        var seenRunning = false
        var rows: [[SQLValue]] = []
        _ = try connection.runStatement(SQL(stringLiteral: statement), borrowingValuesOver: nil, readingBlobsInPieces: false,
                                        columns: { columns in
            XCTAssertEqual(columns.map(\.name), ["locked", "answer"])
            // It waits for the lock the other session holds: it has been sent.
            seenRunning = try waitUntil("the statement runs on the server") {
                let waiting = try other.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE query = $1 AND wait_event_type = 'Lock'", [.text(statement)])
                return try waiting.first?.int64(at: 0) == 1
            }
            _ = try other.execute("SELECT pg_advisory_unlock(42)")
        }, row: { rows.append($0.values) })
        XCTAssertTrue(seenRunning)
        XCTAssertEqual(rows.map { $0.last }, [.integer(7)])
    }
}
