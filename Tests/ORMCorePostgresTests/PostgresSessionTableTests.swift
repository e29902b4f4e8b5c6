import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Session tables (`Database.makeSessionTable`): rows in a temporary table of the writer's session,
/// which every read sees while the table lives (a reader's session would not), dropped when the
/// last reference goes; a read-only database makes none (PostgreSQL's read-only transactions
/// refuse `CREATE TEMP TABLE`).
final class PostgresSessionTableTests: XCTestCase {
    /// How many temporary tables named `name` the server holds, any session's.
    private func temporaryTables(named name: String, _ conninfo: String) throws -> Int64? {
        try PGConnection(conninfo).execute("SELECT count(*) FROM pg_class WHERE relname = $1 AND relpersistence = 't'",
                                           [.text(name)]).first?.int64(at: 0)
    }

    func testEveryReadSeesTheTableUntilItsLastReferenceGoes() throws {
        let conninfo = try makePostgresDatabase("session_table")
        let database = try Database(url: conninfo)
        try database.execute("CREATE TABLE track (id integer PRIMARY KEY, genre integer)")
        try database.execute("INSERT INTO track SELECT n, n % 3 FROM generate_series(1, 30) AS n")
        var table: SessionTable? = try database.makeSessionTable(namedAfter: "joined", columns: [("id", .integer), ("mood", .text)]) { insert in
            // Two calls, the first cut in three statements (1,000 rows each at most).
            try insert((0..<2_500).map { [.integer(Int64($0 % 3)), .text("mood \($0)")] })
            try insert([[.integer(7), .null]])
        }
        XCTAssertEqual(table?.name, "joined_1")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM pg_temp.joined_1"), .integer(2_501))
        // Reads that would run on a reader (a join, a page of it) run on the writer's session.
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM track JOIN pg_temp.joined_1 AS j ON j.id = track.genre"),
                       .integer(25_000))
        XCTAssertEqual(try database.fetchAll("SELECT mood FROM pg_temp.joined_1 WHERE id = 7").map { $0[0] }, [.null])
        let second = try database.makeSessionTable(namedAfter: "joined", columns: [("x", .double)]) { try $0([[.real(1.5)]]) }
        XCTAssertEqual(second.name, "joined_2")
        XCTAssertEqual(try temporaryTables(named: "joined_1", conninfo), 1)
        table = nil
        // Dropped in the background: the server's table first, then the database's count of them.
        try waitUntil("the first table is dropped") {
            try temporaryTables(named: "joined_1", conninfo) == 0 && database.core.sessionTableCount.load(ordering: .relaxed) == 1
        }
        XCTAssertEqual(try database.scalar("SELECT x FROM pg_temp.joined_2"), .real(1.5))
        let third = try database.makeSessionTable(namedAfter: "joined", columns: [("y", .integer)]) { _ in }
        XCTAssertEqual(third.name, "joined_1", "a dropped table's name is free again")
    }

    func testAFailedFillLeavesNoTable() throws {
        let conninfo = try makePostgresDatabase("session_table")
        let database = try Database(url: conninfo)
        struct Stop: Error {}
        XCTAssertThrowsError(try database.makeSessionTable(namedAfter: "joined", columns: [("id", .integer)]) { insert in
            try insert([[.integer(1)]])
            throw Stop()
        })
        XCTAssertEqual(try temporaryTables(named: "joined_1", conninfo), 0)
        XCTAssertEqual(database.core.sessionTableCount.load(ordering: .relaxed), 0)
    }

    func testAReadOnlyDatabaseMakesNone() throws {
        let conninfo = try makePostgresDatabase("session_table")
        var configuration = Configuration()
        configuration.readOnly = true
        let database = try Database(url: conninfo, configuration: configuration)
        XCTAssertThrowsError(try database.makeSessionTable(namedAfter: "joined", columns: [("id", .integer)]) { _ in }) { error in
            guard case ORMError.readOnlyDatabase = error else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try temporaryTables(named: "joined_1", conninfo), 0)
        // What the server says to a read-only session, reef's guard aside: no temporary table.
        let session = try PGConnection(conninfo)
        _ = try session.execute("SET default_transaction_read_only = on")
        XCTAssertThrowsError(try session.execute("CREATE TEMP TABLE t (id int)")) { error in
            XCTAssertTrue("\(error)".contains("read-only transaction"), "\(error)")
        }
    }
}
