import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `PostgresDriver`: connection strings as libpq reads them, its capabilities, and what each
/// role's connection is on the server (a reader refuses writes; the trial connection never commits).
final class PostgresDriverTests: XCTestCase {
    func testItOpensFromAURLAndAConnectionStringAndSaysWhatPostgreSQLCanDo() throws {
        let server = try TestPostgresServer.shared()
        let database = try server.makeDatabase("driver_url", for: self)
        for string in [server.url(database: database), server.connectionString(database: database)] {
            let driver = try PostgresDriver(string)
            let connection = try driver.openConnection(for: .writer)
            var name: SQLValue = .null
            try connection.forEachRow("SELECT current_database()") { name = $0.value(at: 0) }
            XCTAssertEqual(name, .text(database), string)
        }
        let capabilities = try PostgresDriver(server.url(database: database)).capabilities
        XCTAssertEqual(capabilities.insertedKeys, .returning)
        XCTAssertTrue(capabilities.concurrentReaders)
        XCTAssertTrue(capabilities.trialConnection)
    }

    func testWhatTheStringLeavesOutComesFromThePGVariablesAsInPsql() throws {
        let server = try TestPostgresServer.shared()
        let database = try server.makeDatabase("driver_env", for: self)
        setenv("PGDATABASE", database, 1)
        defer { unsetenv("PGDATABASE") }
        let connection = try PostgresDriver("host=\(server.folder) port=\(server.port) user=\(TestPostgresServer.superuser)")
            .openConnection(for: .writer)
        var name: SQLValue = .null
        try connection.forEachRow("SELECT current_database()") { name = $0.value(at: 0) }
        XCTAssertEqual(name, .text(database))
    }

    func testAStringLibpqCannotReadIsRefusedBeforeConnecting() {
        XCTAssertThrowsError(try PostgresDriver("host=/tmp dbname='unclosed")) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.kind, .badConnectionString, "\(error)")
        }
        XCTAssertThrowsError(try PostgresDriver("postgres://[::1")) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.kind, .badConnectionString, "\(error)")
        }
    }

    func testAReaderRefusesEveryWrite() throws {
        let connectionString = try makePostgresDatabase("driver_reader")
        let driver = try PostgresDriver(connectionString)
        try driver.openConnection(for: .writer).execute("CREATE TABLE t (a int)")
        let reader = try driver.openConnection(for: .reader)
        XCTAssertThrowsError(try reader.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "25006", "\(error)")
        }
        var count: SQLValue = .null
        try reader.forEachRow("SELECT count(*) FROM t") { count = $0.value(at: 0) }
        XCTAssertEqual(count, .integer(0))
    }

    /// What the trial connection does never reaches the database: a statement outside a
    /// transaction runs in one that is rolled back, a commit is refused and rolls back, and
    /// a `COMMIT` in SQL is refused.
    func testTheTrialConnectionNeverCommits() throws {
        let connectionString = try makePostgresDatabase("driver_trial")
        let driver = try PostgresDriver(connectionString)
        let writer = try driver.openConnection(for: .writer)
        try writer.execute("CREATE TABLE t (a int)")
        let trial = try driver.openConnection(for: .trial(busyTimeoutMilliseconds: 100))
        let other = try PGConnection(connectionString)

        try trial.execute("INSERT INTO t VALUES (\(1))")
        XCTAssertTrue(trial.isInTransaction, "a statement outside a transaction opened one")
        XCTAssertThrowsError(try trial.commit()) { error in XCTAssertTrue(error is PostgresDatabaseError, "\(error)") }
        XCTAssertFalse(trial.isInTransaction, "the refused commit rolled back")

        try trial.begin(.immediate)
        try trial.execute("INSERT INTO t VALUES (2)")
        XCTAssertThrowsError(try trial.execute("COMMIT"))
        XCTAssertThrowsError(try trial.executeScript("INSERT INTO t VALUES (3); END", stoppingOutsideTransaction: false))
        try trial.rollback()
        XCTAssertEqual(try other.execute("SELECT count(*) FROM t").first?.text(at: 0), "0")

        // It waits for another session's row lock no longer than its busy timeout.
        try writer.execute("INSERT INTO t VALUES (9)")
        try writer.begin(.immediate)
        try writer.execute("UPDATE t SET a = 10")
        XCTAssertThrowsError(try trial.execute("UPDATE t SET a = 11")) { error in
            XCTAssertTrue((error as? PostgresDatabaseError)?.isBusy ?? false, "\(error)")
        }
        try writer.rollback()
        try trial.rollback()
        XCTAssertEqual(try other.execute("SELECT a FROM t").first?.text(at: 0), "9")
    }

    func testAReadOnlyConfigurationMakesTheWriterReadOnlyToo() throws {
        let connectionString = try makePostgresDatabase("driver_ro")
        try PostgresDriver(connectionString).openConnection(for: .writer).execute("CREATE TABLE t (a int)")
        var configuration = Configuration()
        configuration.readOnly = true
        let writer = try PostgresDriver(connectionString, configuration: configuration).openConnection(for: .writer)
        XCTAssertThrowsError(try writer.execute("INSERT INTO t VALUES (1)"))
    }
}
