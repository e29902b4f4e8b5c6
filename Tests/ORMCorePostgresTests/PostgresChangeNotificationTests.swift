import Foundation
import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// The notification triggers ORMCore installs and removes on request: with them another session's
/// commit arrives naming its table as it commits, before any statistics could; removed, nothing
/// of them is left; without the privilege, a clear error and nothing installed.
final class PostgresChangeNotificationTests: XCTestCase {
    private var server: TestPostgresServer!
    private var databaseName = ""
    private var db: Database!
    private var other: PGConnection!

    override func setUpWithError() throws {
        server = try TestPostgresServer.shared()
        databaseName = try server.makeDatabase("notify", for: self)
        db = try Database(url: server.connectionString(database: databaseName))
        try db.execute("CREATE TABLE pn_orders (id bigint PRIMARY KEY, total bigint) WITH (autovacuum_enabled = false)")
        try db.execute("CREATE TABLE pn_items (id bigint PRIMARY KEY)")
        try db.execute("CREATE VIEW pn_view AS SELECT * FROM pn_orders")
        other = try PGConnection(server.connectionString(database: databaseName))
        addTeardownBlock { [db] in db?.core.externalChanges.stop() }
    }

    func testInstalledTheCommitArrivesNamingItsTableBeforeItsStatistics() throws {
        XCTAssertEqual(try db.installChangeNotifications(), ["pn_items", "pn_orders"], "every table, not the view")
        XCTAssertEqual(try db.tablesWithChangeNotifications(), ["pn_items", "pn_orders"])
        let sets = Shared<[ChangeSet]>([])
        let registration = db.observeChanges { changes in sets.mutate { $0.append(changes) } }
        defer { registration.cancel() }
        try waitUntil("the watch looked") { (db.core.externalChanges.lookCount ?? 0) >= 1 }

        try other.executeHoldingStatistics("INSERT INTO pn_orders VALUES (1, 10)")
        try waitUntil("the insert arrives naming its table and the view showing it") {
            sets.value.contains { $0.isExternal && $0.tables == ["pn_orders", "pn_view"] }
        }
        // The other session is idle: its statistics come ten seconds after its commit, so the
        // table was named by the trigger.
        let modified = try other.execute(
            "SELECT n_mod_since_analyze FROM pg_stat_all_tables WHERE relid = 'pn_orders'::regclass").first?.int64(at: 0)
        XCTAssertEqual(modified, 0, "named before the statistics could name it")
        XCTAssertTrue(sets.value.allSatisfy(\.isExternal))
    }

    func testRemovedTheTriggersAndTheFunctionAreGoneFromTheCatalog() throws {
        try db.installChangeNotifications(on: ["pn_orders", "pn_items"])
        XCTAssertEqual(try db.removeChangeNotifications(from: ["pn_items"]), ["pn_orders"])
        XCTAssertEqual(try functionCount(), 1, "pn_orders still calls it")
        XCTAssertEqual(try db.removeChangeNotifications(), [])
        XCTAssertEqual(try triggerCount(), 0)
        XCTAssertEqual(try functionCount(), 0)
        XCTAssertEqual(try db.tablesWithChangeNotifications(), [])
        try db.execute("INSERT INTO pn_orders VALUES (2, 20)")  // the writer is usable after it
    }

    func testAUserWithoutCreateGetsAClearErrorAndNothingIsInstalled() throws {
        let role = "pn_viewer_\(UUID().uuidString.prefix(8).lowercased())"
        try other.executeScript("""
            CREATE ROLE \(role) LOGIN;
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;
            GRANT TRIGGER, SELECT ON pn_orders TO \(role)
            """)
        addTeardownBlock { [other] in _ = try? other?.executeScript("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let viewer = try Database(url: "host=\(server.folder) port=\(server.port) user=\(role) dbname=\(databaseName)")
        defer { viewer.core.externalChanges.stop() }
        XCTAssertThrowsError(try viewer.installChangeNotifications(on: ["pn_orders"])) { error in
            guard let error = error as? PostgresDatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.underlying.sqlState, "42501")
            XCTAssertTrue(error.message.contains("needs CREATE on schema \"public\" and TRIGGER on each table"), error.message)
            XCTAssertTrue(error.message.contains("nothing was installed"), error.message)
        }
        XCTAssertEqual(try triggerCount(), 0)
        XCTAssertEqual(try functionCount(), 0)
        XCTAssertEqual(try viewer.scalar("SELECT count(*) FROM pn_orders"), .integer(0), "the connection is usable")
    }

    func testInsideATransactionItIsRefusedAndTheTransactionGoesOn() throws {
        try db.transaction { _ in
            try db.execute("INSERT INTO pn_orders VALUES (3, 30)")
            XCTAssertThrowsError(try db.installChangeNotifications()) { error in
                guard case ORMError.transactionFailed = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM pn_orders"), .integer(1))
        XCTAssertEqual(try triggerCount(), 0)
    }

    func testOnSQLiteTheTriggersAreNotSupported() throws {
        let sqlite = try Database.inMemory()
        XCTAssertThrowsError(try sqlite.installChangeNotifications()) { error in
            guard case ORMError.notSupported(_, "SQLite") = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try sqlite.removeChangeNotifications())
        XCTAssertEqual(try sqlite.tablesWithChangeNotifications(), [])
    }

    // MARK: - Helpers

    private func triggerCount() throws -> Int64 {
        try other.execute("SELECT count(*) FROM pg_trigger WHERE tgname = $1", [.text(PGNotifyTriggers.name)]).first?.int64(at: 0) ?? -1
    }

    private func functionCount() throws -> Int64 {
        try other.execute("SELECT count(*) FROM pg_proc WHERE proname = $1", [.text(PGNotifyTriggers.name)]).first?.int64(at: 0) ?? -1
    }
}
