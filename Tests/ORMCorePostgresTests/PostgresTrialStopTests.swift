import Foundation
import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A trial that cannot start on PostgreSQL says why in ORMCore's own, database-neutral error
/// (``WorkNotStarted``), not in SQLite's: another check holding the trial connection is busy, an
/// interruption made before the trial began is an interruption.
final class PostgresTrialStopTests: XCTestCase {
    /// A database with two pets, opened with a long busy timeout (a check waits for a row lock).
    private func pets() throws -> (DynamicTable, String) {
        let conninfo = try makePostgresDatabase("trial_stop")
        try PGConnection(conninfo).executeScript("CREATE TABLE pet (id integer PRIMARY KEY, legs integer); INSERT INTO pet VALUES (1, 4), (2, 4)")
        var configuration = Configuration()
        configuration.busyTimeoutMilliseconds = 120_000
        return (try Database(url: conninfo, configuration: configuration).table("pet"), conninfo)
    }

    func testACheckWhileAnotherRunsIsBusyInORMCoresOwnError() throws {
        let (pets, conninfo) = try pets()
        // Another session holds pet 1: a check of it waits for the lock, holding the trial connection.
        let holder = try PGConnection(conninfo)
        try holder.executeScript("BEGIN; UPDATE pet SET legs = 3 WHERE id = 1")
        let done = DispatchSemaphore(value: 0)
        let firstFailure = FirstFailure()
        Thread.detachNewThread {
            do {
                try pets.check(.update(key: [1], original: [:], changes: ["legs": 5]))
            } catch {
                firstFailure.text.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        let observer = try PGConnection(conninfo)
        try waitUntil("the first check waits for the row lock") {
            try observer.execute("""
                SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """).first?.int64(at: 0) == 1
        }

        XCTAssertThrowsError(try pets.check(.update(key: [2], original: [:], changes: ["legs": 6]), waitingForLock: false)) { error in
            XCTAssertEqual(error as? WorkNotStarted, WorkNotStarted(.busy, message: "another check is running"), "\(error)")
            XCTAssertFalse(error is SQLiteError, "\(error)")
            XCTAssertTrue((error as? any DatabaseError)?.isBusy ?? false, "\(error)")
        }

        try holder.executeScript("COMMIT")
        done.wait()
        XCTAssertNil(firstFailure.text.withLock { $0 }, "the first check is taken once the lock is free")
        XCTAssertEqual(try observer.execute("SELECT legs FROM pet ORDER BY id").map { $0.text(at: 0) }, ["3", "4"], "nothing written")
    }

    func testACheckInterruptedBeforeItBeginsIsInterruptedInORMCoresOwnError() throws {
        let (pets, _) = try pets()
        let interruption = Interruption()
        interruption.interrupt()
        XCTAssertThrowsError(try interruption.run { try pets.check(.update(key: [1], original: [:], changes: ["legs": 5])) }) { error in
            XCTAssertEqual(error as? WorkNotStarted, WorkNotStarted(.interrupted, message: "interrupted"), "\(error)")
            XCTAssertFalse(error is SQLiteError, "\(error)")
            XCTAssertTrue((error as? any DatabaseError)?.isInterrupted ?? false, "\(error)")
        }
        XCTAssertNoThrow(try pets.check(.update(key: [1], original: [:], changes: ["legs": 5])), "later checks run")
    }
}

/// What the first check threw, if anything, told across threads.
private final class FirstFailure: Sendable {
    let text = Mutex<String?>(nil)
}
