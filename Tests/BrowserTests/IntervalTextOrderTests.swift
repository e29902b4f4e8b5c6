import XCTest

@testable import Browser

/// The order of PostgreSQL's intervals kept as text: by length of time (a month as 30 days, as the
/// server compares them), whether written by the server or typed in a filter.
final class IntervalTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: IntervalTextOrder.compare)

    private func compare(_ left: String, _ right: String) -> Int {
        checks.compare(left, right)
    }

    func testTheServersFormsAreOrderedByLength() {
        let ordered = ["-1 days +02:00:00", "-00:05:00", "-00:00:00.000001", "00:00:00", "00:00:01.5", "00:01:00", "10:00:00",
                       "1 day", "1 day 00:00:00.5", "2 days", "100:00:00", "10 days", "14 days", "1 mon -2 days", "1 mon",
                       "1 mon 12:00:00", "10 mons 3 days -04:05:06", "1 year", "1 year 2 mons 3 days 04:05:06", "178000000 years",
                       "not an interval", "zzz"]
        checks.assertStrictlyOrdered(ordered)
    }

    func testWordsTypedInAFilterCompareWithTheServersForms() {
        for (typed, server) in [("1 hour", "01:00:00"), ("90 min", "01:30:00"), ("2 hours 30 minutes", "02:30:00"),
                                ("1 week", "7 days"), ("45 s", "00:00:45"), ("1.5 days", "1 day 12:00:00"), ("30 days", "1 mon"),
                                ("1 year", "12 mons"), ("24:00", "1 day"), ("500 ms", "00:00:00.5"), ("1 DAY", "1 day")] {
            XCTAssertEqual(compare(typed, server), 0, "\(typed) = \(server)")
        }
        XCTAssertLessThan(compare("00:59:59", "1 hour"), 0)
        XCTAssertGreaterThan(compare("1 day", "23 hours"), 0)
    }
}
