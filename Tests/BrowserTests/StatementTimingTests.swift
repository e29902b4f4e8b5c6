import XCTest
@testable import Browser

/// How long a statement from the SQL prompt took, as its results tell it (`psql`'s `\timing`):
/// the server's part up to the first row, the rows' arrival after it.
final class StatementTimingTests: XCTestCase {
    /// Durations read as `psql` users read them: tenths of a millisecond, hundredths of a second.
    func testDurationsAreWrittenInMillisecondsSecondsAndMinutes() {
        XCTAssertEqual(StatementTiming.describe(.zero), "0.0 ms")
        XCTAssertEqual(StatementTiming.describe(.microseconds(3_140)), "3.1 ms")
        XCTAssertEqual(StatementTiming.describe(.milliseconds(999)), "999.0 ms")
        XCTAssertEqual(StatementTiming.describe(.milliseconds(1_050)), "1.05 s")
        XCTAssertEqual(StatementTiming.describe(.milliseconds(12_300)), "12.30 s")
        XCTAssertEqual(StatementTiming.describe(.seconds(125)), "2 min 5 s")
        XCTAssertEqual(StatementTiming(server: .microseconds(3_140), arrival: .milliseconds(12)).description,
                       "server 3.1 ms, rows 12.0 ms")
    }

    /// The server's part runs to the first row, the arrival from it to the end; without rows the
    /// whole time is the server's.
    func testTheFirstRowSplitsTheTime() {
        let start = ContinuousClock.now
        let timing = StatementTiming(start: start, firstRow: start + .milliseconds(30), end: start + .milliseconds(100))
        XCTAssertEqual(timing, StatementTiming(server: .milliseconds(30), arrival: .milliseconds(70)))
        let none = StatementTiming(start: start, firstRow: nil, end: start + .milliseconds(5))
        XCTAssertEqual(none, StatementTiming(server: .milliseconds(5), arrival: .zero))
    }

    /// A query's results say how long it took at the end of the status bar when there is room,
    /// and give way to the position when there is not; a table's grid says nothing of the kind.
    func testTheResultsTellTheTimeTakenWhenThereIsRoom() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let query = "eWITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000) SELECT n FROM c<Enter>"
        let wide = try fixture.screen(query, columns: 100, rows: 4).last ?? ""
        XCTAssertNotNil(wide.firstMatch(of: #/query  1/3,000  n  server [0-9]+\.[0-9] ms, rows [0-9]+\.[0-9] ms$/#), wide)
        let narrow = try fixture.screen(query, columns: 40, rows: 4).last ?? ""
        XCTAssertTrue(narrow.hasSuffix("query  1/3,000  n"), narrow)
        let table = try fixture.screen("", columns: 100, rows: 4, table: "artists").last ?? ""
        XCTAssertFalse(table.contains("server"), table)
    }
}
