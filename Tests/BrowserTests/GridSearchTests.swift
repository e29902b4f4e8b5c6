import ORMCore
import XCTest
@testable import Browser

/// `\` (and `g/`) search by a regular expression, `z/` and `z\` only in the cursor column; `/`
/// stays the search for text in any column, and `n` and `N` repeat whichever was last.
final class GridSearchTests: XCTestCase {
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

    /// A pattern, ignoring case, finds the row and the cell; `n` and `N` go on with it.
    func testRegexSearchFindsTheRowAndCell() throws {
        let screens = try fixture.headless("\\^EMO<Enter><dump>ggg/^(line|a) <Enter><dump>N", columns: 80, rows: 3, table: "albums")
        XCTAssertEqual(screens[0].last, " BROWSE  \\^EMO  row 4                                        albums  4/4  notes")
        XCTAssertEqual(screens[1].last, " BROWSE  \\^(line|a)   row 3                                  albums  3/4  notes")
        XCTAssertEqual(screens[2].last, " BROWSE  \\^(line|a)   row 1                                  albums  1/4  notes")
    }

    /// `z/` looks in the cursor column only: `1` is in every id, but no title holds it; the prompt
    /// names the column.
    func testColumnSearchLooksInTheCursorColumnOnly() throws {
        let screens = try fixture.headless("llz/1<dump><Enter><dump>z/東<Enter>", columns: 80, rows: 3, table: "albums")
        XCTAssertEqual(screens[0].last, "title/1")
        XCTAssertEqual(screens[1].last, " BROWSE  not found: /1 in title                              albums  1/4  title")
        XCTAssertEqual(screens[2].last, " BROWSE  /東 in title  row 3                                 albums  3/4  title")
    }

    /// `z\` is a pattern in the cursor column; a pattern that does not compile says why, in the
    /// The prompts name the column searched and the kind of search.
    func testThePromptsSayWhatIsSearched() throws {
        XCTAssertEqual(try fixture.screen("llz\\^a", columns: 60, rows: 3, table: "albums").last, "title\\^a")
        XCTAssertEqual(try fixture.screen("\\^a", columns: 60, rows: 3, table: "albums").last, "\\^a")
        XCTAssertEqual(try fixture.screen("g/^a", columns: 60, rows: 3, table: "albums").last, "\\^a")
    }

    /// user's own words, and the last search stays for `n`.
    func testColumnRegexAndABadPattern() throws {
        let screens = try fixture.headless("llllz\\^e.*y$<Enter><dump>z\\(<Enter><dump>gg<dump>n", columns: 80, rows: 3, table: "albums")
        XCTAssertEqual(screens[0].last, " BROWSE  \\^e.*y$ in notes  row 4                             albums  4/4  notes")
        XCTAssertEqual(screens[1].last?.hasPrefix(" BROWSE  regular expression (: "), true, screens[1].last ?? "")
        XCTAssertEqual(screens[3].last, " BROWSE  \\^e.*y$ in notes  row 4                             albums  4/4  notes")
    }

    /// Query results (a statement typed at the prompt) are searched by a pattern in SQL too.
    func testQueryResultsAreSearchedByPattern() throws {
        let screen = try fixture.screen("eSELECT id, title FROM albums<Enter>lz\\^東<Enter>", columns: 80, rows: 3)
        XCTAssertEqual(withoutTiming(screen.last ?? ""), withoutTiming(" RESULTS  \\^東 in title  row 3  query  3/4  title"))
    }

    /// The SQL binds the pattern (made to ignore case) and tests only the searched column.
    func testTheSQLBindsThePatternAndNamesTheColumn() {
        let search = GridSearch(pattern: "^a'b", kind: .regex, column: "select")
        let query = RelationQuery(relation: "(SELECT * FROM t)", columnNames: ["a col", "select"])
        let sql = query.find(search, in: 0..<10, forward: true)
        XCTAssertTrue(sql.text.hasSuffix(#"AND ("select" REGEXP ?) ORDER BY 1 LIMIT 1"#), sql.text)
        XCTAssertEqual(sql.arguments.last, .text("(?i)^a'b"))
        XCTAssertEqual(search.tests(columns: ["a col", "select"]).map(\.text), ["0", #""select" REGEXP ?"#])
        // Text of ASCII characters: SQLite's lower (no call into Swift a value); any other text:
        // the folding function. Numbers are not made text for what no number holds.
        let text = GridSearch(pattern: "Ab%_", kind: .text, column: nil)
        XCTAssertEqual(text.condition(columns: ["x"]).text, #"CASE typeof("x") WHEN 'text' THEN "x" LIKE ? ESCAPE '\' "#
            + #"WHEN 'blob' THEN instr(lower(CAST("x" AS TEXT)), ?) > 0 ELSE 0 END"#)
        XCTAssertEqual(text.condition(columns: ["x"]).arguments, [.text(#"%ab\%\_%"#), .text("ab%_")])
        let unicode = GridSearch(pattern: "Ørs", kind: .text, column: nil)
        XCTAssertEqual(unicode.condition(columns: ["x"]).text,
                       #"CASE WHEN typeof("x") IN ('text', 'blob') THEN instr(reef_fold(CAST("x" AS TEXT)), ?) > 0 ELSE 0 END"#)
        XCTAssertEqual(unicode.condition(columns: ["x"]).arguments, [.text("ørs")])
    }

    /// On PostgreSQL a column of numbers holds only numbers: a text no number holds as the server
    /// writes it leaves them out (no cast of each value); digits, `e`, `NaN`, `Infinity` keep them.
    func testPostgreSQLLeavesOutNumberColumnsForATextNoNumberHolds() {
        let dialect = SQLDialect.postgres
        let word = GridSearch(pattern: "Zzq", kind: .text, column: nil)
        XCTAssertEqual(word.condition(columns: ["id", "name"], in: dialect, numbers: ["id"]).text,
                       #"strpos(lower(CAST("name" AS text)), lower(?)) > 0"#)
        XCTAssertEqual(word.condition(columns: ["id"], in: dialect, numbers: ["id"]).text, "FALSE")
        XCTAssertEqual(word.tests(columns: ["id", "name"], in: dialect, numbers: ["id"]).map(\.text),
                       ["FALSE", #"strpos(lower(CAST("name" AS text)), lower(?)) > 0"#])
        for pattern in ["12", "1.5e+2", "-3", "NaN", "Infinity"] {
            let number = GridSearch(pattern: pattern, kind: .text, column: nil)
            XCTAssertTrue(number.condition(columns: ["id", "name"], in: dialect, numbers: ["id"]).text.contains(#""id""#), pattern)
        }
        // SQLite keeps its own test of each value's type.
        XCTAssertTrue(word.condition(columns: ["id"], numbers: ["id"]).text.contains(#""id""#))
    }

    /// A search for text finds what it found before SQLite's lower took ASCII text: any case of
    /// ASCII letters, `%`, `_` and the backslash as themselves, numbers and blobs by their text,
    /// past a NUL too.
    func testATextSearchFindsTheTextAsItIsInAnyCase() throws {
        var configuration = Configuration()
        configuration.functions = [TextFold.function]
        let database = try Database(path: ":memory:", configuration: configuration)
        try database.executeScript("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, v);
            INSERT INTO t VALUES (1, 'Zoë ØRSTED'), (2, '50% off'), (3, 'a_b'), (4, 'back\\slash'), (5, 12345), (6, X'414243'), (7, X'00006E6565646C65');
            """)
        func found(_ pattern: String) throws -> [SQLValue] {
            let condition = GridSearch(pattern: pattern, kind: .text, column: nil).condition(columns: ["v"])
            var sql: SQL = "SELECT id FROM t WHERE "
            sql.append(condition)
            sql.append(" ORDER BY id")
            return try database.fetchAll(sql).map { $0[0] }
        }
        XCTAssertEqual(try found("rsted"), [.integer(1)])
        XCTAssertEqual(try found("ørsted"), [.integer(1)])
        XCTAssertEqual(try found("0%"), [.integer(2)])
        XCTAssertEqual(try found("%"), [.integer(2)])
        XCTAssertEqual(try found("_"), [.integer(3)])
        XCTAssertEqual(try found("k\\s"), [.integer(4)])
        XCTAssertEqual(try found("234"), [.integer(5)])
        XCTAssertEqual(try found("abc"), [.integer(6)])
        XCTAssertEqual(try found("NEEDLE"), [.integer(7)], "a blob's bytes after a NUL")
    }

    /// In memory (a PRAGMA's rows) a pattern and a column are honoured as in SQL.
    func testMaterializedRowsAreSearchedByPattern() throws {
        let source = MaterializedSource(title: "pragma", columns: [GridColumn(name: "a", kind: .text, isKey: false),
                                                                   GridColumn(name: "b", kind: .text, isKey: false)],
                                        rows: [[.text("xa"), .text("one")], [.text("ya"), .text("XB")]])
        XCTAssertEqual(try source.find(GridSearch(pattern: "^x", kind: .regex, column: nil), from: -1, forward: true), 0)
        XCTAssertEqual(try source.find(GridSearch(pattern: "^x", kind: .regex, column: "b"), from: -1, forward: true), 1)
        XCTAssertNil(try source.find(GridSearch(pattern: "one", kind: .text, column: "a"), from: -1, forward: true))
    }
}

/// `gc` goes to a column by name or by a pattern matching names, as VisiData's `c`.
final class GoToColumnTests: XCTestCase {
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

    /// A name (any case) goes there; a pattern goes to the next column it matches, wrapping;
    /// no match and a bad pattern say so and the cursor stays.
    func testGoToColumnByNameAndPattern() throws {
        let screens = try fixture.headless("gcPRICE<Enter><dump>gc^[a-n]<Enter><dump>gc^[a-n]<Enter><dump>gczz<Enter><dump>gc(<Enter>",
                                           columns: 80, rows: 3, table: "albums")
        XCTAssertEqual(screens[0].last, " BROWSE  column price (6 of 6)                               albums  1/4  price")
        XCTAssertEqual(screens[1].last, " BROWSE  column id (1 of 6)                                     albums  1/4  id")
        XCTAssertEqual(screens[2].last, " BROWSE  column artist_id (2 of 6)                       albums  1/4  artist_id")
        XCTAssertEqual(screens[3].last, " BROWSE  no column matches zz                            albums  1/4  artist_id")
        XCTAssertEqual(screens[4].last?.hasPrefix(" BROWSE  regular expression (: "), true, screens[4].last ?? "")
    }

    /// A hidden column asked for by name is shown again.
    func testAHiddenColumnAskedForIsShownAgain() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 3)
        let screen = runner.run(try KeyScript.parse("ll-gctitle<Enter>")).last ?? []
        XCTAssertEqual(screen.last, " BROWSE  column title (3 of 6), shown again                  albums  1/4  title")
        XCTAssertEqual(app.currentGrid?.hiddenColumns, [])
    }

    /// The name itself wins over a pattern match earlier in the row; pressed on it, the next match.
    func testNameMatchOrder() throws {
        let names = ["id", "BillingCity", "Billing", "BillingState"]
        XCTAssertEqual(try ColumnNameMatch("billing").next(in: names, after: 0), 2)
        XCTAssertEqual(try ColumnNameMatch("billing").next(in: names, after: 2), 3)
        XCTAssertEqual(try ColumnNameMatch("city$").next(in: names, after: 3), 1)
        XCTAssertNil(try ColumnNameMatch("zip").next(in: names, after: 0))
    }
}

/// Searches look in the columns shown, as VisiData's do.
final class HiddenColumnSearchTests: XCTestCase {
    /// A value only in a hidden column is not found; shown again, it is.
    func testHiddenColumnsAreNotSearched() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let screens = try fixture.headless("llll-gg/party<Enter><dump>gvgg/party<Enter>", columns: 80, rows: 3, table: "albums")
        XCTAssertEqual(screens[0].last, " BROWSE  not found: party                          albums  1/4  price  1 hidden")
        XCTAssertEqual(screens[1].last, " BROWSE  /party  row 4                                       albums  4/4  notes")
    }
}
