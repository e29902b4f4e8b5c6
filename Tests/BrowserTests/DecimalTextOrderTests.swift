import XCTest

@testable import Browser

/// The order of exact decimals kept as text (PostgreSQL's `numeric` in reef's copy of results):
/// by value, never byte by byte.
final class DecimalTextOrderTests: XCTestCase {
    private let checks = TextOrderChecks(order: DecimalTextOrder.compare)

    private func compare(_ left: String, _ right: String) -> Int {
        checks.compare(left, right)
    }

    func testTextsAreOrderedByTheirValue() {
        let ordered = ["-Infinity", "-1e3", "-229.00", "-4.99", "-0.5", "-0.05", "0", "0.000001", "0.05", ".5", "4.99", "12",
                       "19.50", "49.9", "229.00", "1.0e+20", "123456789012345678901234567890.5", "Infinity", "NaN", "abc", "zz"]
        checks.assertStrictlyOrdered(ordered)
    }

    /// Texts as PostgreSQL writes numerics of any scale (and some it does not), against their values.
    func testRandomDecimalsAreOrderedAsTheirValues() {
        var generator = SystemRandomNumberGenerator()
        func text() -> (String, Int64, Int) {
            let scale = Int.random(in: 0...4, using: &generator)
            let units = Int64.random(in: -2_000_000...2_000_000, using: &generator) / Int64([1, 10, 1_000][Int.random(in: 0...2)])
            let digits = String(units.magnitude)
            let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
            let written = scale == 0 ? padded : padded.dropLast(scale) + "." + padded.suffix(scale)
            // The value in units of 10^-4, exact.
            var value = Int64(units.magnitude)
            for _ in 0..<(4 - scale) { value *= 10 }
            return ((units < 0 ? "-" : "") + written, units < 0 ? -value : value, scale)
        }
        for _ in 0..<20_000 {
            let (a, x, _) = text(), (b, y, _) = text()
            let expected = x < y ? -1 : (x > y ? 1 : 0)
            let answer = compare(a, b)
            XCTAssertEqual(answer < 0 ? -1 : (answer > 0 ? 1 : 0), expected, "\(a) against \(b)")
        }
    }

    func testEqualValuesWrittenDifferentlyAreEqual() {
        for (left, right) in [("12.0", "12.00"), ("12", "12.000"), ("-0", "0"), ("0.00", "0"), ("+7", "7"), ("1.2e2", "120"),
                              ("0120", "120"), ("5E-2", "0.05"), ("inf", "Infinity"), ("-Inf", "-Infinity"), ("nan", "NaN")] {
            XCTAssertEqual(compare(left, right), 0, "\(left) = \(right)")
            XCTAssertEqual(compare(right, left), 0, "\(right) = \(left)")
        }
    }

    func testDigitsBeyondADoublesPrecisionStillCount() {
        XCTAssertLessThan(compare("0.10000000000000000001", "0.10000000000000000002"), 0)
        XCTAssertLessThan(compare("-0.10000000000000000002", "-0.10000000000000000001"), 0)
        XCTAssertLessThan(compare("99999999999999999999", "100000000000000000000"), 0)
    }

    func testTextsThatAreNotNumbersComeLastByteByByte() {
        for text in ["", "-", ".", "1.2.3", "1e", "12abc", "--1", "-NaN", " 1"] {
            XCTAssertGreaterThan(compare(text, "NaN"), 0, "'\(text)' after NaN")
            XCTAssertGreaterThan(compare(text, "1"), 0, "'\(text)' after 1")
        }
        XCTAssertLessThan(compare("1.2.3", "12abc"), 0)
        XCTAssertLessThan(compare("", "a"), 0)
    }
}
