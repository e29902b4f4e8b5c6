import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// reef on a replicated cluster the test starts: the status bar says which server it is on and
/// its role.
final class ReefOnClusterTests: XCTestCase {
    func testTheStatusBarNamesTheServerAndItsRole() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let primary = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby, cluster.primary]), readOnly: false)
        try primary.execute("CREATE TABLE t (a int PRIMARY KEY)")
        let onPrimary = HeadlessRunner(app: try App(database: primary, theme: .builtinDefault, initialTable: "t"),
                                       columns: 100, rows: 6).run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(onPrimary.last?.contains("primary 127.0.0.1:\(cluster.primary.port)") ?? false, onPrimary.joined(separator: "\n"))

        let standby = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby]), readOnly: false)
        try waitUntil("the standby has the table") { (try? standby.fetchRows("SELECT count(*) FROM t")) != nil }
        let onStandby = HeadlessRunner(app: try App(database: standby, theme: .builtinDefault, initialTable: "t"),
                                       columns: 100, rows: 6).run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(onStandby.last?.contains("standby 127.0.0.1:\(cluster.standby.port)") ?? false, onStandby.joined(separator: "\n"))
    }

    func testOnAStandbyReefIsReadOnlyAndShowsTheReplayLagAndPreferStandbyReadsThere() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let primary = try DatabaseOpener.open(cluster.url(hosts: [cluster.primary]), readOnly: false)
        try primary.execute("CREATE TABLE t (a int PRIMARY KEY, b text)")
        try primary.execute("INSERT INTO t VALUES (1, 'one')")

        let standby = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby]), readOnly: false)
        try waitUntil("the standby has the row") { (try? standby.fetchRows("SELECT b FROM t"))?.rows.count == 1 }
        let app = try App(database: standby, theme: .builtinDefault, initialTable: "t")
        let runner = HeadlessRunner(app: app, columns: 160, rows: 6)
        let opened = runner.run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(opened.last?.contains("a standby takes no writes: browsing read-only") ?? false,
                      opened.joined(separator: "\n"))
        // A look may land while a WAL record the primary wrote by itself (a standby snapshot, a
        // checkpoint's) is received but not yet replayed: the next look, 2 s on, finds it replayed.
        try waitUntil("the watch looked at the replay lag and found everything replayed") {
            app.serverWatch?.replayLag.map { App.lagText($0) == "0 s" } ?? false
        }
        let lagged = runner.run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(lagged.last?.contains("standby 127.0.0.1:\(cluster.standby.port) lag 0 s") ?? false,
                      "an idle standby has replayed everything: \(lagged.last ?? "")")
        let refused = runner.run(try KeyScript.parse("lc")).last ?? []
        XCTAssertTrue(refused.last?.contains("read-only: 127.0.0.1:\(cluster.standby.port) is a standby") ?? false,
                      refused.last ?? "")
        XCTAssertEqual(app.pendingEditCount, 0, "nothing staged on a standby")

        let both = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby, cluster.primary]), readOnly: false, preferStandby: true)
        XCTAssertEqual(both.serverNode?.port, "\(cluster.primary.port)", "the writer on the primary")
        let preferring = HeadlessRunner(app: try App(database: both, theme: .builtinDefault, initialTable: "t"),
                                        columns: 160, rows: 6).run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(preferring.last?.contains("primary 127.0.0.1:\(cluster.primary.port), reads on standby") ?? false,
                      preferring.last ?? "")
        let readers = try both.fetchRows("SELECT pg_catalog.pg_is_in_recovery()::text")
        XCTAssertEqual(readers.rows.first?.first, .text("true"), "reads run on the standby")
    }

    /// With the server gone, `p` still writes the staged changes as SQL from the table reef has
    /// open (it said the table no longer existed), and the status bar says what to do first.
    func testWithTheServerGonePendingChangesAreStillWrittenAsSQL() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let database = try DatabaseOpener.open(cluster.url(hosts: [cluster.primary]), readOnly: false)
        try database.execute("CREATE TABLE t (a int PRIMARY KEY, b text)")
        try database.execute("INSERT INTO t VALUES (1, 'one')")
        let app = try App(database: database, theme: .builtinDefault, initialTable: "t")
        let runner = HeadlessRunner(app: app, columns: 140, rows: 8)
        _ = runner.run(try KeyScript.parse("lx"))
        XCTAssertEqual(app.pendingEditCount, 1)
        let postmaster = try XCTUnwrap(cluster.primary.processID)
        kill(postmaster, SIGKILL)
        var lost: [String] = []
        try waitUntil("reef says the server is lost") {
            lost = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            return lost.last?.contains("lost the server") == true
        }
        let pending = runner.run(try KeyScript.parse("p")).last ?? []
        XCTAssertTrue(pending.contains { $0.hasPrefix(#"UPDATE "t" SET "b" = NULL WHERE "a" = 1"#) }, pending.joined(separator: "\n"))
        XCTAssertFalse(pending.joined().contains("no longer exists"), pending.joined(separator: "\n"))
    }
}
