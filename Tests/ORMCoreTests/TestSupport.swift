import Foundation
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A fresh database file in a temporary directory, removed at the end of the test.
func temporaryDatabasePath(_ test: XCTestCase, name: String = "test.sqlite") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory.appendingPathComponent(name).path
}

/// Collects the SQL a database runs, in order.
final class SQLRecorder: Sendable {
    private let statements = Lock<[String]>([])

    var configuration: Configuration {
        var configuration = Configuration()
        configuration.tracer = { [self] sql in statements.withLock { $0.append(sql) } }
        return configuration
    }

    var recorded: [String] { statements.withLock { $0 } }

    func reset() { statements.withLock { $0.removeAll() } }
}

/// A thread-safe box for values written from other threads in tests.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Lock<Value>
    init(_ value: Value) { storage = Lock(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// A small deterministic random number generator for repeatable tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The database the tests that open theirs with ``makeTestDatabase(_:configuration:)`` run on:
/// SQLite, or PostgreSQL when `ORMCORE_TEST_DATABASE=postgres` is set (`scripts/test` runs this
/// target both ways, so those tests run on both databases from one source).
enum TestDatabaseKind {
    case sqlite, postgres

    /// The kind this run uses.
    static var current: TestDatabaseKind {
        ProcessInfo.processInfo.environment["ORMCORE_TEST_DATABASE"] == "postgres" ? .postgres : .sqlite
    }
}

/// A fresh, empty database of this run's kind (``TestDatabaseKind``): a SQLite file in a
/// temporary folder, or a database of the tests' PostgreSQL server, removed at the end of `test`.
func makeTestDatabase(_ test: XCTestCase, configuration: Configuration = Configuration()) throws -> Database {
    switch TestDatabaseKind.current {
    case .sqlite:
        return try Database(path: try temporaryDatabasePath(test), configuration: configuration)
    case .postgres:
        let server = try TestPostgresServer.shared()
        return try Database(url: server.connectionString(database: try server.makeDatabase("ormcore", for: test)),
                            configuration: configuration)
    }
}

/// Another handle on `db`'s database (a second process, say), with `configuration`.
func openSameDatabase(_ db: Database, configuration: Configuration = Configuration()) throws -> Database {
    if let conninfo = db.core.serverConnectionString {
        return try Database(url: conninfo, configuration: configuration)
    }
    return try Database(path: db.path, configuration: configuration)
}

/// On PostgreSQL, waits until the watch of other sessions' commits has made its first look
/// (which sets what later ones compare with: a commit before it is not news). This database's
/// own writes just before need no wait: a commit of another session's that lands beside them
/// still arrives at the next look. Nothing to wait for on SQLite.
func waitForTheWatchToStart(_ db: Database) throws {
    guard TestDatabaseKind.current == .postgres else { return }
    try waitUntil("the watch looked once") { (db.core.externalChanges.lookCount ?? 0) >= 1 }
}
