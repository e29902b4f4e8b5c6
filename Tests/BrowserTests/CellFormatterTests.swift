import XCTest
@testable import Browser

/// How values are turned into cell text: NULL, numbers, reals, text, BLOBs.
final class CellFormatterTests: XCTestCase {
    func testNullIsADistinctMarkerAlignedLikeItsColumn() {
        XCTAssertEqual(CellFormatter.format(.null, kind: .text), FormattedValue(text: "∅", element: .null, alignment: .left))
        XCTAssertEqual(CellFormatter.format(.null, kind: .integer).alignment, .right)
        XCTAssertNotEqual(CellFormatter.format(.null, kind: .text), CellFormatter.format(.text(""), kind: .text))
    }

    func testEmptyTextShowsNothing() {
        XCTAssertEqual(CellFormatter.format(.text(""), kind: .text), FormattedValue(text: "", element: .text, alignment: .left))
    }

    func testNumbersAreRightAligned() {
        XCTAssertEqual(CellFormatter.format(.integer(-42), kind: .other), FormattedValue(text: "-42", element: .number, alignment: .right))
        XCTAssertEqual(CellFormatter.format(.real(2.5), kind: .text).alignment, .right)
        XCTAssertEqual(CellFormatter.format(.integer(Int64.max), kind: .integer).text, "9223372036854775807")
    }

    func testRealsWithoutNoise() {
        XCTAssertEqual(CellFormatter.formatReal(0.1 + 0.2), "0.3")
        XCTAssertEqual(CellFormatter.formatReal(1), "1.0")
        XCTAssertEqual(CellFormatter.formatReal(-0.5), "-0.5")
        XCTAssertEqual(CellFormatter.formatReal(3.141592653589793), "3.14159265358979")
        XCTAssertEqual(CellFormatter.formatReal(1e20), "1e+20")
        XCTAssertEqual(CellFormatter.formatReal(123456789.0), "123456789.0")
        XCTAssertEqual(CellFormatter.formatReal(.nan), "NaN")
        XCTAssertEqual(CellFormatter.formatReal(-.infinity), "-Inf")
    }

    /// A computed mean or sum: two decimals and thousands grouped; past 15 digits, where `%.2f`
    /// made up digits a double does not hold, the real as any other.
    func testFixedDecimalsOnlyWhereADoubleHoldsTheDigits() {
        let column = GridColumn(name: "mean", kind: .real, decimals: 2, groupsDigits: true)
        XCTAssertEqual(CellFormatter.format(.real(1234.5), in: column).text, "1,234.50")
        XCTAssertEqual(CellFormatter.format(.real(-999_999_999_999_999), in: column).text, "-999,999,999,999,999.00")
        XCTAssertEqual(CellFormatter.format(.real(3.333_333_333_333_333e20), in: column).text, "3.33333333333333e+20")
        XCTAssertEqual(CellFormatter.format(.real(-1e15), in: column), FormattedValue(text: "-1e+15", element: .number, alignment: .right))
    }

    func testTextIsSanitised() {
        XCTAssertEqual(CellFormatter.format(.text("a\nb\u{1B}[2J"), kind: .text).text, "a↵b^[[2J")
    }

    func testBlobShowsSizeAndHexPreview() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        XCTAssertEqual(CellFormatter.format(.blob(byteCount: 12, prefix: png), kind: .blob),
                       FormattedValue(text: "<12 B> 89504e47…", element: .blob, alignment: .left))
        XCTAssertEqual(CellFormatter.formatBlob(byteCount: 3, prefix: [0, 1, 255]), "<3 B> 0001ff")
        XCTAssertEqual(CellFormatter.formatBlob(byteCount: 0, prefix: []), "<0 B>")
        XCTAssertEqual(CellFormatter.formatBlob(byteCount: 3 << 20, prefix: Array(0..<20)), "<3.0 MiB> 0001020304050607…")
    }

    func testByteCounts() {
        XCTAssertEqual(CellFormatter.formatByteCount(1023), "1023 B")
        XCTAssertEqual(CellFormatter.formatByteCount(1536), "1.5 KiB")
        XCTAssertEqual(CellFormatter.formatByteCount(5 << 30), "5.0 GiB")
    }
}
