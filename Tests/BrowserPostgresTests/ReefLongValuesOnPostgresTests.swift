import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Long values of a PostgreSQL table in reef: the grid keeps their start, the record view reads
/// more of them (the server cuts them), without reading them whole.
final class ReefLongValuesOnPostgresTests: XCTestCase {
    func testTheRecordViewShowsTheStartOfALongText() throws {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_long", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id bigint PRIMARY KEY, body text);
            INSERT INTO docs VALUES (1, 'Zoë says ' || repeat('la ', 100000));
            """)
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        let lines = HeadlessRunner(app: app, columns: 40, rows: 6).run(try KeyScript.parse("<Enter><Enter>")).last ?? []
        XCTAssertEqual(lines[0], "Record 1 of 1 · docs")
        XCTAssertEqual(lines[2], "body │ Zoë says la la la la la la la la")
        XCTAssertEqual(lines[3], "     │ la la la la la la la la la la la")
    }
}
