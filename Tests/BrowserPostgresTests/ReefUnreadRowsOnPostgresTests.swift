import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Rows reef has not read yet, when reading them fails (the server gone, a privilege revoked), are
/// never drawn as rows of NULLs: the grid says they are not loaded and why.
final class ReefUnreadRowsOnPostgresTests: XCTestCase {
    func testRowsThatCannotBeReadAreShownAsNotLoadedNeverAsNulls() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("reef_unread", for: self)
        let owner = try PGConnection(server.connectionString(database: name))
        let viewer = "reef_viewer_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try owner.executeScript("""
            CREATE TABLE big (id bigint PRIMARY KEY, v text NOT NULL);
            INSERT INTO big SELECT n, 'row ' || n FROM generate_series(1, 3000) AS n;
            CREATE ROLE \(viewer) LOGIN;
            GRANT SELECT ON big TO \(viewer);
            """)
        addTeardownBlock {
            _ = try? PGConnection(server.connectionString(database: name)).executeScript("DROP OWNED BY \(viewer)")
            _ = try? PGConnection(server.connectionString()).execute("DROP ROLE IF EXISTS \(viewer)")
        }
        let conninfo = "host=\(server.folder) port=\(server.port) user=\(viewer) dbname=\(name)"
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault,
                          initialTable: "big")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        let first = runner.run(try KeyScript.parse("j")).last ?? []
        XCTAssertTrue(first.contains { $0.contains("row 2") }, first.joined(separator: "\n"))

        // The first windows are read; the rest can no longer be.
        try owner.execute("REVOKE SELECT ON big FROM \(viewer)")
        let screen = runner.run(try KeyScript.parse(String(repeating: "<PgDn>", count: 60))).last ?? []
        let text = screen.joined(separator: "\n")
        XCTAssertFalse(text.contains("∅"), text)
        XCTAssertTrue(text.contains("not loaded: permission denied for table big"), text)
    }
}
