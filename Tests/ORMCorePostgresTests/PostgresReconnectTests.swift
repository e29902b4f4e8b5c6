import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// A database whose sessions the server ended (an administrator, a restart) goes on: the next
/// read and the next write connect again, with the sessions' settings made again, and the
/// statements prepared before are prepared again.
final class PostgresReconnectTests: XCTestCase {
    func testReadsAndWritesGoOnInTheSameSchemaAfterTheServerEndedEverySession() throws {
        let conninfo = try makePostgresDatabase("reconnect")
        try PGConnection(conninfo).executeScript("""
            CREATE SCHEMA sales;
            CREATE TABLE sales.t (id bigint PRIMARY KEY, body text);
            CREATE TABLE public.t (id bigint PRIMARY KEY);
            INSERT INTO sales.t VALUES (1, 'one');
            """)
        let db = try Database(url: conninfo, schema: "sales")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1))
        try db.execute("INSERT INTO t VALUES (?, ?)", 2, "two")
        let line = LedgerLine()
        line.amount = 1
        try line.commit(in: db)

        try endSessions(of: conninfo)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2), "a reader connects again, sales first on its path")
        try db.execute("INSERT INTO t VALUES (?, ?)", 3, "three")
        let next = LedgerLine()
        next.amount = 2
        try next.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(3))
        XCTAssertEqual(try LedgerLine.fetchAll(in: db).map(\.amount).sorted(), [1, 2])
        XCTAssertEqual(try PGConnection(conninfo).execute("SELECT count(*) FROM public.t")[0].text(at: 0), "0")
    }

    func testAReadersSessionIsReadOnlyAgainAfterConnectingAgain() throws {
        let conninfo = try makePostgresDatabase("reconnect_ro")
        let db = try Database(url: conninfo)
        XCTAssertEqual(try db.scalar("SHOW default_transaction_read_only"), .text("on"))
        try endSessions(of: conninfo)
        XCTAssertEqual(try db.scalar("SHOW default_transaction_read_only"), .text("on"))
    }

    func testTheServersNoticesAndAnEndedSessionsGoodbyePrintNothing() throws {
        let conninfo = try makePostgresDatabase("notices")
        var db: Database? = try Database(url: conninfo)
        let printed = try capturingStandardError {
            try db?.execute("DO $$ BEGIN RAISE NOTICE 'a notice from the server'; END $$")
            XCTAssertEqual(try db?.scalar("SELECT 1"), .integer(1))
            try endSessions(of: conninfo)
            XCTAssertEqual(try db?.scalar("SELECT 2"), .integer(2), "read again on a new session")
            try db?.execute("DO $$ BEGIN RAISE NOTICE 'another'; END $$")
            db = nil
        }
        XCTAssertEqual(printed, "")
    }

    func testALostSessionIsToldApartFromOtherErrors() {
        XCTAssertTrue(PostgresDatabaseError(PGError(kind: .server, message: "terminating connection", sqlState: "57P01")).isConnectionLost)
        XCTAssertFalse(PostgresDatabaseError(PGError(kind: .server, message: "duplicate key", sqlState: "23505")).isConnectionLost)
    }
}
