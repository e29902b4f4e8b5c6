import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// What the shared layers ask of a connection, asked as they ask it: through ``DriverConnection``
/// only, never through SQLite's own names.
final class DriverConnectionTests: XCTestCase {
    private func open(_ path: String, _ role: ConnectionRole = .writer) throws -> Connection {
        try SQLiteDriver(path: path, configuration: Configuration()).openConnection(for: role)
    }

    private func count(_ table: String, on connection: some DriverConnection) throws -> SQLValue {
        let statement = try connection.cachedStatement("SELECT count(*) FROM \(quoteIdentifier(table))")
        defer { statement.reset() }
        XCTAssertTrue(try statement.step())
        return statement.value(at: 0)
    }

    /// Runs the writes of a transaction with a savepoint that is rolled back, as the facade's
    /// nested transactions do.
    private func writeWithUndoneSavepoint(on connection: some DriverConnection) throws {
        XCTAssertFalse(connection.isInTransaction)
        try connection.begin(.immediate)
        XCTAssertTrue(connection.isInTransaction)
        try connection.execute("INSERT INTO t (name) VALUES (\("kept"))")
        try connection.savepoint("inner \"one\"")
        try connection.execute("INSERT INTO t (name) VALUES (\("undone"))")
        try connection.rollback(toSavepoint: "inner \"one\"")
        try connection.releaseSavepoint("inner \"one\"")
        XCTAssertTrue(connection.isInTransaction, "releasing a savepoint leaves the transaction open")
        try connection.commit()
        XCTAssertFalse(connection.isInTransaction)
    }

    func testTransactionsAndSavepointsThroughTheProtocol() throws {
        let connection = try open(try temporaryDatabasePath(self))
        try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)", stoppingOutsideTransaction: false)
        try writeWithUndoneSavepoint(on: connection)
        XCTAssertEqual(try count("t", on: connection), .integer(1))

        try connection.begin(.deferred)
        try connection.execute("DELETE FROM t")
        try connection.rollback()
        XCTAssertEqual(try count("t", on: connection), .integer(1), "a rolled back delete leaves the row")
    }

    func testTheKeyAnInsertMadeAndTheRowsAStatementChanged() throws {
        let connection = try open(try temporaryDatabasePath(self))
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        try connection.execute("INSERT INTO t (id, name) VALUES (41, 'a')")
        try connection.execute("INSERT INTO t (name) VALUES ('b')")
        XCTAssertEqual(connection.lastInsertedKey, .integer(42))
        try connection.execute("UPDATE t SET name = 'c'")
        XCTAssertEqual(connection.changedRowCount, 2)
        try connection.execute("DELETE FROM t WHERE id = \(41)")
        XCTAssertEqual(connection.changedRowCount, 1)
    }

    /// The snapshot is the one of `begin`: a commit made between `begin` and the first read is not
    /// seen (a plain deferred `BEGIN` would take its snapshot at that read, and see it).
    func testAReadOnlySnapshotIsTakenWhenItBegins() throws {
        let path = try temporaryDatabasePath(self)
        let writer = try open(path)
        try writer.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try writer.execute("INSERT INTO t VALUES (1)")
        let reader = try open(path, .reader)

        try reader.begin(.readOnlySnapshot)
        try writer.execute("INSERT INTO t VALUES (2)")
        XCTAssertEqual(try count("t", on: reader), .integer(1))
        try reader.commit()
        XCTAssertEqual(try count("t", on: reader), .integer(2))
    }

    func testTheStatementCacheHandsOutOneStatementPerTextWhileItIsFree() throws {
        let connection = try open(":memory:")
        let first = try connection.cachedStatement("SELECT 1")
        let again = try connection.cachedStatement("SELECT 1")
        XCTAssertTrue(first === again)
        XCTAssertFalse(try connection.prepare("SELECT 1") === first, "prepare does not use the cache")
        connection.clearStatementCache()
        XCTAssertFalse(try connection.cachedStatement("SELECT 1") === first, "a cleared cache prepares anew")
    }

    func testTheIntrospectorAndInterruptHandleAreTheConnections() throws {
        let connection = try open(":memory:")
        try connection.execute("CREATE TABLE \"odd \"\"name\" (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
        let info = try XCTUnwrap(try connection.introspector.tableInfo("odd \"name"))
        XCTAssertEqual(info.columns.map(\.name), ["id", "label"])
        XCTAssertTrue(connection.interruptHandle === connection)
    }
}
