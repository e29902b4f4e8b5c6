import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "lost_commit_note")
final class LostCommitNote {
    var text: String = ""
}

/// A `COMMIT` whose answer is lost with the connection (made deterministic by a proxy that cuts
/// the connection at that moment) is decided by asking the server, never guessed: committed, the
/// call returns and the objects keep their values; not committed, a retryable error, the objects
/// restored, and `transaction(retryingFor:)` runs the work again; nothing twice.
final class PostgresLostCommitTests: XCTestCase {
    private struct Setup {
        let database: Database
        let proxy: CommitCuttingProxy
        let direct: PGConnection
    }

    /// A database reached through a proxy that can cut the next `COMMIT`, and a direct session.
    private func setUp(_ prefix: String) throws -> Setup {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase(prefix, for: self)
        let proxy = try CommitCuttingProxy(forwardingTo: server.port)
        let url = "postgres://\(TestPostgresServer.superuser):\(TestPostgresServer.password)@127.0.0.1:\(proxy.port)/\(name)"
        let database = try Database(url: url)
        try database.execute("CREATE TABLE log (n int)")
        return Setup(database: database, proxy: proxy, direct: try PGConnection(server.connectionString(database: name)))
    }

    private func rows(_ setup: Setup) throws -> [String] {
        try setup.direct.execute("SELECT n FROM log ORDER BY n").map { $0.text(at: 0) ?? "NULL" }
    }

    func testACommitWhoseAnswerIsLostButThatCommittedReturnsAsCommitted() throws {
        let setup = try setUp("lost_commit_yes")
        let note = LostCommitNote()
        note.text = "kept"
        setup.proxy.cutNextCommit(.afterTheServerAnswers)
        try setup.database.transaction { _ in
            try setup.database.execute("INSERT INTO log VALUES (1)")
            try note.commit(in: setup.database)
        }
        XCTAssertEqual(setup.proxy.cutCount, 1, "the COMMIT's answer was cut")
        XCTAssertTrue(setup.database.lastCommitWasConfirmedAfterLoss, "the commit says it was confirmed after the loss")
        XCTAssertEqual(try rows(setup), ["1"])
        XCTAssertFalse(note.isNew, "the object stays committed")
        try setup.database.execute("INSERT INTO log VALUES (2)")
        XCTAssertFalse(setup.database.lastCommitWasConfirmedAfterLoss, "a commit answered as usual")
        XCTAssertEqual(try rows(setup), ["1", "2"], "the writer goes on on a new session")
    }

    func testACommitLostBeforeTheServerSawItFailsRetryablyAndRestoresTheObjects() throws {
        let setup = try setUp("lost_commit_no")
        let note = LostCommitNote()
        note.text = "first"
        setup.proxy.cutNextCommit(.beforeTheServerSeesIt)
        XCTAssertThrowsError(try setup.database.transaction { _ in
            try setup.database.execute("INSERT INTO log VALUES (1)")
            try note.commit(in: setup.database)
        }) { error in
            let error = error as? PostgresDatabaseError
            XCTAssertEqual(error?.isRetryable, true, "\(String(describing: error))")
            XCTAssertTrue(error?.message.contains("did not commit") ?? false, "\(String(describing: error))")
        }
        XCTAssertEqual(try rows(setup), [])
        XCTAssertTrue(note.isNew, "restored as on rollback: new again")
    }

    func testARetriedTransactionRunsAgainOnlyWhenItDidNotCommit() throws {
        let setup = try setUp("lost_commit_retry")
        var attempts = 0
        setup.proxy.cutNextCommit(.beforeTheServerSeesIt)
        try setup.database.transaction(retryingFor: .seconds(60)) { _ in
            attempts += 1
            try setup.database.execute("INSERT INTO log VALUES (1)")
        }
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(try rows(setup), ["1"], "once")

        attempts = 0
        setup.proxy.cutNextCommit(.afterTheServerAnswers)
        try setup.database.transaction(retryingFor: .seconds(60)) { _ in
            attempts += 1
            try setup.database.execute("INSERT INTO log VALUES (2)")
        }
        XCTAssertEqual(attempts, 1, "committed: not run again")
        XCTAssertEqual(try rows(setup), ["1", "2"], "nothing twice")
    }
}
