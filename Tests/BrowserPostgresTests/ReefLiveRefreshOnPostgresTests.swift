import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// reef follows other sessions' commits on PostgreSQL as it follows other processes' on SQLite:
/// the rows on screen are read again without a key, the cursor stays on its row and the counts
/// follow; with the notification triggers (`--install-triggers`) a commit names its table.
final class ReefLiveRefreshOnPostgresTests: XCTestCase {
    private var conninfo = ""
    /// The session playing `psql`.
    private var psql: PGConnection!
    private var apps: [App] = []

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        conninfo = server.connectionString(database: try server.makeDatabase("reef_live", for: self))
        let setup = try PGConnection(conninfo)
        try setup.executeScript("""
            CREATE TABLE customers (id bigint PRIMARY KEY, name text NOT NULL) WITH (autovacuum_enabled = false);
            INSERT INTO customers VALUES (1, 'Ada Lovelace'), (2, 'Zoë Ørsted'), (3, '山田 太郎');
            CREATE TABLE orders (id bigint PRIMARY KEY, customer_id bigint REFERENCES customers (id)) WITH (autovacuum_enabled = false);
            INSERT INTO orders SELECT n, 1 + n % 3 FROM generate_series(1, 10) AS n;
            """)
        // A session that ends reports its statistics: the setup's rows are counted before reef looks,
        // so they do not arrive later as another session's change.
        setup.close()
        let observer = try PGConnection(conninfo)
        try waitUntil("the setup's statistics are in") {
            try observer.execute("SELECT sum(n_tup_ins) FROM pg_stat_all_tables WHERE relname IN ('customers', 'orders')")
                .first?.int64(at: 0) == 13
        }
        psql = try PGConnection(conninfo)
        addTeardownBlock { [weak self] in
            for app in self?.apps ?? [] { app.database.core.externalChanges.stop() }
        }
    }

    func testAnotherSessionsUpdateShowsWithoutAKeyAndTheCursorStaysOnItsRow() throws {
        let runner = try open(table: "customers")
        _ = runner.run(try KeyScript.parse("j"))
        try waitForTheWatch(runner)

        try psql.execute("UPDATE customers SET name = 'Renamed by psql' WHERE id = 2")
        var text = try screen(of: runner, containing: "Renamed by psql")
        XCTAssertTrue(text.contains("customers  2/3"), "the cursor stays on its row: \(text)")
        XCTAssertTrue(text.contains("changed by another process"), text)

        try psql.execute("INSERT INTO customers VALUES (0, 'Aaron First')")
        text = try screen(of: runner, containing: "Aaron First")
        XCTAssertTrue(text.contains("customers  3/4"), "the count follows, the cursor keeps its row (now the third): \(text)")
        XCTAssertTrue(text.contains("customers   4"), "the table list counts it: \(text)")
    }

    func testABigTableIsReadAgainOnlyOnceAChangeNamesIt() throws {
        // orders (10 rows) counts as big here; customers (3) as small.
        let runner = try open(table: "orders", limits: CountLimits(
            catalogTime: .seconds(10), gridTime: .seconds(60), outOfSight: .seconds(2), unconfirmedRows: 5))
        try waitForTheWatch(runner)

        // The snapshot tells that psql committed, not where: every table is named, unconfirmed.
        // The small table is counted again at once; the big one on screen is left alone, as the
        // server's statistics will name it only if it changed (it did not).
        try psql.execute("INSERT INTO customers VALUES (4, 'Grace Hopper')")
        _ = try screen(of: runner, containing: "customers   4")
        let app = try XCTUnwrap(apps.last)
        try waitUntil("reef is idle") {
            _ = runner.run(try KeyScript.parse("<wait:20>"))
            return !app.hasBackgroundWork && !app.liveChanges.hasPending
        }
        let text = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
        XCTAssertFalse(text.contains("orders changed"), "the big table was not read again: \(text)")

        // A change to it is named once the committing session reports its statistics (as it
        // ends, here): then it is read again.
        try psql.execute("INSERT INTO orders VALUES (11, 4)")
        psql.close()
        XCTAssertTrue(try screen(of: runner, containing: "orders  1/11").contains("orders changed by another process"))
    }

    func testWithTheTriggersInstalledAChangeNamesItsTable() throws {
        let report = try TriggerInstallation.run(.install, on: try DatabaseOpener.open(conninfo, readOnly: false))
        XCTAssertEqual(report, "reef: installed notification triggers on 2 tables (customers, orders) of schema public and their function "
            + "\"public\".\"reef_notify_change\"(); other sessions' commits to them now show at once. Remove them with --remove-triggers.")
        let runner = try open(table: "customers")
        try waitForTheWatch(runner)

        // orders changes while customers is shown: the table list counts it, and the grid of
        // customers is left alone (without the triggers every table would be read again).
        try psql.execute("INSERT INTO orders VALUES (11, 1)")
        let text = try screen(of: runner, containing: "orders     11")
        XCTAssertFalse(text.contains("changed by another process"), text)

        try psql.execute("UPDATE customers SET name = 'Named at once' WHERE id = 1")
        XCTAssertTrue(try screen(of: runner, containing: "Named at once").contains("customers changed by another process"))
    }

    func testRemovingTheTriggersSaysWhatWasRemovedAndASecondRemovalThatNothingWas() throws {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        _ = try TriggerInstallation.run(.install, on: database)
        XCTAssertEqual(try TriggerInstallation.run(.remove, on: database),
                       "reef: removed the notification triggers from 2 tables (customers, orders) of schema public and their function \"public\".\"reef_notify_change\"()")
        XCTAssertEqual(try TriggerInstallation.run(.remove, on: database),
                       "reef: no table of schema public carries reef's notification triggers: nothing was removed")
        XCTAssertEqual(try psql.execute("SELECT count(*) FROM pg_trigger WHERE tgname = 'reef_notify_change'").first?.int64(at: 0), 0)
        XCTAssertEqual(try psql.execute("SELECT count(*) FROM pg_proc WHERE proname = 'reef_notify_change'").first?.int64(at: 0), 0)
    }

    func testOnASQLiteFileTheTriggersAreRefusedInOneLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reef-triggers-\(getpid()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Database(path: path).execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        XCTAssertThrowsError(try TriggerInstallation.run(.install, on: try DatabaseOpener.open(path, readOnly: false))) { error in
            XCTAssertEqual(String(describing: error),
                           "a SQLite file needs no notification triggers: reef sees other processes' commits in the file itself")
        }
    }

    // MARK: - Helpers

    private func open(table: String, limits: CountLimits = .standard) throws -> HeadlessRunner {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: table,
                          countLimits: limits)
        apps.append(app)
        return HeadlessRunner(app: app, columns: 80, rows: 8)
    }

    /// Waits until the app's watch of the server has set its baseline.
    private func waitForTheWatch(_ runner: HeadlessRunner) throws {
        guard let app = apps.last else { return XCTFail("no app") }
        try waitUntil("the watch looked") { (app.database.core.externalChanges.lookCount ?? 0) >= 1 }
    }

    /// Plays `<wait:20>` (no key) until the screen contains `text`.
    private func screen(of runner: HeadlessRunner, containing text: String) throws -> String {
        var screen = ""
        try waitUntil("the screen shows \(text)") {
            screen = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
            return screen.contains(text)
        }
        return screen
    }
}
