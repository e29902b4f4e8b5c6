import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `J` on a joined view joins again, on the view the joins made: Track joined with Album, then
/// with Artist on `Album.ArtistId`; `[` and `q` leave one join at a time; another connection's
/// commit to a joined table refreshes the view.
final class JoinChainScreenTests: XCTestCase {
    /// The fixture folder, new for each test.
    private var fixture: BrowserFixture!

    /// Builds Chinook's Artist ← Album ← Track chain, a track of no album among them.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
            INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Miles Davis');
            CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER REFERENCES Artist(ArtistId));
            INSERT INTO Album VALUES (10, 'Back in Black', 1), (20, 'Kind of Blue', 2);
            CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album(AlbumId));
            INSERT INTO Track VALUES (1, 'Shoot to Thrill', 10), (2, 'So What', 20), (3, 'Hells Bells', 10), (4, 'Demo', NULL);
            """)
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// An app on Track and a runner drawing it at 160x10, joined with Album on its foreign key.
    private func runJoinedWithAlbum() throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "Track")
        let runner = HeadlessRunner(app: app, columns: 160, rows: 10)
        _ = runner.run(try KeyScript.parse("llJAlbum<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "AlbumId")
        _ = runner.run(try KeyScript.parse("<Enter><Enter>"))
        return (app, runner)
    }

    /// The second join's columns step offers the joined Album's foreign key to Artist; the view
    /// then has both tables' columns, each track's artist beside it, and stays editable (each
    /// join matches one row at most).
    func testASecondJoinFollowsTheFirstJoinedTablesForeignKey() throws {
        let (app, runner) = try runJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("JArtist<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "Album.ArtistId = ArtistId")
        let lines = runner.run(try KeyScript.parse("<Enter><Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header),
                       ["TrackId", "Name", "AlbumId", "Album.AlbumId", "Album.Title", "Album.ArtistId", "Artist.ArtistId", "Artist.Name"],
                       lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[7] }, [.text("AC/DC"), .text("Miles Davis"), .text("AC/DC"), .null])
        XCTAssertTrue(lines.last?.contains("Track ⋈ Album (left join on AlbumId = AlbumId) ⋈ Artist (left join on Album.ArtistId = ArtistId)")
                      ?? false, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.contains("Track's columns edit") ?? false, lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse(#"f"Artist.Name" = 'AC/DC'<Enter>"#))
        XCTAssertEqual(try grid.source.count(), 2)
    }

    /// `[` leaves the last join only, with the filter set since it dropped; `q` on the main screen
    /// leaves the next, and only then clears the rest.
    func testBackLeavesOneJoinAtATime() throws {
        let (app, runner) = try runJoinedWithAlbum()
        let grid = try XCTUnwrap(app.currentGrid)
        _ = runner.run(try KeyScript.parse(#"f"Album.Title" <> 'x'<Enter>JArtist<Enter><Enter><Enter>"#))
        _ = runner.run(try KeyScript.parse(#"f"Artist.Name" = 'AC/DC'<Enter>"#))
        XCTAssertEqual(grid.source.columns.count, 8)
        let back = runner.run(try KeyScript.parse("[")).last ?? []
        XCTAssertEqual(grid.source.columns.count, 6, back.joined(separator: "\n"))
        XCTAssertEqual(grid.source.filter, #""Album.Title" <> 'x'"#, "the filter from before the second join")
        XCTAssertTrue(back.last?.contains("join with Artist left · the view is Track ⋈ Album") ?? false, back.joined(separator: "\n"))
        let quit = runner.run(try KeyScript.parse("q")).last ?? []
        XCTAssertEqual(grid.source.columns.map(\.name), ["TrackId", "Name", "AlbumId"], quit.joined(separator: "\n"))
        XCTAssertTrue(quit.last?.contains("join with Album left · back to Track") ?? false, quit.joined(separator: "\n"))
        XCTAssertNil(grid.source.filter, "the view from before the first join: no filter")
        XCTAssertTrue(grid.joinOrigins.isEmpty)
    }

    /// Another connection's commit to a joined table (not the main one) refreshes the view, as a
    /// commit to the main table does.
    func testACommitToAJoinedTableRefreshesTheView() throws {
        let (app, runner) = try runJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("JArtist<Enter><Enter><Enter>"))
        try Database(path: fixture.path).execute("UPDATE Artist SET Name = 'Renamed elsewhere' WHERE ArtistId = 2")
        let wait = try KeyScript.parse("<wait:20>")
        var screen = ""
        try waitUntil("the joined view is refreshed", between: {}) {
            screen = (runner.run(wait).last ?? []).joined(separator: "\n")
            return screen.contains("Renamed elsewhere")
        }
        // The join's message stays until the next key, as every message does: the refresh says nothing over it.
        XCTAssertEqual(try app.currentGrid?.source.rows(1..<2).first?.values[7], .text("Renamed elsewhere"), screen)
        XCTAssertEqual(try app.currentGrid?.source.count(), 4, screen)
    }

    /// `main.Artist` names the main schema's table at the table step.
    func testASchemaQualifiedNameJoins() throws {
        let (app, runner) = try runJoinedWithAlbum()
        _ = runner.run(try KeyScript.parse("Jmain.Artist<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "Album.ArtistId = ArtistId")
        _ = runner.run(try KeyScript.parse("<Enter>inner<Enter>"))
        XCTAssertEqual(try app.currentGrid?.source.count(), 3)
    }
}
