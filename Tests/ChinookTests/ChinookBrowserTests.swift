import Foundation
import ORMCore
import XCTest

@testable import Browser

/// The browser on a real database nobody here wrote, opened read-only: the first screen, sorting,
/// filtering, searching and following a foreign key, each checked against what ORMCore reads.
final class ChinookBrowserTests: XCTestCase {
    private func openReadOnly() throws -> Database {
        let path = try XCTUnwrap(
            ProcessInfo.processInfo.environment["REEF_CHINOOK"],
            "set REEF_CHINOOK to the path of chinook.sqlite (scripts/test does)")
        return try DatabaseOpener.open(path: path, readOnly: true)
    }

    /// Plays `keys` on the Track table and returns the final screen.
    private func screen(_ keys: String, database: Database, columns: Int = 140, rows: Int = 12) throws -> [String] {
        let app = try App(database: database, theme: .builtinDefault, initialTable: "Track")
        return HeadlessRunner(app: app, columns: columns, rows: rows).run(try KeyScript.parse(keys)).last ?? []
    }

    func testTrackOpensWithItsCountAndFirstRows() throws {
        let database = try openReadOnly()
        let count = try database.table("Track").query().count()
        let lines = try screen("", database: database)
        XCTAssertTrue(lines.last?.contains("Track  1/\(ListWidget.formatCount(count))  TrackId") ?? false, lines.last ?? "")
        let first = try XCTUnwrap(database.table("Track").query().orderBy("TrackId").first())
        guard case .text(let name)? = first["Name"] else {
            return XCTFail("no name")
        }
        XCTAssertTrue(lines.joined().contains(String(name.prefix(20))), lines.joined(separator: "\n"))
    }

    func testSortDescendingByNameThenJumpToTheEnd() throws {
        let database = try openReadOnly()
        // Name is the second column: sort ascending, then descending; G reaches the first name.
        let lines = try screen("lssG", database: database)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("sort Name▼"), text)
        let smallest = try XCTUnwrap(database.table("Track").query().orderBy("Name").orderBy("TrackId").first())
        guard case .integer(let id)? = smallest["TrackId"] else {
            return XCTFail("no id")
        }
        XCTAssertTrue(lines.suffix(3).joined().contains(" \(id)│"), "the smallest name is last: \(text)")
    }

    /// `zs` on GenreId then Milliseconds twice: the rows are in the order SQLite gives for both
    /// keys (the row key breaking ties), and `G` ends on the last of that order.
    func testSortByTwoColumnsFollowsSQLite() throws {
        let database = try openReadOnly()
        let last = try XCTUnwrap(database.table("Track").query().orderBy("GenreId", descending: true).orderBy("Milliseconds")
            .orderBy("TrackId", descending: true).first())
        let app = try App(database: database, theme: .builtinDefault, initialTable: "Track")
        let lines = HeadlessRunner(app: app, columns: 200, rows: 12)
            .run(try KeyScript.parse("gcGenreId<Enter>zsgcMilliseconds<Enter>zszsG")).last ?? []
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("sort GenreId▲ Milliseconds▼"), text)
        XCTAssertTrue(lines[0].contains("GenreId▲1") && lines[0].contains("Milliseconds▼2"), lines[0])
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.shownValues(at: grid.cursorRow)?.first, last["TrackId"].map { GridValue($0) })
    }

    /// A regex search limited to the Composer column finds the first row SQLite's REGEXP finds.
    func testColumnRegexSearchFollowsSQLite() throws {
        let database = try openReadOnly()
        let match = try XCTUnwrap(database.table("Track").query().where("Composer REGEXP '(?i)^jimmy page'").orderBy("TrackId").first())
        guard case .integer(let id)? = match["TrackId"] else {
            return XCTFail("no id")
        }
        let position = try database.table("Track").query().where("TrackId < \(id)").count() + 1
        let lines = try screen("gcComposer<Enter>z\\^jimmy page<Enter>", database: database)
        XCTAssertTrue(lines.last?.contains("\\^jimmy page in Composer  row \(ListWidget.formatCount(position))") ?? false, lines.last ?? "")
    }

    func testFilterCountsWhatSQLiteCounts() throws {
        let database = try openReadOnly()
        let expected = try database.table("Track").query().where("Milliseconds > 1000000").count()
        let lines = try screen("fMilliseconds > 1000000<Enter>", database: database)
        XCTAssertTrue(lines.last?.contains("Track  1/\(ListWidget.formatCount(expected))") ?? false, lines.last ?? "")
    }

    func testSearchFindsTheFirstMatchInOrder() throws {
        let database = try openReadOnly()
        let table = try database.table("Track")
        let match = try XCTUnwrap(table.query().where("instr(lower(Composer), 'zeppelin') > 0").orderBy("TrackId").first())
        guard case .integer(let id)? = match["TrackId"] else {
            return XCTFail("no id")
        }
        let position = try table.query().where("TrackId < \(id)").count()
        let lines = try screen("/zeppelin<Enter>", database: database)
        XCTAssertTrue(lines.last?.contains("/zeppelin  row \(position + 1)") ?? false, lines.last ?? "")
    }

    func testFollowingAlbumIdOpensTheAlbum() throws {
        let database = try openReadOnly()
        let track = try XCTUnwrap(database.table("Track").query().orderBy("TrackId").first())
        let album = try XCTUnwrap(database.table("Album").query().where("AlbumId = \(track["AlbumId"] ?? .null)").first())
        guard case .text(let title)? = album["Title"] else {
            return XCTFail("no title")
        }
        // AlbumId is the third column.
        let lines = try screen("ll]", database: database)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(lines.last?.contains("Album") ?? false, text)
        XCTAssertTrue(text.contains(String(title.prefix(20))), text)
        let back = try screen("ll][", database: database)
        XCTAssertTrue(back.last?.contains("back to Track") ?? false, back.last ?? "")
    }

    /// Revenue by country and year, a pivot of a few keys: the year made at the SQL prompt, `!` on
    /// the country, `+s` on the total, `W` on the year; the totals row is SQLite's yearly sums, and
    /// `Enter` on a cell opens that country's invoices of that year.
    func testRevenueByCountryAndYearIsAPivot() throws {
        let database = try openReadOnly()
        let query = "eSELECT BillingCountry AS country, strftime('%Y', InvoiceDate) AS year, Total FROM Invoice<Enter>!ll+shW"
        let lines = try screen(query + "G", database: database)
        let years = try database.fetchRows("SELECT strftime('%Y', InvoiceDate), sum(Total) FROM Invoice GROUP BY 1 ORDER BY 1").rows
        XCTAssertFalse(years.isEmpty)
        let header = lines[0], totals = try XCTUnwrap(lines.last { $0.contains("│Total ") })
        for row in years {
            guard case .text(let year)? = row.first, case .real(let sum)? = row.last else {
                return XCTFail("\(row)")
            }
            XCTAssertTrue(header.contains("│\(year)"), header)
            XCTAssertTrue(totals.contains(String(format: "%.2f", sum)), "\(year): \(totals)")
        }
        XCTAssertTrue(lines.last?.contains("Total_sum by country and year in query") ?? false, lines.last ?? "")
        let canada = try database.fetchRows("SELECT count(*) FROM Invoice WHERE BillingCountry = 'Canada' AND strftime('%Y', InvoiceDate) = '2022'")
        guard case .integer(let count)? = canada.rows.first?.first else {
            return XCTFail("no count")
        }
        let rows = try screen(query + "jjjjjll<Enter>", database: database)
        XCTAssertTrue(rows.last?.contains("query where country = 'Canada' AND year = '2022'  1/\(count)") ?? false, rows.last ?? "")
    }
}
