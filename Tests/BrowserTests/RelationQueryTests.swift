import ORMCore
import XCTest
@testable import Browser

/// The SQL the data layer generates, asserted verbatim: identifiers quoted, values bound.
final class RelationQueryTests: XCTestCase {
    /// A query over a table with an awkward name, keyed by rowid, filtered and sorted.
    private let query = RelationQuery(
        relation: "\(identifier: #"my "odd" table"#)", columnNames: ["a col", "select"], referenceNames: ["a col", "select"],
        keyExpressions: ["rowid"], filter: "\"select\" > 1", sort: GridSort(column: 1, descending: true))

    /// A window of rows: keys first, filter in parentheses, sort then key, LIMIT/OFFSET bound.
    func testWindow() {
        let sql = query.window(offset: 200, limit: 100)
        XCTAssertEqual(sql.text, #"SELECT rowid, "a col", "select" FROM "my ""odd"" table" WHERE ("select" > 1) ORDER BY "select" DESC, rowid LIMIT ? OFFSET ?"#)
        XCTAssertEqual(sql.arguments, [.integer(100), .integer(200)])
    }

    /// The count.
    func testCount() {
        XCTAssertEqual(query.count().text, #"SELECT count(*) FROM "my ""odd"" table" WHERE ("select" > 1)"#)
    }

    /// Search binds the text and numbers rows in the window's order.
    func testFind() {
        let sql = query.find(text: "Ab'c", from: 5, forward: true)
        XCTAssertEqual(sql.text, #"SELECT "reef position" FROM (SELECT row_number() OVER (ORDER BY "select" DESC, rowid) - 1 AS "reef position", "a col", "select" FROM "my ""odd"" table" WHERE ("select" > 1)) WHERE "reef position" > ? AND (instr(lower(CAST("a col" AS TEXT)), ?) > 0 OR instr(lower(CAST("select" AS TEXT)), ?) > 0) ORDER BY 1 LIMIT 1"#)
        XCTAssertEqual(sql.arguments, [.integer(5), .text("ab'c"), .text("ab'c")])
    }

    /// Finding a row by key binds the key values.
    func testPositionOfKey() {
        let sql = query.position(ofKey: RowKey(values: [.integer(42)]))
        XCTAssertEqual(sql.text, #"SELECT "reef position" FROM (SELECT row_number() OVER (ORDER BY "select" DESC, rowid) - 1 AS "reef position", rowid AS "reef key 0" FROM "my ""odd"" table" WHERE ("select" > 1)) WHERE "reef key 0" IS ? LIMIT 1"#)
        XCTAssertEqual(sql.arguments, [.integer(42)])
    }

    /// A table source pages through the rows and learns the count from a short page.
    func testPagedSourceOnTheFixture() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let source = try XCTUnwrap(try PagedSource.table("pairs", in: database))
        XCTAssertEqual(source.columns.map(\.name), ["a", "b", "v"])
        XCTAssertEqual(source.leadingKeyColumns, 2)
        let rows = try source.rows(1..<10)
        XCTAssertEqual(rows.map(\.values), [[.text("x"), .integer(2), .text("x2")], [.text("y"), .integer(1), .text("y1")]])
        XCTAssertEqual(rows.first?.key, RowKey(values: [.text("x"), .integer(2)]))
        XCTAssertEqual(source.knownCount, 3)
        XCTAssertEqual(try source.index(ofKey: RowKey(values: [.text("y"), .integer(1)])), 2)
        XCTAssertEqual(try source.find(text: "Y", from: -1, forward: true), 2)
        XCTAssertThrowsError(try source.applying(sort: nil, filter: "nope ="))
    }
}
