import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `w` whose `COMMIT` loses its answer with the connection (a proxy cuts it at that moment, as a
/// primary dying would): ORMCore asks the server whether it committed, and reef says it did,
/// before the connection was lost; the change is written once and nothing stays pending.
final class ReefLostCommitOnPostgresTests: XCTestCase {
    func testACommitWhoseAnswerWasLostSaysItWasConfirmedAndWritesOnce() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("reef_lost_commit", for: self)
        let direct = try PGConnection(server.connectionString(database: name))
        try direct.executeScript("CREATE TABLE t (id int PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'old')")
        let proxy = try CommitCuttingProxy(forwardingTo: server.port)
        let url = "postgres://\(TestPostgresServer.superuser):\(TestPostgresServer.password)@127.0.0.1:\(proxy.port)/\(name)"
        let app = try App(database: try DatabaseOpener.open(url, readOnly: false), theme: .builtinDefault, initialTable: "t")
        let runner = HeadlessRunner(app: app, columns: 200, rows: 6)
        _ = runner.run(try KeyScript.parse("lc<C-u>new<Enter>"))
        XCTAssertEqual(app.pendingEditCount, 1)

        proxy.cutNextCommit(.afterTheServerAnswers)
        let committed = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertEqual(proxy.cutCount, 1, "the COMMIT's answer was cut")
        XCTAssertTrue(committed.last?.contains(
            "committed 1 change before the connection was lost (the server that takes writes now confirms it, once)") == true,
                      committed.joined(separator: "\n"))
        XCTAssertEqual(app.pendingEditCount, 0)
        XCTAssertEqual(try direct.execute("SELECT v FROM t").map { $0.text(at: 0) }, ["new"], "written once")

        // The next commit is answered as usual, and says nothing of a loss.
        let again = runner.run(try KeyScript.parse("c<C-u>newer<Enter>w")).last ?? []
        XCTAssertTrue(again.last?.contains("committed 1 change") == true, again.joined(separator: "\n"))
        XCTAssertFalse(again.joined().contains("connection was lost"), again.joined(separator: "\n"))
    }
}
