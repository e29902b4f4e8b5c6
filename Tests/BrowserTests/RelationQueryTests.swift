import ORMCore
import XCTest
@testable import Browser

/// The SQL generated for query results, asserted verbatim: identifiers quoted, values bound.
final class RelationQueryTests: XCTestCase {
    /// Query results with awkward column names, filtered and sorted.
    private var query: RelationQuery {
        get throws {
            try RelationQuery(relation: #"(SELECT * FROM "my ""odd"" table")"#, columnNames: ["a col", "select"],
                              sort: GridSort(column: 1, descending: true)).filtered(by: "\"select\" > 1")
        }
    }

    /// A window of rows: filter in parentheses (the closing one on a line of its own), sort,
    /// LIMIT/OFFSET bound.
    func testWindow() throws {
        let sql = try query.window(offset: 200, limit: 100)
        XCTAssertEqual(sql.text, #"SELECT * FROM (SELECT * FROM "my ""odd"" table") WHERE ("select" > 1"# + "\n"
                       + #") ORDER BY "select" DESC LIMIT ? OFFSET ?"#)
        XCTAssertEqual(sql.arguments, [.integer(100), .integer(200)])
    }

    /// The count.
    func testCount() throws {
        XCTAssertEqual(try query.count().text, #"SELECT count(*) FROM (SELECT * FROM "my ""odd"" table") WHERE ("select" > 1"# + "\n)")
    }

    /// Search binds the rows' range and the text and numbers rows in the window's order.
    func testFind() throws {
        // A text in place (LIKE), a blob by its folded text (``TextFold``), a number not at all:
        // no number holds a letter.
        func test(_ column: String) -> String {
            #"CASE typeof("\#(column)") WHEN 'text' THEN "\#(column)" LIKE ? ESCAPE '\' "#
                + #"WHEN 'blob' THEN instr(lower(CAST("\#(column)" AS TEXT)), ?) > 0 ELSE 0 END"#
        }
        let sql = try query.find(text: "Ab'c", in: 6..<100, forward: false)
        XCTAssertEqual(sql.text, #"SELECT "reef position" FROM (SELECT row_number() OVER (ORDER BY "select" DESC) - 1 AS "reef position", "a col", "select" FROM (SELECT * FROM "my ""odd"" table") WHERE ("select" > 1"# + "\n" + #")) AS "reef numbered" WHERE "reef position" >= ? AND "reef position" < ? AND ("# + test("a col") + " OR " + test("select") + #") ORDER BY 1 DESC LIMIT 1"#)
        XCTAssertEqual(sql.arguments, [
            .integer(6), .integer(100), .text("%ab'c%"), .text("ab'c"), .text("%ab'c%"), .text("ab'c"),
        ])
    }

    /// Without a sort the query keeps its own order.
    func testUnsortedWindowHasNoOrder() throws {
        var unsorted = try query.filtered(by: nil)
        unsorted.sort = nil
        XCTAssertEqual(unsorted.window(offset: 0, limit: 10).text, #"SELECT * FROM (SELECT * FROM "my ""odd"" table") LIMIT ? OFFSET ?"#)
    }

    /// A typed query pages, counts, searches and refuses a bad filter.
    func testQueryResultsOnTheFixture() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let source = try PagedSource.query("SELECT a, b, v FROM pairs ORDER BY v", in: database)
        XCTAssertEqual(source.columns.map(\.name), ["a", "b", "v"])
        XCTAssertEqual(try source.rows(1..<10).map(\.values), [[.text("x"), .integer(2), .text("x2")], [.text("y"), .integer(1), .text("y1")]])
        XCTAssertEqual(source.knownCount, 3)
        XCTAssertNil(try source.index(ofKey: RowKey(values: [.text("y"), .integer(1)])))
        XCTAssertEqual(try source.find(text: "Y", from: -1, forward: true), 2)
        XCTAssertThrowsError(try source.applying(sort: nil, filter: "nope ="))
    }

    func testAPinnedColumnLeadsEveryOrderAndIsNotShown() {
        var pinned = RelationQuery(relation: "\(identifier: "t")", columnNames: ["k", "n"])
        pinned.pinnedColumn = "reef total row"
        // A page reads the pinned column last, to tell the totals row without a statement of its own.
        XCTAssertEqual(pinned.window(offset: 0, limit: 5).text,
                       #"SELECT "k", "n", "reef total row" FROM "t" ORDER BY "reef total row", "k" LIMIT ? OFFSET ?"#)
        pinned.sort = GridSort(column: 1, descending: true)
        XCTAssertEqual(pinned.firstWindowCounting(limit: 5).text,
                       #"SELECT "k", "n", "reef total row", count(*) OVER () AS "reef count" FROM "t" ORDER BY "reef total row", "n" DESC LIMIT ? OFFSET 0"#)
        XCTAssertEqual(pinned.all().text, #"SELECT "k", "n" FROM "t" ORDER BY "reef total row", "n" DESC"#, "an export leaves it out")
    }
}
