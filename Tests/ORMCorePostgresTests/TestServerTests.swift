import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The test process starts one PostgreSQL cluster, shared by every PostgreSQL test target it runs.
final class TestServerTests: XCTestCase {
    func testOneClusterServesTheWholeProcess() throws {
        let server = try TestPostgresServer.shared()
        XCTAssertTrue(try TestPostgresServer.shared() === server)
        let owned = try FileManager.default.contentsOfDirectory(atPath: "/tmp").filter { name in
            name.hasPrefix("reef-pg-") && !name.hasPrefix("reef-pg-output-")
                && (try? String(contentsOfFile: "/tmp/\(name)/owner.pid", encoding: .utf8)) == String(getpid())
        }
        XCTAssertEqual(owned, [String(server.folder.dropFirst("/tmp/".count))])
        let database = try server.makeDatabase("support", for: self)
        let connection = try PGConnection(server.connectionString(database: database))
        XCTAssertEqual(try connection.execute("SELECT current_database()")[0].text(at: 0), database)
        XCTAssertEqual(kill(server.serverProcessID, 0), 0, "the server runs")
    }
}
