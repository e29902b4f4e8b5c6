import ORMCore
import XCTest
@testable import Browser

/// `Tab` at the SQL and filter prompts, played headless on the fixture: the text completed, the
/// list of choices drawn above the prompt, moved in, accepted and closed.
final class CompletionScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// The screen after `keys` on the albums table, 60x10.
    private func screen(_ keys: String) throws -> [String] {
        try fixture.screen(keys, columns: 60, rows: 10, table: "albums")
    }

    /// The rows above the prompt while nothing is listed.
    private let plainTop = [
        "Tables (5)        │ │id │artist_id │title │cover",
        "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d…",
        "albums           4│2│  2│         1│      │∅",
        "artists          3│3│  3│         2│東京  │<2 B> 00ff",
        "my \"odd\" table   2│4│  4│         3│∅     │∅",
        "pairs            3│",
        "                  │",
        "                  │",
        "                  │",
    ]

    func testOneCandidateIsInsertedQuotedWhenItMustBe() throws {
        assertScreen(try screen("eselect * from my<Tab>"), plainTop + [#"SQL> select * from "my ""odd"" table""#])
        assertScreen(try screen("eselect * from alb<Tab>s"), plainTop + ["SQL> select * from albums"]) // album_titles and albums share album, then s
        assertScreen(try screen("esel<Tab>*"), plainTop + ["SQL> select *"])  // a keyword gets a space
    }

    func testAmbiguousCandidatesAreListedAtOnceAboveThePrompt() throws {
        assertScreen(try screen("eselect * from a<Tab>"), Array(plainTop.prefix(6)) + [
            "                   album_titles   view",
            "                   albums        table",
            "                   artists       table",
            "SQL> select * from a",
        ])
    }

    func testTheCommonStartFirstThenTheListAtTheSecondTab() throws {
        assertScreen(try screen("eselect * from album<Tab>"), Array(plainTop.prefix(7)) + [
            "                   album_titles   view",
            "                   albums        table",
            "SQL> select * from album",
        ])
        assertScreen(try screen("eselect * from albu<Tab>"), plainTop + ["SQL> select * from album"])
        assertScreen(try screen("eselect * from albu<Tab><Tab>"), Array(plainTop.prefix(7)) + [
            "                   album_titles   view",
            "                   albums        table",
            "SQL> select * from album",
        ])
    }

    func testTabAndArrowsMoveEnterAcceptsEscClosesOnlyTheList() throws {
        assertScreen(try screen("eselect * from a<Tab><Tab><Tab><Up><Enter>"), plainTop + ["SQL> select * from albums"])
        assertScreen(try screen("eselect * from a<Tab><Down><Down><Down><Enter>"), plainTop + ["SQL> select * from album_titles"]) // round from the last to the first
        assertScreen(try screen("eselect * from a<Tab><S-Tab><Enter>"), plainTop + ["SQL> select * from artists"])
        assertScreen(try screen("eselect * from a<Tab><Esc>"), plainTop + ["SQL> select * from a"])
        assertScreen(try screen("eselect * from a<Tab><Esc>r<Tab>"), plainTop + ["SQL> select * from artists"]) // the prompt stays open after Esc
    }

    func testAWordTheCursorIsInIsReplacedWhole() throws {
        assertScreen(try screen("eselect notex from albums<C-a>" + String(repeating: "<Right>", count: 11) + "<Tab>"),
                     plainTop + ["SQL> select notes from albums"])
    }

    /// A long list scrolls with the choice, keeps its width, and its arrows say more is there.
    func testALongListScrolls() throws {
        assertScreen(try screen("eselect * from albums where <Tab><Up>"), [
            "Tables (5)        │ │id │artist_id │title │cover",
            "album_titles ◇    VALUES                           keyword ↑",
            "albums            VIEW                             keyword",
            "artists           VIRTUAL                          keyword",
            "my \"odd\" table    WHEN                             keyword",
            "pairs             WHERE                            keyword",
            "                  WINDOW                           keyword",
            "                  WITH                             keyword",
            "                  WITHOUT                          keyword",
            "SQL> select * from albums where",
        ])
        assertScreen(try screen("eselect * from albums where <Tab><PgDn>"), [
            "Tables (5)        │ │id │artist_id │title │cover",
            "album_titles ◇    cover                      column albums ↑",
            "albums            id                         column albums",
            "artists           notes                      column albums",
            "my \"odd\" table    price                      column albums",
            "pairs             title                      column albums",
            "                  album_titles                        view",
            "                  albums                             table",
            "                  artists                            table ↓",
            "SQL> select * from albums where",
        ])
    }

    func testTypingNarrowsTheList() throws {
        assertScreen(try screen("eselect * from a<Tab>l"), Array(plainTop.prefix(7)) + [
            "                   album_titles   view",
            "                   albums        table",
            "SQL> select * from al",
        ])
        assertScreen(try screen("eselect * from a<Tab>r<Enter>"), plainTop + ["SQL> select * from artists"])
    }

    func testColumnsOfTheStatementsTablesFunctionsAndKeywordsInTheirCase() throws {
        assertScreen(try screen("eselect n<Tab> from albums<Home><Right><Right><Right><Right><Right><Right><Right><Right><Tab>"),
                     [
                        "Tables (5)        │ │id │artist_id │title │cover",
                        "album_title notes      column albums  rst │<9 B> 89504e470d…",
                        "albums      nth_value       function      │∅",
                        "artists     ntile           function  京  │<2 B> 00ff",
                        "my \"odd\" ta nullif          function      │∅",
                        "pairs       natural          keyword",
                        "            no               keyword",
                        "            not              keyword",
                        "            nothing          keyword ↓",
                        "SQL> select n from albums",
                     ])
    }

    func testTheFilterCompletesTheFilteredTablesColumns() throws {
        assertScreen(try screen("fart<Tab> = 1"), plainTop + ["WHERE artist_id = 1"])
        assertScreen(try screen("fpr<Tab>"), Array(plainTop.prefix(4)) + [
            "my \"o price      column albums    3│∅     │∅",
            "pairs printf          function",
            "      pragma           keyword",
            "      preceding        keyword",
            "      primary          keyword",
            "WHERE pr",
        ])
    }

    func testNothingIsCompletedInAStringOrComment() throws {
        assertScreen(try screen("eselect 'a<Tab>"), plainTop + ["(no completion inside a string) SQL> select 'a"])
        assertScreen(try screen("eselect 1 -- a<Tab>"), plainTop + ["(no completion inside a comment) SQL> select 1 -- a"])
        assertScreen(try screen("eselect zzz<Tab>"), plainTop + ["(no completions) SQL> select zzz"])
    }

    func testOtherPromptsTakeNoCompletion() throws {
        assertScreen(try screen("/al<Tab>"), plainTop + ["(<Tab> is not a key here) /al"])
    }

    /// The chosen row is drawn in `completionSelected`, the others in `completion`.
    func testTheChosenRowHasItsOwnStyle() throws {
        let theme = Theme.builtinDefault
        let app = try App(database: try fixture.open(), theme: theme, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 60, rows: 10)
        runner.run(try KeyScript.parse("eselect * from a<Tab><Tab>"))
        XCTAssertEqual(runner.backend.screen.cell(x: 20, y: 6)?.style, theme[.completion])
        XCTAssertEqual(runner.backend.screen.cell(x: 20, y: 7)?.style, theme[.completionSelected])
        XCTAssertEqual(runner.backend.screen.cell(x: 20, y: 8)?.style, theme[.completion])
    }

    /// Typing runs no SQL; the first `Tab` reads what it needs (a table's columns, the function
    /// list) once, and later keys read nothing again.
    func testCompletionReadsTheSchemaOnceNotPerKey() throws {
        let statements = LockedValue<[String]>([])
        var configuration = try fixture.open().configuration
        configuration.tracer = { sql in statements.mutate { $0.append(sql) } }
        let database = try Database(path: fixture.path, configuration: configuration)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "pairs")
        let runner = HeadlessRunner(app: app, columns: 60, rows: 10)
        let ownSQL = { statements.value.filter { $0 != "PRAGMA data_version" } }
        runner.run(try KeyScript.parse("eselect  from artists"))
        statements.mutate { $0.removeAll() }
        runner.run(try KeyScript.parse("<C-a><Right><Right><Right><Right><Right><Right><Right>"))
        XCTAssertEqual(ownSQL(), [], "typing and moving read nothing")
        runner.run(try KeyScript.parse("<Tab>"))
        XCTAssertFalse(ownSQL().isEmpty, "the first Tab reads the columns of artists and the functions")
        statements.mutate { $0.removeAll() }
        runner.run(try KeyScript.parse("<Tab><Tab>n<BS><Esc><Tab><Enter>"))
        XCTAssertEqual(ownSQL(), [], "read once")
        // Drawing the list reads nothing and draws the same twice.
        runner.run(try KeyScript.parse("<Tab>"))
        statements.mutate { $0.removeAll() }
        let terminal = Terminal(backend: MemoryBackend(columns: 60, rows: 10))
        terminal.draw { app.render(&$0) }
        let first = terminal.previous
        terminal.draw { app.render(&$0) }
        XCTAssertEqual(first, terminal.previous)
        XCTAssertEqual(ownSQL(), [])
    }
}
