import Foundation
import PostgresClient
import PostgresTestSupport
import TerminalTestSupport
import XCTest

/// The real reef (the debug binary, ncurses) in a real terminal (tmux) on a replicated cluster the
/// test starts, through the failover of its primary: reef says within its next check that the
/// server is lost and which servers it tries, goes on by itself on the promoted standby with no
/// key pressed, keeps the edit staged before the failover, `w` commits it once, there, and live
/// refresh shows another session's commit on the new primary.
///
/// The test waits for what the screen shows, never for a fixed time.
final class ReefTmuxOnClusterTests: XCTestCase {
    func testAFailoverUnderReefLosesNothingAndCommitsOnceOnTheNewPrimary() throws {
        let terminal = try TmuxTerminal(name: "cluster")
        let cluster = try TestPostgresCluster()
        addTeardownBlock {
            terminal.kill()
            cluster.stop()
        }
        let primary = cluster.connectionString(cluster.primary)
        try PGConnection(primary).executeScript("""
            CREATE TABLE customers (id bigint PRIMARY KEY, name text NOT NULL);
            INSERT INTO customers VALUES (1, 'Ada Lovelace'), (2, 'Zoë Ørsted'), (3, '山田 太郎');
            """)
        let standby = cluster.connectionString(cluster.standby)
        try waitUntil("the standby has replayed the rows") {
            (try? PGConnection(standby).execute("SELECT count(*) FROM customers").first?.text(at: 0)) == "3"
        }
        let url = cluster.url(hosts: [cluster.primary, cluster.standby])
        try terminal.startReef([url], columns: 120, rows: 12, for: self)
        try terminal.waitFor("primary \(cluster.primary.hostAndPort)")
        try terminal.send("Enter")
        try terminal.waitFor("│  1│Ada Lovelace│")
        try terminal.send("l", "c", "C-u")
        try terminal.type("Ada King")
        try terminal.send("Enter")
        try terminal.waitFor("1 pending")

        cluster.crash(cluster.primary)
        try terminal.waitFor { screen in
            screen.contains("lost the server") && screen.contains("trying \(cluster.primary.hostAndPort), \(cluster.standby.hostAndPort)")
        }
        try cluster.promote(cluster.standby)
        try terminal.waitFor("reconnected to primary \(cluster.standby.hostAndPort)")
        try terminal.waitFor { $0.contains("1 pending") && $0.contains("primary \(cluster.standby.hostAndPort)") }

        try terminal.send("w")
        try terminal.waitFor("committed 1 change")
        let rows = try PGConnection(standby).execute("SELECT id, name FROM customers ORDER BY id")
            .map { "\($0.text(at: 0) ?? "NULL") \($0.text(at: 1) ?? "NULL")" }
        XCTAssertEqual(rows, ["1 Ada King", "2 Zoë Ørsted", "3 山田 太郎"], "every row once, the edit committed once")

        // Live refresh goes on against the new primary: another session's commit there is shown.
        try PGConnection(standby).execute("UPDATE customers SET name = 'Grace Hopper' WHERE id = 2")
        try terminal.waitFor("│  2│Grace Hopper│")
    }
}
