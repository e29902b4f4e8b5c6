import XCTest

@testable import Browser

/// The grid's column kinds of PostgreSQL's types. SQLite's affinity rule, used on both, read
/// `interval` and `point` (which hold "INT") and `integer[]` as integers, so their NULLs sat on the
/// right of the column as numbers do.
final class PostgresColumnKindTests: XCTestCase {
    func testEachTypeHasTheKindOfTheValuesReefReadsFromIt() {
        let kinds: [(String, ColumnKind)] = [
            ("bigint", .integer), ("integer", .integer), ("smallint", .integer), ("double precision", .real),
            ("real", .real), ("boolean", .boolean), ("bytea", .blob), ("numeric(12,2)", .other), ("numeric", .other),
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
}
