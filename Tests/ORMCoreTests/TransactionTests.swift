import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

final class TransactionTests: XCTestCase {
    private func makeDatabase(configuration: Configuration = Configuration()) throws -> Database {
        let db = try makeTestDatabase(self, configuration: configuration)
        try db.execute("CREATE TABLE t(x bigint)")
        return db
    }

    func testCommitAndReturnValue() throws {
        let db = try makeDatabase()
        let count = try db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (1)")
            return try db.scalar("SELECT count(*) FROM t")
        }
        XCTAssertEqual(count, .integer(1))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1))
    }

    func testExplicitFailRollsBack() throws {
        let db = try makeDatabase()
        XCTAssertThrowsError(
            try db.transaction { tx in
                try db.execute("INSERT INTO t VALUES (1)")
                try tx.fail("changed my mind")
            }
        ) { XCTAssertEqual($0 as? ORMError, .transactionFailed(reason: "changed my mind")) }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }

    func testNestedTransactionsAreSavepoints() throws {
        let recorder = SQLRecorder()
        let db = try makeDatabase(configuration: recorder.configuration)
        _ = try db.scalar("SELECT count(*) FROM t")  // a reader opened (and its setup traced) before the trace
        recorder.reset()
        try db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (1)")
            try? db.transaction { _ in
                try db.execute("INSERT INTO t VALUES (2)")
                throw CancellationError()
            }
            try db.transaction { _ in try db.execute("INSERT INTO t VALUES (3)") }
        }
        XCTAssertEqual(try db.fetchAll("SELECT x FROM t ORDER BY x").map { $0[0] }, [1, 3])
        // Each database's own words for the same transaction control.
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                recorder.recorded,
                [
                    "BEGIN IMMEDIATE", "INSERT INTO t VALUES (1)", "SAVEPOINT \"orm_savepoint_1\"",
                    "INSERT INTO t VALUES (2)", "ROLLBACK TO \"orm_savepoint_1\"", "RELEASE \"orm_savepoint_1\"",
                    "SAVEPOINT \"orm_savepoint_1\"", "INSERT INTO t VALUES (3)", "RELEASE \"orm_savepoint_1\"", "COMMIT",
                    "SELECT x FROM t ORDER BY x",
                ])
        case .postgres:
            XCTAssertEqual(
                recorder.recorded,
                [
                    TestDatabaseKind.postgresBegin, "INSERT INTO t VALUES (1)", "SAVEPOINT \"orm_savepoint_1\"",
                    "INSERT INTO t VALUES (2)", "ROLLBACK TO SAVEPOINT \"orm_savepoint_1\"",
                    "RELEASE SAVEPOINT \"orm_savepoint_1\"", "SAVEPOINT \"orm_savepoint_1\"",
                    "INSERT INTO t VALUES (3)", "RELEASE SAVEPOINT \"orm_savepoint_1\"", "COMMIT",
                    "SELECT x FROM t ORDER BY x",
                ])
        }
    }

    func testCommittedChangesAreDeliveredOnlyAfterCommit() throws {
        let db = try makeDatabase()
        let delivered = Locked<[ChangeSet]>([])
        _ = db.changeCenter.addObserver { changes in delivered.mutate { $0.append(changes) } }
        try db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (1)")
            try db.execute("INSERT INTO t VALUES (2)")
            XCTAssertTrue(delivered.value.isEmpty, "nothing is delivered before the commit")
        }
        XCTAssertEqual(delivered.value.count, 1)
        XCTAssertEqual(delivered.value.first?.tables, ["t"])
        // SQLite's update hook reports raw SQL's rows; on PostgreSQL raw SQL is told as its tables.
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(delivered.value.first?.rows.map(\.operation), [.insert, .insert])
            XCTAssertEqual(delivered.value.first?.tablesWithoutRowDetail, [])
        case .postgres:
            XCTAssertEqual(delivered.value.first?.rows.map(\.operation), [])
            XCTAssertEqual(delivered.value.first?.tablesWithoutRowDetail, ["t"])
        }

        try? db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (3)")
            throw CancellationError()
        }
        XCTAssertEqual(delivered.value.count, 1, "a rolled-back transaction delivers nothing")

        try db.execute("DELETE FROM t")
        XCTAssertEqual(delivered.value.count, 2)
        XCTAssertEqual(delivered.value.last?.tables, ["t"])
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                delivered.value.last?.rows.map(\.operation), [.delete, .delete],
                "a DELETE with no WHERE still reports each row (the truncate optimisation is off)")
        case .postgres:
            XCTAssertEqual(delivered.value.last?.tablesWithoutRowDetail, ["t"])
        }
    }

    /// A raw statement that changed no row reports nothing, on either database.
    func testAStatementThatChangedNoRowReportsNothing() throws {
        let db = try makeDatabase()
        let delivered = Locked<[ChangeSet]>([])
        _ = db.changeCenter.addObserver { changes in delivered.mutate { $0.append(changes) } }
        try db.execute("INSERT INTO t VALUES (1)")
        XCTAssertEqual(delivered.value.last?.tables, ["t"])
        try db.execute("UPDATE t SET x = 2 WHERE x = 99")
        try db.execute("DELETE FROM t WHERE x = 99")
        XCTAssertEqual(delivered.value.count, 1, "statements that changed no row report nothing")
    }

    // SQLite's alone: WITHOUT ROWID tables, whose rows the update hook does not report.
    func testWithoutRowIDTablesReportTableLevelChanges() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE pair(a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID")
        let delivered = Locked<[ChangeSet]>([])
        _ = db.changeCenter.addObserver { changes in delivered.mutate { $0.append(changes) } }
        try db.execute("INSERT INTO pair VALUES ('x', 'y')")
        XCTAssertEqual(delivered.value.last?.tables, ["pair"])
        XCTAssertEqual(delivered.value.last?.tablesWithoutRowDetail, ["pair"])
        try db.execute("UPDATE pair SET b = 'z' WHERE a = 'nothing'")
        XCTAssertEqual(delivered.value.count, 1, "a statement that changed no row reports nothing")
    }

    /// One rule for errors: an inner transaction that fails, by `fail()` or by throwing, rolls back
    /// its savepoint only, and a caller that catches the error goes on.
    func testAnInnerFailCaughtByTheCallerRollsBackOnlyTheInnerSavepointAsAThrownErrorDoes() throws {
        let db = try makeDatabase()
        try db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(
                try db.transaction { tx in
                    try db.execute("INSERT INTO t VALUES (2)")
                    try tx.fail("inner")
                })
            XCTAssertThrowsError(
                try db.transaction { _ in
                    try db.execute("INSERT INTO t VALUES (3)")
                    throw CancellationError()
                })
            try db.execute("INSERT INTO t VALUES (4)")
        }
        XCTAssertEqual(try db.fetchAll("SELECT x FROM t ORDER BY x").map { $0[0] }, [1, 4])
    }

    /// `fail()` fails the transaction it is called on even when the error is caught on the way out.
    func testFailingTheOuterTransactionFromAnInnerOneFailsItEvenWhenCaught() throws {
        let db = try makeDatabase()
        XCTAssertThrowsError(
            try db.transaction { outer in
                try db.execute("INSERT INTO t VALUES (1)")
                try? db.transaction { _ in try outer.fail("from inside") }
                try? outer.fail("caught")
                try db.execute("INSERT INTO t VALUES (2)")
            }
        ) { XCTAssertEqual($0 as? ORMError, .transactionFailed(reason: "from inside"), "the first failure is reported") }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
    }
}
