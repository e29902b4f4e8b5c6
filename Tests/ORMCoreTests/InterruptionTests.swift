import Dispatch
import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// Work run under an ``Interruption`` has its SQL stopped from another thread, on a reader or on
/// the writer; the connection it used works normally afterwards.
final class InterruptionTests: XCTestCase {
    /// A query that would run for minutes.
    private let endless: SQL =
        "WITH RECURSIVE c(x) AS (SELECT CAST(1 AS bigint) UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

    /// Asserts that `error` is the database's own error for a statement stopped by an interruption.
    private func assertInterrupted(_ error: (any Error)?, file: StaticString = #filePath, line: UInt = #line) {
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual((error as? SQLiteError)?.code, .interrupt, "\(String(describing: error))", file: file, line: line)
        case .postgres:
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "57014", "\(String(describing: error))",
                           file: file, line: line)
        }
        XCTAssertEqual((error as? any DatabaseError)?.isInterrupted, true, file: file, line: line)
    }

    private func interruptWhileRunning(_ work: @escaping @Sendable (Interruption) throws -> Void) throws -> (any Error)? {
        let interruption = Interruption()
        let failure = Locked<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                try work(interruption)
            } catch {
                failure.mutate { $0 = error }
            }
            done.signal()
        }
        // Interrupted once the work holds its connection: its statement has started or is about
        // to (one not started yet is stopped too: testAnInterruptBeforeTheStatementStartsStopsIt).
        try waitUntil("the work holds its connection") { interruption.holdsConnection }
        XCTAssertEqual(done.wait(timeout: .now()), .timedOut, "an endless statement still running")
        interruption.interrupt()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the statement stopped")
        return failure.value
    }

    func testAReadOnAReaderAndAWriteOnTheWriterAreStopped() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript("CREATE TABLE t (x bigint)")
        let endless = self.endless
        let readError = try interruptWhileRunning { interruption in
            _ = try interruption.run { try db.fetchAll(endless) }
        }
        assertInterrupted(readError)
        let writeError = try interruptWhileRunning { interruption in
            _ = try interruption.run {
                try db.execute(
                    "INSERT INTO t WITH RECURSIVE c(x) AS (SELECT CAST(1 AS bigint) UNION ALL SELECT x + 1 FROM c) SELECT x FROM c")
            }
        }
        assertInterrupted(writeError)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), 0, "the interrupted insert left nothing")
        XCTAssertEqual(try db.scalar("SELECT 1 + 1"), 2, "the connections work afterwards")
    }

    /// An interrupt that came after the work took its connection but before its statement's first
    /// step was lost (SQLite clears `sqlite3_interrupt` as a statement starts on an idle
    /// connection; a PostgreSQL cancel request reaching an idle session is ignored): `Esc` on a
    /// count still preparing let a view that never ends count on.
    func testAnInterruptBeforeTheStatementStartsStopsIt() throws {
        let db = try makeTestDatabase(self)
        let interruption = Interruption()
        // Long enough to finish (and so fail the test) on a connection that lost the interrupt.
        let counting = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) FROM c"
        XCTAssertThrowsError(try interruption.run {
            try db.core.read { connection -> Int in
                interruption.interrupt()  // the connection is held; no statement has started
                func count(on connection: some DriverConnection) throws -> Int {
                    let statement = try connection.prepare(counting)
                    return try statement.use { try $0.step() ? 1 : 0 }
                }
                return try count(on: connection.driverConnection)
            }
        }) {
            self.assertInterrupted($0)
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM (SELECT 1 UNION ALL SELECT 2) AS two"), 2, "later work runs as if never interrupted")
        XCTAssertEqual(try Interruption().run { try db.scalar("SELECT 3") }, 3)
    }

    func testWorkStartedAfterTheInterruptionFailsAtOnceAndOtherWorkIsUntouched() throws {
        let db = try makeTestDatabase(self)
        let interruption = Interruption()
        interruption.interrupt()
        XCTAssertTrue(interruption.isInterrupted)
        XCTAssertThrowsError(try interruption.run { try db.scalar("SELECT 1") }) {
            XCTAssertEqual($0 as? WorkNotStarted, WorkNotStarted(.interrupted, message: "interrupted"), "\($0)")
        }
        XCTAssertEqual(try db.scalar("SELECT 1"), 1, "outside run, nothing is interrupted")
        XCTAssertEqual(try Interruption().run { try db.scalar("SELECT 2") }, 2)
    }

    /// A batched set whose maker gives up stops reading, first window and key snapshot alike: sets
    /// given up on, more than there are readers, leave the readers free for the next read.
    func testAGivenUpBatchedSetFreesItsReader() throws {
        var configuration = Configuration()
        configuration.maximumReaders = 2
        let db = try makeTestDatabase(self, configuration: configuration)
        try db.executeScript("""
            CREATE TABLE big (id bigint PRIMARY KEY, txt text, val bigint);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000)
            INSERT INTO big SELECT x, 'row ' || (x % 500), x % 7 FROM c;
            """)
        let table = try db.table("big")
        for _ in 0..<3 {
            let error = try interruptWhileRunning { interruption in
                let set = try interruption.run {
                    try table.query().where("val = (SELECT count(*) FROM big b2 WHERE b2.txt = big.txt)").batch(100).fetch()
                }
                if let error = set.firstWindowError { throw error }
            }
            assertInterrupted(error)
        }
        let quick = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? db.scalar("SELECT count(*) FROM big WHERE id < 10")
            quick.signal()
        }
        XCTAssertEqual(quick.wait(timeout: .now() + 5), .success, "a reader is free")
    }
}
