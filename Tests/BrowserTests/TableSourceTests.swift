import ORMCore
import XCTest
@testable import Browser

/// Tables and views read through ORMCore's dynamic tables and batched result sets.
final class TableSourceTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A composite-key WITHOUT ROWID table: rows by position, keys, count, search, a bad filter.
    func testCompositeKeyTable() throws {
        let database = try fixture.open()
        let source = try TableSource(table: database.table("pairs"))
        XCTAssertEqual(source.columns.map(\.name), ["a", "b", "v"])
        XCTAssertEqual(source.leadingKeyColumns, 2)
        let rows = try source.rows(1..<10)
        XCTAssertEqual(rows.map(\.values), [[.text("x"), .integer(2), .text("x2")], [.text("y"), .integer(1), .text("y1")]])
        XCTAssertEqual(rows.first?.key, RowKey(values: [.text("x"), .integer(2)]))
        XCTAssertEqual(try source.count(), 3)
        XCTAssertEqual(try source.index(ofKey: RowKey(values: [.text("y"), .integer(1)])), 2)
        XCTAssertEqual(try source.find(text: "Y", from: -1, forward: true), 2)
        XCTAssertEqual(try source.find(text: "x", from: 2, forward: false), 1)
        XCTAssertNil(try source.find(text: "x", from: 1, forward: true))
        XCTAssertThrowsError(try source.applying(sort: nil, filter: "nope ="))
        XCTAssertThrowsError(try source.applying(sort: nil, filter: "abs(-9223372036854775808) > 0")) { error in
            XCTAssertTrue(UserMessage.describe(error).contains("integer overflow"), "\(error)")
        }
    }

    /// Sorting and filtering make a new source over the same table; keys follow the rows.
    func testSortAndFilter() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE n (v INTEGER, label TEXT)")
        try database.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO n SELECT x % 97, 'row ' || x FROM c")
        let plain = try TableSource(table: database.table("n"))
        let sorted = try plain.applying(sort: GridSort(column: 0, descending: true), filter: "v > 90")
        XCTAssertEqual(sorted.sort, GridSort(column: 0, descending: true))
        XCTAssertEqual(sorted.filter, "v > 90")
        let count = try sorted.count()
        XCTAssertEqual(count, try database.table("n").query().where("v > 90").count())
        let values = try sorted.rows(0..<count).map(\.values[0])
        let numbers = values.compactMap { value -> Int64? in
            if case .integer(let number) = value { return number }
            return nil
        }
        XCTAssertEqual(numbers.count, count)
        XCTAssertEqual(numbers, numbers.sorted(by: >))
        XCTAssertEqual(values.first, .integer(96))
        // The last row is read by key after the snapshot, not by an offset.
        let last = try XCTUnwrap(sorted.rows((count - 1)..<count).first)
        XCTAssertEqual(last.values[0], .integer(91))
        XCTAssertEqual(try sorted.index(ofKey: try XCTUnwrap(last.key)), count - 1)
        // A subquery in a filter keeps its own columns: bare names are not tied to the table.
        let matching = try plain.applying(sort: nil, filter: "v IN (SELECT v FROM n WHERE label = 'row 5')")
        XCTAssertEqual(try matching.count(), 11)
    }

    /// `G` reads the count and the last rows on their own: the same count and last rows as the
    /// key snapshot gives, in a sorted, filtered source, and nothing is read past the end.
    func testLoadLastRowsGivesTheCountAndTheLastRows() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE m (v INTEGER, label TEXT)")
        try database.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) INSERT INTO m SELECT x % 13, 'row ' || x FROM c")
        let source = try TableSource(table: database.table("m"), sort: GridSort(column: 0, descending: true), filter: "v > 2")
        let count = try source.loadLastRows()
        let expected = try database.table("m").query().where("v > 2").orderBy("v", descending: true).fetch()
        XCTAssertEqual(count, expected.count)
        XCTAssertEqual(source.knownCount, count)
        let last = try source.rows((count - 300)..<(count + 5))
        XCTAssertEqual(last.count, 300, "the rows stop at the end")
        XCTAssertEqual(last.map(\.key), expected[(count - 300)..<count].map { RowKey(values: $0.key) })
        XCTAssertEqual(try source.count(), count)
    }

    /// A view has no key: rows by position, search by numbering, no key lookups.
    func testViewWithoutKey() throws {
        let database = try fixture.open()
        let source = try TableSource(table: database.table("album_titles"))
        let count = try source.count()
        XCTAssertGreaterThan(count, 0)
        XCTAssertEqual(try source.rows(0..<count).count, count)
        XCTAssertNil(try source.rows(0..<1).first?.key)
        let name = try XCTUnwrap(source.rows((count - 1)..<count).first?.values.last)
        guard case .text(let text) = name else {
            return XCTFail("expected text, got \(name)")
        }
        XCTAssertEqual(try source.find(text: text, from: -1, forward: true).map { $0 <= count - 1 }, true)
    }

    /// A column named rowid does not hide the real rowid: rows are still keyed by it.
    func testShadowedRowID() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE shadow (rowid TEXT, v INTEGER)")
        try database.execute("INSERT INTO shadow VALUES ('same', 1), ('same', 2)")
        let source = try TableSource(table: database.table("shadow"))
        let rows = try source.rows(0..<2)
        XCTAssertEqual(rows.map(\.values), [[.text("same"), .integer(1)], [.text("same"), .integer(2)]])
        XCTAssertEqual(rows.map(\.key), [RowKey(values: [.integer(1)]), RowKey(values: [.integer(2)])])
        XCTAssertEqual(try source.index(ofKey: RowKey(values: [.integer(2)])), 1)
    }

    /// Search ignores case beyond ASCII (SQLite's lower() does not), in tables and in query results.
    func testSearchFoldsUnicodeCase() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE people (name TEXT)")
        try database.execute("INSERT INTO people VALUES ('Ada'), ('Zoë Ørsted'), ('ÅSA')")
        let table = try TableSource(table: database.table("people"))
        XCTAssertEqual(try table.find(text: "ørsted", from: -1, forward: true), 1)
        XCTAssertEqual(try table.find(text: "åsa", from: -1, forward: true), 2)
        let results = try PagedSource.query("SELECT name FROM people", in: database)
        XCTAssertEqual(try results.find(text: "ZOË", from: -1, forward: true), 1)
    }
}
