import XCTest
@testable import Browser

/// `/` in the table list narrows it as the text is typed (ignoring case); the arrows move in the
/// narrowed list, Enter opens the table selected, Esc lists every table again.
final class TableNarrowingTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Each key typed narrows the list; the title gives the text and how many tables are listed.
    func testTypingNarrowsTheList() throws {
        let screens = try fixture.headless("/A<dump>L<dump>", columns: 60, rows: 5)
        assertScreen(screens[0], [
            "▸ /A (5/5)        │ │title │name      │",
            "album_titles ◇   4│1│First │Ada       │",
            "albums           4│2│      │Ada       │",
            "artists          3│3│東京  │漢字テスト│",
            "Tables named like: A",
        ])
        assertScreen(screens[1], [
            "▸ /AL (2/5)       │ │title │name      │",
            "album_titles ◇   4│1│First │Ada       │",
            "albums           4│2│      │Ada       │",
            "                  │3│東京  │漢字テスト│",
            "Tables named like: AL",
        ])
    }

    /// The selected table, when the text leaves it out, gives way to the first one listed.
    func testTheFirstTableListedIsSelected() throws {
        let screen = try fixture.screen("jj/air", columns: 60, rows: 4)
        assertScreen(screen, [
            "▸ /air (1/5)      │ │a  │b  │v  │",
            "pairs            3│1│x  │  1│x1 │",
            "                  │2│x  │  2│x2 │",
            "Tables named like: air",
        ])
    }

    /// Down moves in the narrowed list while typing; Enter opens that table and keeps the list
    /// narrowed; Esc in the list lists every table again, the table still selected.
    func testEnterOpensAndEscListsEveryTableAgain() throws {
        let screens = try fixture.headless("/al<Down><Enter><dump><Tab><Esc>", columns: 60, rows: 5)
        assertScreen(screens[0], [
            "/al (2/5)         │ │id │artist_id │title │cover",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d…",
            "albums           4│2│  2│         1│      │∅",
            "                  │3│  3│         2│東京  │<2 B> 00ff",
            " BROWSE  ? help                             albums  1/4  id",
        ])
        assertScreen(screens[1], [
            "▸ Tables (5)      │ │id │artist_id │title │cover",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d…",
            "albums           4│2│  2│         1│      │∅",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff",
            " TABLES  every table listed again           albums  1/4  id",
        ])
    }

    /// No table matching: the list is empty and Enter says so; Esc at the line lists them all.
    func testNoMatchAndEscAtTheLine() throws {
        let screens = try fixture.headless("/zz<Enter><dump>/q<Esc>", columns: 60, rows: 4)
        XCTAssertEqual(screens[0][0], "▸ /zz (0/5)       │ │title │name │")
        XCTAssertEqual(screens[0][1], "                  │1│First │Ada  │")
        XCTAssertEqual(screens[0].last?.hasPrefix(" TABLES  no table name contains zz"), true, screens[0].last ?? "")
        XCTAssertEqual(screens[1][0], "▸ Tables (5)      │ │title │name │")
    }

    /// A click on the narrowed list selects the table drawn there, not the one at that place in
    /// the whole list.
    func testAClickSelectsTheTableDrawnThere() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let runner = HeadlessRunner(app: app, columns: 60, rows: 6)
        _ = runner.run(try KeyScript.parse("/ai<Enter>"))
        XCTAssertEqual(app.selectedTableName, "pairs")
        _ = runner.run(try KeyScript.parse("<Tab>/<C-u>a<Enter>"))  // `/` again edits the text: every table has an a
        let shown = runner.run([.key(.mouse(MouseEvent(x: 2, y: 2, button: .left)))])
        XCTAssertEqual(app.selectedTableName, "artists", "the list is scrolled by one: " + (shown.last?.joined(separator: "\n") ?? ""))
        _ = runner.run(try KeyScript.parse("/<C-u>t<Enter>"))  // album_titles, artists, my "odd" table
        _ = runner.run([.key(.mouse(MouseEvent(x: 2, y: 3, button: .left)))])
        XCTAssertEqual(app.selectedTableName, "my \"odd\" table")
    }
}
