import ORMCore
import XCTest
@testable import Browser

/// What the `=` prompt's text means (``ComputedColumnText``): an expression named by its text, or
/// `expression AS name`, checked as one SQL expression; and the sort a change of computed columns
/// keeps (``ComputedColumnCheck/sort(_:keepingColumnsOf:computing:)``).
final class ComputedColumnTextTests: XCTestCase {
    func testAnExpressionIsNamedByItsText() throws {
        XCTAssertEqual(try ComputedColumnText.read("  price *\n  2 ", in: .sqlite),
                       ComputedColumn(name: "price * 2", expression: "price *\n  2"))
    }

    func testASAtTheEndNamesTheColumnBareOrQuoted() throws {
        XCTAssertEqual(try ComputedColumnText.read("Milliseconds / 60000.0 AS minutes", in: .sqlite),
                       ComputedColumn(name: "minutes", expression: "Milliseconds / 60000.0"))
        XCTAssertEqual(try ComputedColumnText.read(#"a || b as "full ""name""""#, in: .postgres),
                       ComputedColumn(name: #"full "name""#, expression: "a || b"))
    }

    /// An `AS` inside parentheses (a `CAST`) or inside a string names nothing.
    func testAnASInsideTheExpressionNamesNothing() throws {
        XCTAssertEqual(try ComputedColumnText.read("CAST(price AS INTEGER)", in: .sqlite).name, "CAST(price AS INTEGER)")
        XCTAssertEqual(try ComputedColumnText.read("'x AS y'", in: .sqlite).name, "'x AS y'")
    }

    /// Two statements, a parameter or nothing at all are refused before the database is asked.
    func testWhatIsNotOneExpressionIsRefused() {
        XCTAssertThrowsError(try ComputedColumnText.read("1; DROP TABLE albums", in: .sqlite))
        XCTAssertThrowsError(try ComputedColumnText.read("price + ?", in: .sqlite))
        XCTAssertThrowsError(try ComputedColumnText.read("  ", in: .sqlite))
    }

    /// Dropping a computed column drops its sort key and moves the keys of the computed columns
    /// after it; the table's own columns keep theirs.
    func testTheSortFollowsTheComputedColumns() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let table = try fixture.open().table("artists")
        let a = ComputedColumn(name: "a", expression: "1")
        let b = ComputedColumn(name: "b", expression: "2")
        let source = try TableSource(table: table, computing: [a, b])
        XCTAssertEqual(source.columns.map(\.header), ["id", "name", "country", "=a", "=b"])
        let sort = GridSort(keys: [.init(column: 4, descending: true), .init(column: 3, descending: false), .init(column: 1, descending: false)])
        XCTAssertEqual(ComputedColumnCheck.sort(sort, keepingColumnsOf: source, computing: [b])?.keys,
                       [.init(column: 3, descending: true), .init(column: 1, descending: false)])
        XCTAssertNil(ComputedColumnCheck.sort(GridSort(column: 3, descending: false), keepingColumnsOf: source, computing: [b]))
    }
}
