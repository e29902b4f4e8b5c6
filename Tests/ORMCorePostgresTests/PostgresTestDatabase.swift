import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

extension XCTestCase {
    /// The connection string of an empty database of the tests' server, dropped when the test ends.
    func makePostgresDatabase(_ prefix: String) throws -> String {
        let server = try TestPostgresServer.shared()
        return server.connectionString(database: try server.makeDatabase(prefix, for: self))
    }

    /// A connection to an empty database of the tests' server, with the database's connection
    /// string (for a second session).
    func makePostgresConnection(_ prefix: String) throws -> (PostgresConnection, String) {
        let connectionString = try makePostgresDatabase(prefix)
        return (try PostgresConnection(PGConnection(connectionString)), connectionString)
    }
}
