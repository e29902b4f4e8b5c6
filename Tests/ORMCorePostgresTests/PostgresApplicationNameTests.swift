import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Every session a ``Database`` opens on PostgreSQL names itself to the server
/// (``Configuration/applicationName``, `ORMCore` by default), as `pg_stat_activity` shows, unless
/// the connection string names one.
final class PostgresApplicationNameTests: XCTestCase {
    /// The names of the database's sessions but the asking one.
    private func sessionNames(_ conninfo: String) throws -> Set<String> {
        let observer = try PGConnection(conninfo, applicationName: "observer")
        return Set(try observer.execute("""
            SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND backend_type = 'client backend'
            """).compactMap { $0.text(at: 0) })
    }

    /// Opens a writer, a reader and the trial connection.
    private func useEverySession(_ database: Database) throws {
        try database.execute("CREATE TABLE pet (id integer PRIMARY KEY, legs integer)")
        try database.execute("INSERT INTO pet VALUES (1, 4)")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM pet"), 1)
        try database.table("pet").check(.update(key: [1], original: [:], changes: ["legs": 3]))
    }

    func testEverySessionSaysORMCoreUnlessTheConfigurationNamesAnother() throws {
        let plain = try makePostgresDatabase("appname")
        let database = try Database(url: plain)
        try useEverySession(database)
        XCTAssertEqual(try sessionNames(plain), ["ORMCore"])

        let named = try makePostgresDatabase("appname")
        var configuration = Configuration()
        configuration.applicationName = "billing"
        let billing = try Database(url: named, configuration: configuration)
        try useEverySession(billing)
        XCTAssertEqual(try sessionNames(named), ["billing"])
    }

    func testTheConnectionStringsOwnNameWins() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("appname", for: self)
        var configuration = Configuration()
        configuration.applicationName = "billing"
        let fromURL = try Database(url: server.url(database: name) + "?application_name=mine", configuration: configuration)
        try useEverySession(fromURL)
        XCTAssertEqual(try sessionNames(server.connectionString(database: name)), ["mine"])
    }
}
