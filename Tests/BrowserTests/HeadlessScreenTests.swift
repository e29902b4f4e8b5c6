import XCTest
@testable import Browser

/// Golden-screen tests of every screen, run headless on the fixture database.
///
/// Each test plays keys in vim notation and compares the screens (trailing blanks removed) with
/// the expected lines. Screens are taken once background counts have finished.
final class HeadlessScreenTests: XCTestCase {
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

    /// Keys `j` at 80x12.
    func testMainScreenListsTablesWithCountsAndShowsTheGrid() throws {
        let screens = try fixture.headless("j", columns: 80, rows: 12)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "▸ Tables (5)      │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            "                  │",
            "                  │",
            "                  │",
            "                  │",
            " TABLES  ? help                                                 albums  1/4  id",
        ])
    }

    /// Keys `llll` at 50x8.
    func testGridScrolledRightKeepsTheKeyColumnFrozen() throws {
        let screens = try fixture.headless("llll", columns: 50, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            " │id │notes                                   │pr…",
            "1│  1│A long note that goes on and on and on …│9.5",
            "2│  2│∅                                       │12…",
            "3│  3│line one↵line two                       │∅",
            "4│  4│emoji 🎉 party                          │0.…",
            "",
            "",
            " BROWSE  ? help                albums  1/4  notes",
        ])
    }

    /// Keys `jj<Enter>` at 60x12.
    func testRecordViewShowsEveryColumnInFull() throws {
        let screens = try fixture.headless("jj<Enter>", columns: 60, rows: 12, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Record 3 of 4 · albums",
            "id        │ 3",
            "artist_id │ 2",
            "title     │ 東京",
            "cover     │ <2 B> 00 ff",
            "notes     │ line one",
            "          │ line two",
            "price     │ ∅ NULL",
            "",
            "",
            "",
            " RECORD  ? help                             albums  3/4  id",
        ])
    }

    /// In the record view `j`/`k` choose a field (the status bar names it, the view scrolls to it)
    /// and `i`, `x` edit it as in the grid; the edits are staged and committed as usual.
    func testRecordViewEditsTheChosenField() throws {
        let screens = try fixture.headless("jj<Enter>jji<C-u>Kyoto<Enter><dump>jjx<dump>w", columns: 60, rows: 6, table: "albums")
        assertScreen(screens[0], [
            "Record 3 of 4 · albums",
            "id        │ 3",
            "artist_id │ 2",
            "title     │ Kyoto",
            "cover     │ <2 B> 00 ff",
            " RECORD  staged: title = 'Kyoto' · w commits, u undoes  3/4",
        ])
        assertScreen(screens[1], [
            "Record 3 of 4 · albums",
            "title     │ Kyoto",
            "cover     │ <2 B> 00 ff",
            "notes     │ ∅ NULL",
            "price     │ ∅ NULL",
            " RECORD  staged: notes = NULL · w commits, u undoes     3/4",
        ])
        XCTAssertTrue(screens[2].last?.contains("committed 1 change") == true, screens[2].joined(separator: "\n"))
        let database = try fixture.open(readOnly: true)
        XCTAssertEqual(try database.scalar("SELECT title FROM albums WHERE id = 3"), .text("Kyoto"))
        XCTAssertEqual(try database.scalar("SELECT notes IS NULL FROM albums WHERE id = 3"), .integer(1))
    }

    /// A long value wraps within the value column, under itself.
    func testRecordViewWrapsLongValuesUnderTheValue() throws {
        let screen = try fixture.screen("<Enter>", columns: 40, rows: 12, table: "albums")
        assertScreen(screen, [
            "Record 1 of 4 · albums",
            "id        │ 1",
            "artist_id │ 1",
            "title     │ First",
            "cover     │ <9 B> 89 50 4e 47 0d 0a 1a",
            "          │ 0a 00",
            "notes     │ A long note that goes on and",
            "          │ on and on until it has to be",
            "          │ cut somewhere",
            "price     │ 9.5",
            "",
            " RECORD  ? help         albums  1/4  id",
        ])
    }

    /// In the record view a page key takes the field cursor along (to the top of the page), and
    /// `dd` deletes the row shown even while other rows are marked.
    func testRecordViewPagesTheFieldCursorAndDeletesTheRowShown() throws {
        let paged = try fixture.headless("<Enter><C-f>i", columns: 60, rows: 5, table: "albums")
        XCTAssertEqual(paged.last?.last, "cover: x'89504e470d0a1a0a00'", paged.last?.joined(separator: "\n") ?? "")
        let deleting = try fixture.screen("mm<Enter>dd", columns: 60, rows: 5, table: "albums")
        XCTAssertEqual(deleting.last, "Delete 1 row? y/n", deleting.joined(separator: "\n"))
        let screens = try fixture.headless("mm<Enter>ddyw", columns: 60, rows: 5, table: "albums")
        XCTAssertTrue(screens.last?.last?.contains("committed 1 change") == true, screens.last?.joined(separator: "\n") ?? "")
        let database = try fixture.open(readOnly: true)
        XCTAssertEqual(try database.fetchAll("SELECT id FROM albums ORDER BY id"), [[.integer(1)], [.integer(2)], [.integer(4)]])
    }

    /// Keys `S` at 80x26.
    func testSchemaViewShowsColumnsKeysIndexesForeignKeysAndCreate() throws {
        let screens = try fixture.headless("S", columns: 80, rows: 26, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Schema of albums",
            "Table albums",
            "",
            "Columns",
            "  # name      type    null     default key",
            "  1 id        INTEGER NOT NULL         PK 1 (rowid)",
            "  2 artist_id INTEGER nullable",
            "  3 title     TEXT    nullable",
            "  4 cover     BLOB    nullable",
            "  5 notes     TEXT    nullable",
            "  6 price     REAL    nullable",
            "",
            "Primary key: id",
            "",
            "Indexes",
            "  albums_artist  (artist_id)",
            "",
            "Foreign keys",
            "  (artist_id) → artists(id)  ON DELETE CASCADE",
            "",
            "Referenced by",
            "  none",
            "",
            "Triggers",
            "  none",
            " SCHEMA  ? help",
        ])
    }

    /// Keys `?` at 80x106.
    func testHelpListsEveryKey() throws {
        let screens = try fixture.headless("?", columns: 80, rows: 106)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Keys (vim and arrows); q or Esc closes",
            "",
            "Move",
            "  k <Up>             up one row (record view: previous field)",
            "  j <Down>           down one row (record view: next field)",
            "  h <Left>           left one column (record view: previous row)",
            "  l <Right>          right one column (record view: next row)",
            "  <PgUp> <C-b>       up one screen",
            "  <PgDn> <C-f>       down one screen",
            "  gg                 first row (record view: first field)",
            "  G                  last row (record view: last field)",
            "  <Home> 0           first column (record view: first row)",
            "  <End> $            last column (record view: last row)",
            "  :                  go to row number",
            "  gc                 go to a column by name or pattern (again: the next one",
            "                     matching)",
            "",
            "Views",
            "  <Tab> <S-Tab>      switch focus: table list / grid",
            "  <Enter>            open table / open record view of the cursor row",
            "  S                  schema of the table",
            "  gs                 PostgreSQL: browse another schema (asks which)",
            "  ? <F1>             this help (again: close it)",
            "  q                  back; main screen: clear the filter, sort and hidden",
            "                     columns, then quit",
            "  <Esc>              cancel, or back; never quits",
            "  Q <C-c>            quit (asks first when changes are pending)",
            "  <C-l>              redraw the screen",
            "",
            "Data",
            "  s                  sort by cursor column: ascending, descending, off",
            "  zs                 add the cursor column to the sort (again: descending,",
            "                     again: out); header: ▲1 ▼2",
            "  f                  filter rows with a WHERE expression (empty clears)",
            "  /                  search any column for text; text screens: the text; table",
            "                     list: narrow it",
            "  \\ g/               search any column by a regular expression (ignores case)",
            "  z/                 search the cursor column for text",
            "  z\\                 search the cursor column by a regular expression",
            "  n                  next match (a row; a line on text screens)",
            "  N                  previous match (a row; a line on text screens)",
            "  e                  SQL prompt: run statements (; between several)",
            "  <lt>               narrow the cursor column",
            "  >                  widen the cursor column",
            "  r                  reload (keeps cursor row, widths, sort)",
            "  ] gf               go to the row the cursor cell's foreign key refers to",
            "  [ <BS>             back from that jump (table, row, sort, filter)",
            "  -                  hide the cursor column (status: how many hidden)",
            "  gv                 show all hidden columns again",
            "  y                  copy the cursor cell to the clipboard (OSC 52)",
            "  Y                  copy the cursor row, tab-separated, to the clipboard",
            "  gy                 copy the cursor column of the view as CSV/TSV/JSON to the",
            "                     clipboard",
            "  gY                 copy the view (filter, sort, columns shown) as CSV/TSV/JSON",
            "                     to the clipboard",
            "  X                  export the view (filter, sort): .csv .tsv .json .jsonl .sql",
            "  F                  frequency table of the cursor column; Enter: a value's rows",
            "  !                  make the cursor column a key column, or not (header: ◆)",
            "  gF                 frequency table grouped by the key columns (!)",
            "  W                  pivot: rows by the key column (!), columns by the cursor",
            "                     column's values; Enter: a cell's rows",
            "  +c                 aggregate the cursor column for F: count of values",
            "  +u                 aggregate: count of distinct values",
            "  +s                 aggregate: sum",
            "  +a                 aggregate: mean (average)",
            "  +<lt>              aggregate: minimum",
            "  +>                 aggregate: maximum",
            "  +m                 aggregate: median",
            "  +d                 aggregate: sample standard deviation",
            "  +-                 remove the cursor column's aggregates",
            "  I                  summary of every column (stats, histogram); Enter: go to it",
            "  .                  plot the cursor column against the ! column; Enter: rows",
            "  H                  histogram of the cursor column; Enter: a bar's rows",
            "  =                  plot: zoom in (- out); histogram: more bins (- fewer)",
            "  L                  plot: points or lines (lines first for dates, a sorted x)",
            "  zp                 sparkline of the cursor column's rows shown (again: hide)",
            "",
            "Edit",
            "  i c                edit the cursor cell (staged until committed)",
            "  E                  edit the cursor cell in $VISUAL or $EDITOR (long text)",
            "  x                  set the cursor cell to NULL (staged)",
            "  o                  new row at the end: defaults in, key chosen by the database",
            "  D                  duplicate the cursor row (a generated key is left out)",
            "  m <Space>          mark / unmark the cursor row and move down",
            "  M                  clear the marks",
            "  dd                 delete the marked rows or the cursor row (asks y/n)",
            "  u                  undo the last staged change of the table",
            "  U                  revert every staged change",
            "  p                  show the pending changes as SQL (again: close them)",
            "  w                  commit the pending changes in one transaction",
            "",
            "Prompts and mouse",
            "  <Enter>            prompt: run / accept; SQL unfinished: a new line",
            "  <C-j>              SQL prompt: a new line",
            "  <C-o>              SQL prompt: run the statement under the cursor",
            "  <Esc>              prompt: cancel; a y/n question: no",
            "  <Up> <Down>        prompt: lines, then history (kept per database)",
            "  <C-r>              prompt: search history; again: older; Enter takes it",
            "  <Tab>              SQL, filter: complete names; again: list the choices",
            "  <Tab> <Up> <Down>  completion list: move; Enter takes, Esc closes list",
            "  <C-a> <C-e> <C-u>  prompt: line start, end, clear to start",
            "  <C-w>              prompt: delete the word before the cursor",
            "  <C-x>              SQL prompt: write the SQL in $VISUAL/$EDITOR, run on save",
            "  \\n \\ns \\nd         SQL prompt: list / run (\\n NAME) / save / delete queries",
            "  click              select a table or a cell",
            " HELP  ? help",
        ])
    }

    /// Keys `lls<dump>s<dump>s` at 80x8: each order keeps the cursor on its row (album 1, `First`).
    func testSortCyclesAscendingDescendingOff() throws {
        let screens = try fixture.headless("lls<dump>s<dump>s", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 3)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title▲│cover                  │notes",
            "album_titles ◇   4│1│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "my \"odd\" table   2│4│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "pairs            3│",
            "                  │",
            " BROWSE  sorted by title ascending              albums  3/4  title  sort title▲",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │artist_id │title▼│cover                  │notes",
            "album_titles ◇   4│1│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "albums           4│2│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "artists          3│3│  2│         1│      │∅                      │∅",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            " BROWSE  sorted by title descending             albums  2/4  title  sort title▼",
        ])
        assertScreen(screens[2], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            " BROWSE  sort off                                            albums  1/4  title",
        ])
    }

    /// Keys `fprice > 5<Enter>` at 80x8.
    func testValidFilter() throws {
        let screens = try fixture.headless("fprice > 5<Enter>", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  filter: price > 5                    albums  1/2  id  filter price > 5",
        ])
    }

    /// Keys `fprice > 5<Enter>f<C-u>nope = 1<Enter>` at 80x8.
    func testInvalidFilterKeepsThePreviousView() throws {
        let screens = try fixture.headless("fprice > 5<Enter>f<C-u>nope = 1<Enter>", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  filter: no such column: nope         albums  1/2  id  filter price > 5",
        ])
    }

    /// Keys `/on<Enter><dump>n<dump>n<dump>N` at 80x8.
    /// A match inside a blob's bytes or inside an emoji sequence puts the cursor on its column,
    /// as the search found it, in a table and in query results alike.
    func testSearchLandsOnTheColumnOfAMatchInABlobOrAnEmojiSequence() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE odd (id INTEGER PRIMARY KEY, label TEXT, data BLOB, family TEXT)")
        try database.execute("INSERT INTO odd VALUES (1, 'a', ?, 'x'), (2, 'b', NULL, ?)",
                             Data(repeating: 0, count: 64) + Data("needle".utf8), "👨‍👩‍👧 family")
        for keys in ["/needle<Enter>", "eSELECT * FROM odd<Enter>/needle<Enter>"] {
            let found = try fixture.screen(keys, columns: 80, rows: 5, table: "odd")
            XCTAssertTrue(found.last?.hasSuffix("1/2  data") == true, keys + "\n" + found.joined(separator: "\n"))
        }
        let emoji = try fixture.screen("/👩<Enter>", columns: 80, rows: 5, table: "odd")
        XCTAssertTrue(emoji.last?.hasSuffix("odd  2/2  family") == true, emoji.joined(separator: "\n"))
    }

    func testSearchWithNextAndPrevious() throws {
        let screens = try fixture.headless("/on<Enter><dump>n<dump>n<dump>N", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 4)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 3                                          albums  3/4  notes",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  search hit BOTTOM, continuing at TOP                albums  1/4  notes",
        ])
        assertScreen(screens[2], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 3                                          albums  3/4  notes",
        ])
        assertScreen(screens[3], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 1                                          albums  1/4  notes",
        ])
    }

    /// Keys `:3<Enter><dump>:abc<Enter>` at 60x8.
    func testGoToRow() throws {
        let screens = try fixture.headless(":3<Enter><dump>:abc<Enter>", columns: 60, rows: 8, table: "artists")
        XCTAssertEqual(screens.count, 2)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           4│2│  2│漢字テスト   │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  ? help                            artists  3/3  id",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           4│2│  2│漢字テスト   │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  not a row number: abc             artists  3/3  id",
        ])
    }

    /// Keys `eSELECT name, country FROM artists ORDER BY name DESC<Enter>` at 60x8.
    func testSQLQueryOpensResultsInAGrid() throws {
        let screens = try fixture.headless("eSELECT name, country FROM artists ORDER BY name DESC<Enter>", columns: 60, rows: 8)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            " │name         │country │",
            "1│漢字テスト   │JP      │",
            "2│Emoji 😀 band│∅       │",
            "3│Ada          │UK      │",
            "",
            "",
            "",
            " RESULTS  ? help                           query  1/3  name",
        ])
    }

    /// Keys `eUPDATE artists SET country = 'FR' WHERE id < 3<Enter>` at 60x8.
    func testSQLUpdateReportsRowsChanged() throws {
        let screens = try fixture.headless("eUPDATE artists SET country = 'FR' WHERE id < 3<Enter>", columns: 60, rows: 8, table: "artists")
        XCTAssertEqual(screens.count, 1)
        XCTAssertNotNil(screens[0].last?.firstMatch(of: #/2 rows changed \([0-9]+\.[0-9] ms\)/#), "how long it took")
        assertScreen(screens[0].map(withoutTiming), [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │FR      │",
            "albums           4│2│  2│漢字テスト   │FR      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  2 rows changed                    artists  1/3  id",
        ].map(withoutTiming))
    }

    /// Keys `` at 40x10.
    func testSmallTerminalTableList() throws {
        let screens = try fixture.headless("", columns: 40, rows: 10)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "▸ Tables (5)",
            "album_titles ◇                         4",
            "albums                                 4",
            "artists                                3",
            "my \"odd\" table                         2",
            "pairs                                  3",
            "",
            "",
            "",
            " TABLES  ? help       album_titles  1/4",
        ])
    }

    /// Keys `j<Enter><dump>l<dump>?` at 40x10.
    func testSmallTerminalGridAndHelp() throws {
        let screens = try fixture.headless("j<Enter><dump>l<dump>?", columns: 40, rows: 10)
        XCTAssertEqual(screens.count, 3)
        assertScreen(screens[0], [
            " │id │artist_id │title │cover",
            "1│  1│         1│First │<9 B> 89504e470…",
            "2│  2│         1│      │∅",
            "3│  3│         2│東京  │<2 B> 00ff",
            "4│  4│         3│∅     │∅",
            "",
            "",
            "",
            "",
            " BROWSE  ? help         albums  1/4  id",
        ])
        assertScreen(screens[1], [
            " │id │artist_id │title │cover",
            "1│  1│         1│First │<9 B> 89504e470…",
            "2│  2│         1│      │∅",
            "3│  3│         2│東京  │<2 B> 00ff",
            "4│  4│         3│∅     │∅",
            "",
            "",
            "",
            "",
            " BROWSE  ? help             albums  1/4",
        ])
        assertScreen(screens[2], [
            "Keys (vim and arrows); q or Esc closes",
            "",
            "Move",
            "  k <Up>         up one row (record",
            "                 view: previous field)",
            "  j <Down>       down one row (record",
            "                 view: next field)",
            "  h <Left>       left one column (record",
            "                 view: previous row)",
            " HELP  ? help",
        ])
    }

    /// Issue #25: a table list scrolled in a short window stayed scrolled when the window grew
    /// again, the first tables hidden above empty rows (Ctrl-L did not help). It scrolls back.
    func testTheTableListScrollsBackWhenTheWindowGrows() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let short = HeadlessRunner(app: app, columns: 60, rows: 4).run(try KeyScript.parse("G")).last ?? []
        XCTAssertEqual(short.first, "▸ Tables (5)      │ │a  │b  │v  │")
        XCTAssertEqual(short.dropFirst().first, "my \"odd\" table   2│1│x  │  1│x1 │")
        let tall = HeadlessRunner(app: app, columns: 60, rows: 8).run(try KeyScript.parse("<C-l>")).last ?? []
        assertScreen(tall, [
            "▸ Tables (5)      │ │a  │b  │v  │",
            "album_titles ◇   4│1│x  │  1│x1 │",
            "albums           4│2│x  │  2│x2 │",
            "artists          3│3│y  │  1│y1 │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " TABLES  ? help                               pairs  1/3  a",
        ])
    }

    /// Keys `` at 60x6.
    func testWithoutRowIDTableInKeyOrder() throws {
        let screens = try fixture.headless("", columns: 60, rows: 6, table: "pairs")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │a  │b  │v  │",
            "albums           4│1│x  │  1│x1 │",
            "artists          3│2│x  │  2│x2 │",
            "my \"odd\" table   2│3│y  │  1│y1 │",
            "pairs            3│",
            " BROWSE  ? help                               pairs  1/3  a",
        ])
    }

    /// Keys `jjeDELETE FROM artists WHERE id = 1<Enter>r` at 60x7.
    func testReloadKeepsTheCursorOnTheSameRow() throws {
        let screens = try fixture.headless("jjeDELETE FROM artists WHERE id = 1<Enter>r", columns: 60, rows: 7, table: "artists")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   2│1│  2│漢字テスト   │JP      │",
            "albums           2│2│  3│Emoji 😀 band│∅       │",
            "artists          2│",
            "my \"odd\" table   2│",
            "pairs            3│",
            " BROWSE  reloaded                          artists  2/2  id",
        ])
    }
}
