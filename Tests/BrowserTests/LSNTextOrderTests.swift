import XCTest

@testable import Browser

/// The order of PostgreSQL's `pg_lsn` kept as text: by log position, both halves hexadecimal.
final class LSNTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: LSNTextOrder.compare)

    func testPositionsAreOrderedByValueWhereTheirTextsAreNot() {
        checks.assertStrictlyOrdered(["0/0", "0/9", "0/A", "0/10", "0/B374D848", "0/FFFFFFFF", "1/0", "16/B374D848", "FFFFFFFF/FFFFFFFF",
                                      "0/100000000", "not a position", "zz"])
        XCTAssertEqual(checks.compare("16/b374d848", "16/B374D848"), 0, "either case")
        XCTAssertEqual(checks.compare("0/0A", "0/A"), 0)
    }

    func testWhatIsNotAPositionComesLast() {
        for text in ["", "/", "0/", "/0", "0/g", "123456789/0", "0/1/2", "-1/0", " 0/1"] {
            XCTAssertGreaterThan(checks.compare(text, "FFFFFFFF/FFFFFFFF"), 0, "'\(text)' after every position")
        }
    }
}
