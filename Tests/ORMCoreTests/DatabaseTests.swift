import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

final class DatabaseTests: XCTestCase {
    // SQLite's alone: the file, its WAL journal and the foreign_keys pragma.
    func testFileDatabaseIsCreatedInWALWithForeignKeys() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try db.scalar("PRAGMA journal_mode"), .text("wal"))
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), .integer(1))
    }

    // SQLite's alone: `synchronous` is SQLite's.
    func testAScratchDatabaseNeverWaitsForTheDisk() throws {
        func synchronous(of db: Database) throws -> SQLValue? {
            var value: SQLValue?
            _ = try db.runStatement("PRAGMA synchronous", columns: { _ in }, row: { value = $0.values.first })  // the writer's
            return value
        }
        var configuration = Configuration()
        configuration.waitsForDisk = false
        let scratch = try Database(path: try temporaryDatabasePath(self), configuration: configuration)
        XCTAssertEqual(try synchronous(of: scratch), .integer(0), "OFF")
        XCTAssertEqual(try scratch.scalar("PRAGMA journal_mode"), .text("wal"))
        XCTAssertEqual(try synchronous(of: Database(path: try temporaryDatabasePath(self))), .integer(1), "NORMAL by default")
    }

    func testRawSQLWithBoundArguments() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE person(\(raw: TestDatabaseKind.current.generatedKey()), name text, age bigint)")
        let hostile = "Robert'); DROP TABLE person;--"
        XCTAssertEqual(try db.execute("INSERT INTO person(name, age) VALUES (?, ?)", hostile, 30), 1)
        try db.execute("INSERT INTO person(name, age) VALUES (\("Ann"), \(41))")
        let rows = try db.fetchAll("SELECT name, age FROM person WHERE age > ? ORDER BY age", 10)
        XCTAssertEqual(rows, [[.text(hostile), .integer(30)], [.text("Ann"), .integer(41)]])
        let table = try db.fetchRows("SELECT name AS who, age FROM person WHERE name IN \(["Ann", "Bo"])")
        XCTAssertEqual(table.columns, ["who", "age"])
        XCTAssertEqual(table.rows, [[.text("Ann"), .integer(41)]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM person"), .integer(2))
        XCTAssertNil(try db.scalar("SELECT name FROM person WHERE id = ?", 999))
    }

    func testScriptsRunEveryStatementWithArgumentsInOrder() throws {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            "CREATE TABLE a(x bigint); CREATE TABLE b(y bigint); INSERT INTO a VALUES (\(1)); INSERT INTO b VALUES (\(2));")
        XCTAssertEqual(try db.scalar("SELECT x FROM a"), .integer(1))
        XCTAssertEqual(try db.scalar("SELECT y FROM b"), .integer(2))
    }

    func testPreparedStatementsAreCachedAndTraced() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        try db.execute("CREATE TABLE t(x bigint)")
        recorder.reset()
        for value in 0..<3 { try db.execute("INSERT INTO t VALUES (?)", value) }
        XCTAssertEqual(recorder.recorded, Array(repeating: "INSERT INTO t VALUES (?)", count: 3))
        // Each driver's own connection and statement types.
        func assertReused(on writer: some DriverConnection) throws {
            let statement = try db.writer.lock.withLock { _ in try writer.cachedStatement("SELECT x FROM t") }
            let again = try db.writer.lock.withLock { _ in try writer.cachedStatement("SELECT x FROM t") }
            XCTAssertTrue(statement === again, "the second use reuses the prepared statement")
        }
        try assertReused(on: db.writer.connection.driverConnection)
    }

    func testReadersSeeCommittedDataWhileTheWriterHoldsATransaction() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t(x bigint)")
        try db.execute("INSERT INTO t VALUES (1)")
        let seenByReader = Locked<SQLValue?>(nil)
        try db.transaction { _ in
            try db.execute("INSERT INTO t VALUES (2)")
            // Inside the transaction this thread sees its own write...
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2))
            // ...while another thread reads the last committed state at once, unblocked.
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                let value = try? db.scalar("SELECT count(*) FROM t")
                seenByReader.mutate { $0 = value }
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "a reader must not wait for the writer")
        }
        XCTAssertEqual(seenByReader.value, .integer(1))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2))
    }

    func testDefaultDatabase() throws {
        Database.setDefault(nil)
        XCTAssertThrowsError(try Database.current()) { XCTAssertEqual($0 as? ORMError, .noDefaultDatabase) }
        let db = try makeTestDatabase(self)
        Database.setDefault(db)
        defer { Database.setDefault(nil) }
        XCTAssertTrue(try Database.current() === db)
    }

    func testConcurrentRawWritersAndReadersLoseNothing() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t(thread bigint, n bigint)")
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<250 {
                do {
                    try db.execute("INSERT INTO t VALUES (?, ?)", thread, n)
                    _ = try db.scalar("SELECT count(*) FROM t WHERE thread = ?", thread)
                } catch {
                    failures.mutate { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(2_000))
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT thread * 1000 + n) FROM t"), .integer(2_000))
    }

    /// `isReadOnly` tells queries and transaction control from writes, without running them.
    func testIsReadOnlyTellsWritesFromReads() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE t (x bigint)")
        for sql: SQL in ["SELECT * FROM t", "BEGIN", "WITH c AS (SELECT 1) SELECT * FROM c"] {
            XCTAssertTrue(try db.isReadOnly(sql), sql.text)
        }
        var writes: [SQL] = ["INSERT INTO t VALUES (1)", "DELETE FROM t", "CREATE TABLE u (y bigint)", "DROP TABLE t",
                             "WITH c AS (SELECT 1 AS v) INSERT INTO t SELECT v FROM c"]
        if TestDatabaseKind.current == .sqlite {
            writes.append("PRAGMA user_version = 3")  // a statement SQLite's alone has
        }
        for sql in writes {
            XCTAssertFalse(try db.isReadOnly(sql), sql.text)
        }
        XCTAssertNotNil(try db.tableInfo("t"), "nothing ran")
        XCTAssertNil(try db.tableInfo("u"))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        XCTAssertThrowsError(try db.isReadOnly("SELECT * FROM nowhere"))
    }

    /// `forEachRow` hands every row over in order, arguments bound, and stops on a thrown error.
    func testForEachRowStreamsTheRows() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE n (x bigint)")
        try db.execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000) INSERT INTO n SELECT i FROM c")
        var seen: [SQLValue] = []
        try db.forEachRow("SELECT x FROM n WHERE x > ? ORDER BY x DESC", 990) { seen.append($0[0]) }
        XCTAssertEqual(seen, (991...1000).reversed().map { .integer(Int64($0)) })
        struct Enough: Error {}
        var count = 0
        XCTAssertThrowsError(try db.forEachRow("SELECT x FROM n") { _ in
            count += 1
            if count == 3 { throw Enough() }
        }) { XCTAssertTrue($0 is Enough) }
        XCTAssertEqual(count, 3)
    }
}
