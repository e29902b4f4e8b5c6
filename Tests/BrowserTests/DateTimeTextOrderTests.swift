import XCTest

@testable import Browser

/// The order of PostgreSQL's dates and timestamps kept as text: by instant, as the server orders them.
final class DateTimeTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: DateTimeTextOrder.compare)

    func testDatesAreOrderedByDayWhereTheirTextsAreNot() {
        checks.assertStrictlyOrdered(["-infinity", "4714-11-24 BC", "0044-03-15 BC", "0001-12-31 BC", "0001-01-01", "1969-12-31",
                                      "1970-01-01", "2024-02-29", "2024-03-01", "9999-12-31", "10000-01-01", "294276-12-31",
                                      "infinity", "not a date"])
    }

    func testTimestampsAreOrderedByInstantInUTC() {
        checks.assertStrictlyOrdered(["0044-03-15 10:00:00+00 BC", "2024-01-01", "2024-01-01 00:00:00.000001", "2024-01-01 09:59:59.5",
                                      "2024-01-01 10:00", "2024-11-03 01:30:00-04", "2024-11-03 01:10:00-05", "2024-11-03 06:10:00.25+00",
                                      "2024-11-03 11:50:00+05:30", "2024-11-03 12:00:00+05:30"])
        XCTAssertEqual(checks.compare("2024-11-03 01:30:00-04", "2024-11-03 05:30:00+00"), 0, "one instant, two offsets")
        XCTAssertEqual(checks.compare("2024-01-01 00:00:00", "2024-01-01"), 0)
        XCTAssertEqual(checks.compare("2024-01-01T10:00:00", "2024-01-01 10:00"), 0)
        XCTAssertGreaterThan(checks.compare("2024-01-01 23:00:00-02", "2024-01-02 00:30:00+00"), 0, "01:00 UTC the next day")
    }

    func testWhatIsNotAnInstantComesLast() {
        for text in ["", "2024", "2024-13-01", "2024-01-32", "24-01-01", "2024-01-01 BCE", "2024-01-01 10", "2024-01-01 10:00+", "yesterday"] {
            XCTAssertGreaterThan(checks.compare(text, "infinity"), 0, "'\(text)' after every instant")
        }
    }
}
