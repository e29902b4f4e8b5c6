import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The count of the writer's statements that may commit, from which the PostgreSQL watch tells
/// this database's commits from other sessions'.
final class WriterActivityTests: XCTestCase {
    func testAStatementOutsideATransactionMayCommitUnlessItBeginsOne() {
        XCTAssertTrue(WriterActivity.mayCommit("UPDATE t SET a = 1", insideTransaction: false))
        XCTAssertTrue(WriterActivity.mayCommit("select f()", insideTransaction: false), "a function may write")
        XCTAssertFalse(WriterActivity.mayCommit("BEGIN", insideTransaction: false))
        XCTAssertFalse(WriterActivity.mayCommit("  begin isolation level serializable", insideTransaction: false))
    }

    func testInsideATransactionOnlyWhatMayEndItOrReleaseASavepointCounts() {
        for sql in ["INSERT INTO t VALUES (1)", "UPDATE t SET a = 1", "DELETE FROM t", "SELECT 1", "SAVEPOINT s",
                    "WITH x AS (SELECT 1) SELECT * FROM x"] {
            XCTAssertFalse(WriterActivity.mayCommit(sql, insideTransaction: true), sql)
        }
        for sql in ["COMMIT", "\n commit", "END", "RELEASE SAVEPOINT s", "PREPARE TRANSACTION 'x'",
                    "/* why */ COMMIT", "-- why\nCOMMIT", "CREATE TABLE u (a int)"] {
            XCTAssertTrue(WriterActivity.mayCommit(sql, insideTransaction: true), sql)
        }
    }

    func testAReadingCountsTheStatementsSinceAndTheOneStillRunningAtIt() {
        let activity = WriterActivity()
        activity.statementWillRun(mayCommit: true)          // an autocommit update, still running
        let first = activity.reading
        XCTAssertEqual(first, WriterActivity.Reading(count: 1, lastMayBeRunning: true))

        activity.statementWillRun(mayCommit: false)         // BEGIN: the update ended
        activity.statementWillRun(mayCommit: false)         // INSERT
        activity.statementWillRun(mayCommit: true)          // COMMIT
        activity.useEnded()
        let second = activity.reading
        XCTAssertEqual(second, WriterActivity.Reading(count: 2, lastMayBeRunning: false))
        // The update may have committed after the first reading, and the commit did.
        XCTAssertEqual(first.commitsAtMost(until: second), 2)
        XCTAssertEqual(second.commitsAtMost(until: activity.reading), 0, "nothing ran since")

        activity.statementWillRun(mayCommit: false)         // a model's insert inside a transaction
        XCTAssertEqual(second.commitsAtMost(until: activity.reading), 0)
    }
}
