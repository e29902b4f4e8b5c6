import Foundation
import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Tables of another schema than the browsed one, watched on request (a view joins them): another
/// session's commit to one is named `schema.table`, by its statistics or at once by the
/// notification triggers; one not asked for, or no longer, is not named.
final class PostgresOtherSchemaChangeTests: XCTestCase {
    private var connectionString = ""
    private var db: Database!
    /// The other session.
    private var other: PGConnection!
    private let royalty = QualifiedTableName(schema: "sales", name: "royalty")

    override func setUpWithError() throws {
        connectionString = try makePostgresDatabase("otherschema")
        let setup = try PGConnection(connectionString)
        try setup.executeScript("""
            CREATE TABLE album (id int PRIMARY KEY, title text);
            CREATE SCHEMA sales;
            CREATE TABLE sales.royalty (album int PRIMARY KEY, percent int);
            CREATE TABLE sales.ledger (id int PRIMARY KEY);
            """)
        setup.close()
        db = try Database(url: connectionString)
        other = try PGConnection(connectionString)
        addTeardownBlock { [db] in db?.core.externalChanges.stop() }
    }

    func testACommitToAWatchedTableOfAnotherSchemaIsNamedWithItsSchema() throws {
        let sets = observeEveryChange(of: db)
        db.watchTablesOfOtherSchemas([royalty])
        // The first look takes the table and sets its counters' baseline.
        try waitForLooks(2, of: db)

        // `psql -c`: connects, commits, ends, so no open session explains the commit and only
        // the statistics can name the table.
        try briefly("INSERT INTO sales.royalty VALUES (10, 12)")
        try waitUntil("the other schema's table is named by its statistics") {
            sets.value.contains { $0.isExternal && $0.tables == ["sales.royalty"] && $0.unconfirmedTables.isEmpty }
        }
        XCTAssertFalse(sets.value.contains { $0.tables.contains("royalty") }, "named with its schema: \(sets.value)")
    }

    func testEveryTableNamesTheWatchedTablesOfOtherSchemasUnconfirmed() throws {
        let sets = observeEveryChange(of: db)
        db.watchTablesOfOtherSchemas([royalty])
        try waitForLooks(2, of: db)

        // An open session committed: the snapshot tells at once, not which table.
        try other.executeHoldingStatistics("INSERT INTO sales.royalty VALUES (20, 9)")
        try waitUntil("every table is named, the other schema's watched one among them") {
            sets.value.contains { $0.isExternal && $0.tables == ["album", "sales.royalty"] }
        }
        let every = try XCTUnwrap(sets.value.first { $0.tables.contains("album") })
        XCTAssertEqual(every.unconfirmedTables, ["album", "sales.royalty"], "which one changed is not known yet")
    }

    func testTablesNotAskedForOrNoLongerAreNotNamed() throws {
        let sets = observeEveryChange(of: db)
        db.watchTablesOfOtherSchemas([royalty])
        try waitForLooks(2, of: db)
        try briefly("INSERT INTO sales.ledger VALUES (1)")
        try waitUntilStatistics(of: "sales.ledger") { $0 == 1 }
        try waitForLooks(2, more: true, of: db)
        XCTAssertFalse(sets.value.contains { $0.tables.contains("sales.ledger") }, "not asked for: \(sets.value)")

        db.watchTablesOfOtherSchemas([])
        try waitForLooks(2, more: true, of: db)
        sets.mutate { $0 = [] }
        try briefly("INSERT INTO sales.royalty VALUES (30, 5)")
        try waitUntilStatistics(of: "sales.royalty") { $0 == 1 }
        try waitForLooks(2, more: true, of: db)
        XCTAssertFalse(sets.value.contains { $0.tables.contains("sales.royalty") }, "no longer asked for: \(sets.value)")
    }

    func testWithTheTriggersOnTheOtherSchemasTableItIsNamedAtOnce() throws {
        try PGNotifyTriggers.install(on: [PGQualifiedName(schema: "sales", name: "royalty")], using: other)
        let sets = observeEveryChange(of: db)
        db.watchTablesOfOtherSchemas([royalty])
        try waitForLooks(2, of: db)

        try other.executeHoldingStatistics("INSERT INTO sales.royalty VALUES (40, 7)")
        try waitUntil("the trigger names the other schema's table") {
            sets.value.contains { $0.isExternal && $0.tables == ["sales.royalty"] && $0.unconfirmedTables.isEmpty }
        }
        // The other session is idle: its statistics come ten seconds after its commit.
        let modified = try other.execute(
            "SELECT n_mod_since_analyze FROM pg_stat_all_tables WHERE relid = 'sales.royalty'::regclass").first?.int64(at: 0)
        XCTAssertEqual(modified, 0, "named before the statistics could name it")
        XCTAssertFalse(sets.value.contains { $0.tables.contains("album") }, "not every table: \(sets.value)")
    }

    // MARK: - Helpers

    /// Runs `sql` on a session that then ends, as `psql -c` does, and waits until it has gone
    /// (asked from another database, so that no other session of this one is busy).
    private func briefly(_ sql: String) throws {
        let observer = try PGConnection(makePostgresDatabase("observer"))
        let brief = try PGConnection(connectionString, applicationName: "brief")
        try brief.execute(sql)
        brief.close()
        try waitUntil("the brief session has ended") {
            try observer.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'brief'").first?.int64(at: 0) == 0
        }
    }

    /// Waits until the rows inserted into `table` by the statistics satisfy `condition`.
    private func waitUntilStatistics(of table: String, _ condition: (Int64) -> Bool) throws {
        try waitUntil("the statistics of \(table) arrive") {
            let row = try other.execute("SELECT n_tup_ins FROM pg_stat_all_tables WHERE relid = to_regclass($1)", [.text(table)])
            return condition(try row.first?.int64(at: 0) ?? 0)
        }
    }
}
