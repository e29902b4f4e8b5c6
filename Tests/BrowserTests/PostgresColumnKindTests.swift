import XCTest

@testable import Browser

/// The grid's column kinds of PostgreSQL's types. SQLite's affinity rule, used on both, read
/// `interval` and `point` (which hold "INT") and `integer[]` as integers, so their NULLs sat on the
/// right of the column as numbers do.
final class PostgresColumnKindTests: XCTestCase {
    func testEachTypeHasTheKindOfTheValuesReefReadsFromIt() {
        let kinds: [(String, ColumnKind)] = [
            ("bigint", .integer), ("integer", .integer), ("smallint", .integer), ("double precision", .real),
            ("real", .real), ("boolean", .boolean), ("bytea", .blob), ("numeric(12,2)", .decimal), ("numeric", .decimal),
            ("interval", .text), ("point", .text), ("integer[]", .text), ("int4range", .text), ("text", .text),
            ("character varying(80)", .text), ("timestamp with time zone", .text), ("jsonb", .text), ("uuid", .text),
            ("mood", .text),
        ]
        for (type, kind) in kinds {
            XCTAssertEqual(TableSource.kind(ofDeclaredType: type, on: .postgres), kind, type)
        }
        XCTAssertEqual(CellFormatter.format(.null, kind: TableSource.kind(ofDeclaredType: "interval", on: .postgres)).alignment,
                       .left)
        XCTAssertEqual(TableSource.kind(ofDeclaredType: "interval"), .integer, "SQLite's affinity, on SQLite")
    }

    /// A `numeric` value is read as the server's exact digits, text, but shown as the number it is:
    /// on the right of its column, as a number, and its NULL too (it was left-aligned as text).
    func testANumericValueIsShownAsANumberThoughReadAsText() {
        let kind = TableSource.kind(ofDeclaredType: "numeric(8,2)", on: .postgres)
        let shown = CellFormatter.format(.text("1234.50"), kind: kind)
        XCTAssertEqual(shown.text, "1234.50")
        XCTAssertEqual(shown.alignment, .right)
        XCTAssertEqual(shown.element, .number)
        XCTAssertEqual(CellFormatter.format(.null, kind: kind).alignment, .right)
        XCTAssertEqual(CellFormatter.format(.text("1234.50"), kind: .text).alignment, .left, "a text column's digits stay text")
    }
}
