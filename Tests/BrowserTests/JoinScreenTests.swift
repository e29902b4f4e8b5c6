import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `J` joins a table's view with another table on chosen columns, through the keys: Chinook's
/// shape (`Track.GenreId` referring to `Genre`), inner, left and full joins, sorting and filtering
/// by a joined column, an edit committed through the join, a read-only view when the other side's
/// columns are not unique, bad names refused with the database's message, and `[` back.
final class JoinScreenTests: XCTestCase {
    /// The fixture folder, new for each test.
    private var fixture: BrowserFixture!

    /// Builds Track and Genre (a track of no genre, a genre of no track) and a table whose `GenreId`
    /// repeats.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
            INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Metal');
            CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, GenreId INTEGER REFERENCES Genre(GenreId), Milliseconds INTEGER);
            INSERT INTO Track VALUES (1, 'Balls', 1, 300000), (2, 'So What', 2, 540000), (3, 'Fast', 1, 200000), (4, 'Untitled', NULL, 100000);
            CREATE TABLE Playlist (GenreId INTEGER, Title TEXT);
            INSERT INTO Playlist VALUES (1, 'Loud'), (1, 'Louder'), (2, 'Calm');
            """)
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// An app on `table` and a runner drawing it at 120x10.
    private func run(_ table: String = "Track") throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        return (app, HeadlessRunner(app: app, columns: 120, rows: 10))
    }

    /// The columns step offers the cursor column's foreign key; `Enter` alone makes a left join:
    /// every track, the genre's columns after the track's, named `Genre.…`, NULL where none matches.
    func testALeftJoinOnTheForeignKeyKeepsEveryRow() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("llJge<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "Genre", "Tab completes the table's name in any case")
        _ = runner.run(try KeyScript.parse("<Enter>"))
        XCTAssertEqual(app.prompt.current?.kind, .joinColumns(JoinRequest(info: try XCTUnwrap(try fixture.open().tableInfo("Genre")))))
        XCTAssertEqual(app.prompt.current?.text, "GenreId")
        let lines = runner.run(try KeyScript.parse("<Enter><Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["TrackId", "Name", "GenreId", "Milliseconds", "Genre.GenreId", "Genre.Name"],
                       lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.count(), 4)
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[5] }, [.text("Rock"), .text("Jazz"), .text("Rock"), .null])
        XCTAssertTrue(lines.last?.contains("Track ⋈ Genre (left join on GenreId = GenreId) · Track's columns edit · [ returns") ?? false,
                      lines.joined(separator: "\n"))
    }

    /// An inner join leaves out the track of no genre; a full join adds the genre of no track too
    /// (its rows are no track's: the view is read-only and says why).
    func testInnerAndFullJoins() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("llJGenre<Enter><Enter>inner<Enter>"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.source.count(), 3)
        _ = runner.run(try KeyScript.parse("[JGenre<Enter><Enter>full<Enter>"))
        XCTAssertEqual(try grid.source.count(), 5)
        XCTAssertEqual(try grid.source.rows(0..<5).compactMap { $0.values[5] == .text("Metal") ? $0.values[0] : nil }, [.null])
        let refused = runner.run(try KeyScript.parse("gghhhhhhi")).last ?? []
        XCTAssertEqual(app.prompt.current?.kind.mode, .refused, "the text typed after i goes nowhere")
        XCTAssertTrue(refused.last?.contains("read-only: a full join shows rows of Genre alone") ?? false, refused.joined(separator: "\n"))
    }

    /// `s` on a joined column sorts by it and `f` filters on it by its shown name; `[` gives back
    /// the table as it was before the join (its sort too).
    func testSortAndFilterOnAJoinedColumnThenBack() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("sllJGenre<Enter><Enter><Enter>$s"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[0] }, [.integer(4), .integer(2), .integer(1), .integer(3)],
                       "NULL first, then Jazz, then Rock by the track key")
        _ = runner.run(try KeyScript.parse(#"f"Genre.Name" = 'Rock'<Enter>"#))
        XCTAssertEqual(try grid.source.count(), 2)
        let frequency = runner.run(try KeyScript.parse("F")).last ?? []
        XCTAssertTrue(frequency.joined().contains("Rock"), frequency.joined(separator: "\n"))
        let back = runner.run(try KeyScript.parse("q[")).last ?? []
        XCTAssertEqual(grid.source.columns.map(\.name), ["TrackId", "Name", "GenreId", "Milliseconds"], back.joined(separator: "\n"))
        XCTAssertNil(grid.source.filter)
        XCTAssertEqual(grid.source.sort?.keys.first?.column, 0)
        XCTAssertTrue(back.last?.contains("back to Track") ?? false, back.joined(separator: "\n"))
    }

    /// A track's own cell edits and commits through the join; the genre's cells are read-only.
    func testAnEditIsCommittedThroughTheJoin() throws {
        let (app, runner) = try run()
        let refused = runner.run(try KeyScript.parse("llJGenre<Enter><Enter><Enter>$i")).last ?? []
        XCTAssertTrue(refused.last?.contains("Genre.Name is Genre's, joined: not editable") ?? false, refused.joined(separator: "\n"))
        let committed = runner.run(try KeyScript.parse("<Esc>0li<C-u>Bells<Enter>w")).last ?? []
        XCTAssertEqual(try Database(path: fixture.path).scalar("SELECT Name FROM Track WHERE TrackId = 1"), .text("Bells"),
                       committed.joined(separator: "\n"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.source.rows(0..<1).first?.values, [.integer(1), .text("Bells"), .integer(1), .integer(300000),
                                                                    .integer(1), .text("Rock")])
    }

    /// When the other side's columns are not unique a track may show more than once: every row is
    /// there, and an edit says why the view is read-only.
    func testANonUniqueOtherSideIsReadOnly() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("llJPlaylist<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "GenreId")
        _ = runner.run(try KeyScript.parse("<Enter>inner<Enter>"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.source.count(), 5)
        XCTAssertEqual(Set(try grid.source.rows(0..<5).map { $0.values[5] }), [.text("Loud"), .text("Louder"), .text("Calm")])
        let refused = runner.run(try KeyScript.parse("0li")).last ?? []
        XCTAssertEqual(app.prompt.current?.kind.mode, .refused, "the text typed after i goes nowhere")
        XCTAssertTrue(refused.last?.contains("read-only: Playlist's GenreId is not unique") ?? false, refused.joined(separator: "\n"))
        XCTAssertEqual(app.catalog.count(of: "Track"), .done(4), "the table list keeps the table's count, not the join's")
    }

    /// A table that does not exist, a column either side lacks and a kind not offered are each
    /// refused at their prompt, the text kept; nothing changes.
    func testBadNamesAreRefusedAtThePrompt() throws {
        let (app, runner) = try run()
        let noTable = runner.run(try KeyScript.parse("JNoSuch<Enter>")).last ?? []
        XCTAssertEqual(app.prompt.current?.kind, .joinTable)
        XCTAssertTrue(noTable.last?.contains("no table, view or CSV/JSON file named NoSuch") ?? false, noTable.joined(separator: "\n"))
        let noColumn = runner.run(try KeyScript.parse("<C-u>Genre<Enter><C-u>GenreId = Nope<Enter>")).last ?? []
        XCTAssertEqual(app.prompt.current?.text, "GenreId = Nope")
        XCTAssertTrue(noColumn.last?.contains("Genre has no column Nope") ?? false, noColumn.joined(separator: "\n"))
        let kind = runner.run(try KeyScript.parse("<C-u>Name<Enter>sideways<Enter>")).last ?? []
        XCTAssertTrue(kind.last?.contains("no join kind sideways") ?? false, kind.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("<Esc>"))
        XCTAssertEqual(app.currentGrid?.source.columns.count, 4)
    }

    /// A CSV file joins as a table does, in a read-only session too: reef's copy of it is attached,
    /// the database's file is not written; its join column has no repeats, so tracks still edit
    /// (refused here only because the session is read-only).
    func testACSVFileJoinsInAReadOnlySession() throws {
        let csv = (fixture.path as NSString).deletingLastPathComponent + "/moods.csv"
        try "GenreId,Mood\n1,loud\n2,calm\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let app = try App(database: try fixture.open(readOnly: true), theme: .builtinDefault, initialTable: "Track")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 10)
        _ = runner.run(try KeyScript.parse("llJ\(csv)<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "GenreId")
        let lines = runner.run(try KeyScript.parse("<Enter><Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header).suffix(2), ["moods.GenreId", "moods.Mood"], lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[5] }, [.text("loud"), .text("calm"), .text("loud"), .null])
        XCTAssertTrue(lines.last?.contains("Track's columns edit") ?? false, lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse(#"f"moods.Mood" = 'loud'<Enter>"#))
        XCTAssertEqual(try grid.source.count(), 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before)
    }

    /// `q` on the main screen drops computed columns with the filter and sort, and says so; on a
    /// joined view it leaves the join first, as `[` does.
    func testQDropsComputedColumnsAndTheJoin() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("=Milliseconds / 1000 AS seconds<Enter>"))
        let lines = runner.run(try KeyScript.parse("q")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.name), ["TrackId", "Name", "GenreId", "Milliseconds"])
        XCTAssertTrue(lines.last?.contains("computed column dropped · q again quits") ?? false, lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("llJGenre<Enter><Enter><Enter>"))
        XCTAssertEqual(grid.source.columns.count, 6)
        let joined = runner.run(try KeyScript.parse("q")).last ?? []
        XCTAssertEqual(grid.source.columns.count, 4)
        XCTAssertTrue(joined.last?.contains("join with Genre left · back to Track") ?? false, joined.joined(separator: "\n"))
    }
}
