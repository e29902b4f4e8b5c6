import Foundation
import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// Other sessions' commits seen from a reader: the change probe (nothing installed) and the
/// notification triggers (installed on request).
final class PGChangeTests: XCTestCase {
    private var server: TestPostgresServer!
    private var admin: PGConnection!
    /// A schema of the test's own, dropped at the end.
    private var schema = ""

    override func setUpWithError() throws {
        server = try TestPostgresServer.shared()
        admin = try PGConnection(server.connectionString())
        schema = "changes \(UUID().uuidString.prefix(8))"
        try admin.executeScript("CREATE SCHEMA \(PGConnection.quoteIdentifier(schema))")
        addTeardownBlock { [admin, schema] in
            _ = try? admin?.executeScript("DROP SCHEMA \(PGConnection.quoteIdentifier(schema)) CASCADE")
        }
    }

    private func table(_ name: String) -> PGQualifiedName {
        PGQualifiedName(schema: schema, name: name)
    }

    // MARK: - The probe

    func testTheProbeSeesACommitAtOnceAndWhichTableFromTheStatistics() throws {
        let orders = table("orders"), items = table("line \"items\""), view = table("recent")
        try admin.executeScript("""
            CREATE TABLE \(orders.quoted)(id int PRIMARY KEY, total numeric);
            CREATE TABLE \(items.quoted)(id int PRIMARY KEY);
            CREATE VIEW \(view.quoted) AS SELECT * FROM \(orders.quoted)
            """)
        let reader = try PGConnection(server.connectionString())
        let writer = try PGConnection(server.connectionString())
        var probe = PGChangeProbe(watching: [orders, items, view])
        XCTAssertTrue(try probe.look(on: reader).isEmpty, "the first look sets the baseline")
        XCTAssertEqual(try probe.look(on: reader).changedTables, [], "nothing written, no table moved")

        try writer.execute("INSERT INTO \(orders.quoted) VALUES (1, 9.5)")
        XCTAssertTrue(try probe.look(on: reader).committed, "the snapshot moves as soon as the commit lands")
        var changed: Set<PGQualifiedName> = []
        try waitUntil("the writer's statistics name the table") {
            changed.formUnion(try probe.look(on: reader).changedTables)
            return changed.contains(orders)
        }
        XCTAssertEqual(changed, [orders], "the other table and the view did not move")

        try writer.execute("UPDATE \(orders.quoted) SET total = 10 WHERE id = 1")
        changed = []
        try waitUntil("an update moves the counters") {
            changed.formUnion(try probe.look(on: reader).changedTables)
            return changed.contains(orders)
        }
        try writer.execute("TRUNCATE \(items.quoted)")
        XCTAssertTrue(try probe.look(on: reader).committed)
    }

    func testTheProbeReportsADroppedTableOnceAndSumsPartitions() throws {
        let gone = table("gone"), parted = table("parted")
        try admin.executeScript("""
            CREATE TABLE \(gone.quoted)(id int);
            CREATE TABLE \(parted.quoted)(id int) PARTITION BY RANGE (id);
            CREATE TABLE \(table("low").quoted) PARTITION OF \(parted.quoted) FOR VALUES FROM (0) TO (100);
            CREATE TABLE \(table("high").quoted) PARTITION OF \(parted.quoted) FOR VALUES FROM (100) TO (200)
            """)
        let reader = try PGConnection(server.connectionString())
        let writer = try PGConnection(server.connectionString())
        var probe = PGChangeProbe(watching: [gone, parted])
        _ = try probe.look(on: reader)

        try writer.execute("INSERT INTO \(parted.quoted) VALUES (150)")
        var changed: Set<PGQualifiedName> = []
        try waitUntil("a row in a partition moves its partitioned table") {
            changed.formUnion(try probe.look(on: reader).changedTables)
            return changed.contains(parted)
        }

        try writer.execute("DROP TABLE \(gone.quoted)")
        let report = try probe.look(on: reader)
        XCTAssertTrue(report.committed)
        XCTAssertEqual(report.missingTables, [gone])
        XCTAssertEqual(try probe.look(on: reader).missingTables, [], "said once")
    }

    func testARolledBackWriteMovesTheSnapshotButNoTableAndItsTransactionIsNotCommitted() throws {
        let orders = table("orders")
        try admin.executeScript("CREATE TABLE \(orders.quoted)(id int PRIMARY KEY, v text) WITH (autovacuum_enabled = false)")
        let reader = try PGConnection(server.connectionString())
        var writer = try PGConnection(server.connectionString())
        var probe = PGChangeProbe(watching: [orders])
        _ = try probe.look(on: reader)

        try writer.executeScript("BEGIN; INSERT INTO \(orders.quoted) VALUES (1, 'a'), (2, 'b'); ROLLBACK")
        var report = try probe.look(on: reader)
        XCTAssertTrue(report.committed, "an aborted transaction that wrote ended")
        let aborted = try XCTUnwrap(report.endedTransactions)
        XCTAssertEqual(try PGChangeProbe.committed(among: aborted, on: reader), [], "it did not commit")
        // A session that ends reports its statistics: the rolled-back rows are counted as inserted.
        writer.close()
        try waitUntil("the rolled-back rows are in the statistics") {
            try reader.execute("SELECT n_tup_ins FROM pg_stat_all_tables WHERE relid = to_regclass($1)", [.text(orders.quoted)])
                .first?.int64(at: 0) == 2
        }
        XCTAssertEqual(try probe.look(on: reader).changedTables, [], "a rollback changes no table")

        writer = try PGConnection(server.connectionString())
        try writer.execute("INSERT INTO \(orders.quoted) VALUES (1, 'a')")
        report = try probe.look(on: reader)
        let committed = try PGChangeProbe.committed(among: try XCTUnwrap(report.endedTransactions), on: reader)
        XCTAssertEqual(committed.count, 1, "the insert's transaction committed")
        writer.close()
        var changed: Set<PGQualifiedName> = []
        try waitUntil("the commit moves the counters") {
            changed.formUnion(try probe.look(on: reader).changedTables)
            return changed.contains(orders)
        }
    }

    func testASnapshotTellsWhichTransactionsEndedSinceAnEarlierOne() throws {
        let before = try XCTUnwrap(PGSnapshot("100:104:100,102"))
        XCTAssertEqual(before.running, [100, 102])
        XCTAssertEqual(PGSnapshot("102:106:102")?.ended(since: before), [100, 104, 105])
        XCTAssertEqual(PGSnapshot("100:104:102")?.ended(since: before), [100], "nothing new, one running ended")
        XCTAssertEqual(PGSnapshot("104:104:")?.ended(since: before), [100, 102])
        XCTAssertNil(PGSnapshot("100:2000:")?.ended(since: before, limit: 256), "too many to list")
        XCTAssertNil(PGSnapshot("not a snapshot"))
        XCTAssertNil(PGSnapshot("5:4:"))
        XCTAssertNil(PGSnapshot("1:5:x"))
        let text = try XCTUnwrap(admin.execute("SELECT pg_current_snapshot()::text").first?.text(at: 0))
        XCTAssertNotNil(PGSnapshot(text), text)
    }

    func testTheProbeRefusesToLookFromInsideATransaction() throws {
        let reader = try PGConnection(server.connectionString())
        var probe = PGChangeProbe()
        try reader.executeScript("BEGIN ISOLATION LEVEL REPEATABLE READ")
        XCTAssertThrowsError(try probe.look(on: reader)) { error in
            XCTAssertEqual((error as? PGError)?.kind, .misuse, "\(error)")
        }
        try reader.executeScript("COMMIT")
        XCTAssertTrue(try probe.look(on: reader).isEmpty)
    }

    // MARK: - Notification triggers

    func testTriggersAnnounceCommittedStatementsByTableAndNeverRolledBackOnes() throws {
        let first = table("first"), odd = table("odd \"name\"\\with\nbreak")
        try admin.executeScript("""
            CREATE TABLE \(first.quoted)(id int PRIMARY KEY, v text);
            CREATE TABLE \(odd.quoted)(id int PRIMARY KEY)
            """)
        try PGNotifyTriggers.install(on: [first, odd], using: admin)
        XCTAssertEqual(try PGNotifyTriggers.installedTables(using: admin).filter { $0.schema == schema }.sorted { $0.name < $1.name },
                       [first, odd].sorted { $0.name < $1.name })

        let listener = try PGConnection(server.connectionString())
        try listener.listen(PGNotifyTriggers.channel)
        let writer = try PGConnection(server.connectionString())
        try writer.execute("INSERT INTO \(first.quoted) SELECT g, 'x' FROM generate_series(1, 500) g")
        try writer.executeScript("BEGIN; UPDATE \(first.quoted) SET v = 'y'; ROLLBACK")
        try writer.execute("DELETE FROM \(odd.quoted)")
        try writer.execute("TRUNCATE \(first.quoted)")

        let changes = try receive(4, on: listener)
        XCTAssertTrue(changes.allSatisfy { $0.transaction != nil }, "each names its transaction")
        XCTAssertEqual(Set(changes.compactMap(\.transaction)).count, 3, "three transactions committed")
        XCTAssertEqual(changes.map { PGTableChange(table: $0.table, operation: $0.operation) }, [
            PGTableChange(table: first, operation: .insert), PGTableChange(table: odd, operation: .delete),
            PGTableChange(table: first, operation: .truncate),
        ], "one notification a statement, none for the rolled-back update, names as they are")
    }

    func testRemovingTriggersStopsTheNotificationsAndDropsTheUnusedFunction() throws {
        let first = table("first"), second = table("second")
        try admin.executeScript("CREATE TABLE \(first.quoted)(id int); CREATE TABLE \(second.quoted)(id int)")
        try PGNotifyTriggers.install(on: [first, second], using: admin)
        try PGNotifyTriggers.remove(from: [first], using: admin)
        XCTAssertEqual(try functionCount(), 1, "the second table still calls it")
        try PGNotifyTriggers.remove(from: [second], using: admin)
        XCTAssertEqual(try functionCount(), 0)
        XCTAssertEqual(try PGNotifyTriggers.installedTables(using: admin).filter { $0.schema == schema }, [])
        XCTAssertEqual(admin.transactionStatus, .idle)

        let listener = try PGConnection(server.connectionString())
        try listener.listen(PGNotifyTriggers.channel)
        try admin.execute("INSERT INTO \(first.quoted) VALUES (1)")
        try admin.execute("SELECT pg_notify($1, $2)", [.text(PGNotifyTriggers.channel), .text("marker")])
        let received = try receiveNotifications(1, on: listener)
        XCTAssertEqual(received.map(\.payload), ["marker"], "the insert after removal announced nothing")
    }

    func testInstallingWithoutThePrivilegeIsRefusedAndInstallsNothing() throws {
        let mine = table("mine"), theirs = table("theirs")
        let role = "viewer_\(UUID().uuidString.prefix(8).lowercased())"
        try admin.executeScript("""
            CREATE TABLE \(mine.quoted)(id int); CREATE TABLE \(theirs.quoted)(id int);
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE, CREATE ON SCHEMA \(PGConnection.quoteIdentifier(schema)) TO \(role);
            GRANT TRIGGER ON \(mine.quoted) TO \(role)
            """)
        addTeardownBlock { [admin, schema] in
            _ = try? admin?.executeScript("DROP SCHEMA \(PGConnection.quoteIdentifier(schema)) CASCADE; DROP ROLE \(role)")
        }
        let viewer = try PGConnection("host=\(server.folder) port=\(server.port) user=\(role) dbname=postgres")
        XCTAssertThrowsError(try PGNotifyTriggers.install(on: [mine, theirs], using: viewer)) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "42501", "insufficient privilege: \(error)")
        }
        XCTAssertEqual(viewer.transactionStatus, .idle, "the failed install was rolled back")
        XCTAssertEqual(try PGNotifyTriggers.installedTables(using: admin).filter { $0.schema == schema }, [], "all or none")
        XCTAssertEqual(try functionCount(), 0)
    }

    func testAnyTextMakesAnArrayLiteralTheServerReadsBack() throws {
        let elements: [String?] = ["plain", "a,b", "{braces}", "quote \"q\"", "back\\slash", "NULL", nil, "", " spaced ", "ünï 🐚"]
        let text = try admin.execute("SELECT $1::text[]::text", [.text(PGArrayText.literal(elements))])[0].text(at: 0)
        XCTAssertEqual(PGArrayText.elements(text ?? ""), elements)
        XCTAssertEqual(try admin.execute("SELECT cardinality($1::text[])", [.text(PGArrayText.literal([]))])[0].text(at: 0), "0")
    }

    // MARK: - Helpers

    private func functionCount() throws -> Int {
        try Int(admin.execute(
            "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname = $2",
            [.text(schema), .text(PGNotifyTriggers.name)])[0].int64(at: 0) ?? -1)
    }

    /// Sends a marker notification after what the test did, collects notifications until the marker
    /// arrives (they come in commit order), and returns the table changes among them; fails when
    /// more than `atMost` notifications came, the marker included.
    private func receive(_ atMost: Int, on listener: PGConnection) throws -> [PGTableChange] {
        try admin.execute("SELECT pg_notify($1, $2)", [.text(PGNotifyTriggers.channel), .text("marker")])
        var received: [PGNotification] = []
        try waitUntil("the marker sent last arrives") {
            received += try listener.notifications(waitingUpTo: 1_000)
            return received.contains { $0.payload == "marker" }
        }
        XCTAssertLessThanOrEqual(received.count, atMost)
        return received.compactMap(PGTableChange.init)
    }

    private func receiveNotifications(_ count: Int, on listener: PGConnection) throws -> [PGNotification] {
        var received: [PGNotification] = []
        try waitUntil("\(count) notifications arrive") {
            received += try listener.notifications(waitingUpTo: 1_000)
            return received.count >= count
        }
        return received
    }
}
