import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore

@Model(table: "styled_events")
final class StyledEvent {
    var at: Date = Date(timeIntervalSince1970: 0)
    var maybeAt: Date?
}

/// A database whose `DateStyle` and `IntervalStyle` are not the ISO and `postgres` forms (set for
/// the database, as an administrator in Germany might): every session ORMCore opens writes dates
/// and intervals in those forms all the same, so values read as text are ISO and sort as dates.
final class PostgresSessionStylesTests: XCTestCase {
    private func makeStyledDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("styles", for: self)
        try PGConnection(server.connectionString()).executeScript("""
            ALTER DATABASE \(PGConnection.quoteIdentifier(name)) SET DateStyle = 'German';
            ALTER DATABASE \(PGConnection.quoteIdentifier(name)) SET IntervalStyle = 'sql_standard'
            """)
        let url = server.connectionString(database: name)
        let plain = try PGConnection(url)
        XCTAssertEqual(plain.parameterStatus("DateStyle"), "German, DMY", "a session that sets nothing writes German dates")
        return url
    }

    func testValuesReadAsTextAreInTheISOForms() throws {
        let db = try Database(url: try makeStyledDatabase())
        let row = try db.fetchAll("SELECT DATE '2024-01-20', TIMESTAMP '2024-01-20 08:30:00', interval '3 days 4 hours'")
        XCTAssertEqual(row, [[.text("2024-01-20"), .text("2024-01-20 08:30:00"), .text("3 days 04:00:00")]])
        // A typed date is still read in the database's order (German is day first).
        XCTAssertEqual(try db.fetchAll("SELECT CAST('03.04.2024' AS date)"), [[.text("2024-04-03")]])
    }

    func testAModelsDatesReadBackOnEverySession() throws {
        let db = try Database(url: try makeStyledDatabase())
        let event = StyledEvent()
        event.at = Date(timeIntervalSince1970: 1_700_000_000.25)
        event.maybeAt = Date(timeIntervalSince1970: 86_400)
        try event.commit(in: db)
        let texts = try db.fetchAll("SELECT CAST(at AT TIME ZONE 'UTC' AS text) FROM styled_events")
        XCTAssertEqual(texts, [[.text("2023-11-14 22:13:20.25")]])
        let fetched = try StyledEvent.query(in: db).fetch()
        XCTAssertEqual(fetched.map(\.at), [event.at])
        XCTAssertEqual(fetched.map(\.maybeAt), [event.maybeAt])
    }
}
