/// The key map: the one table that both input handling and the help screen read.
enum KeyBindings {
    /// Every binding, in help-screen order.
    static let all: [KeyBinding] = [
        bind("Move", [.character("k")], [.up], to: .up, "up one row (record view: previous field)"),
        bind("Move", [.character("j")], [.down], to: .down, "down one row (record view: next field)"),
        bind("Move", [.character("h")], [.left], to: .left, "left one column (record view: previous row)"),
        bind("Move", [.character("l")], [.right], to: .right, "right one column (record view: next row)"),
        bind("Move", [.pageUp], [.control("b")], to: .pageUp, "up one screen"),
        bind("Move", [.pageDown], [.control("f")], to: .pageDown, "down one screen"),
        bind("Move", [.character("g"), .character("g")], to: .top, "first row (record view: first field)"),
        bind("Move", [.character("G")], to: .bottom, "last row (record view: last field)"),
        bind("Move", [.home], [.character("0")], to: .firstColumn, "first column (record view: first row)"),
        bind("Move", [.end], [.character("$")], to: .lastColumn, "last column (record view: last row)"),
        bind("Move", [.character(":")], to: .goToRow, "go to row number"),
        bind("Move", [.character("g"), .character("c")], to: .goToColumn,
             "go to a column by name or pattern (again: the next one matching)"),
        bind("Views", [.tab], [.backTab], to: .switchFocus, "switch focus: table list / grid"),
        bind("Views", [.enter], to: .open, "open table / open record view of the cursor row"),
        bind("Views", [.character("S")], to: .schema, "schema of the table"),
        bind("Views", [.character("g"), .character("s")], to: .switchSchema,
             "PostgreSQL: browse another schema (asks which)"),
        bind("Views", [.character("g"), .character("t")], to: .nextDatabase,
             "next database, when several are open (reef a.db b.db …)"),
        bind("Views", [.character("g"), .character("T")], to: .previousDatabase, "previous database"),
        bind("Views", [.character("?")], [.function(1)], to: .help, "this help (again: close it)"),
        bind("Views", [.character("q")], to: .back,
             "back; main screen: clear filter, sort, hidden and computed columns, join; then quit (several databases: close this one)"),
        bind("Views", [.escape], to: .cancel, "cancel, or back; never quits"),
        bind("Views", [.character("Q")], [.control("c")], to: .quit, "quit (asks first when changes are pending, in any database)"),
        bind("Views", [.control("l")], to: .redraw, "redraw the screen"),
        bind("Data", [.character("s")], to: .sort, "sort by cursor column: ascending, descending, off"),
        bind("Data", [.character("z"), .character("s")], to: .addSort,
             "add the cursor column to the sort (again: descending, again: out); header: ▲1 ▼2"),
        bind("Data", [.character("f")], to: .filter, "filter rows with a WHERE expression (empty clears)"),
        bind("Data", [.character("/")], to: .search, "search any column for text; text screens: the text; table list: narrow it"),
        bind("Data", [.character("\\")], [.character("g"), .character("/")], to: .searchRegex,
             "search any column by a regular expression (ignores case)"),
        bind("Data", [.character("z"), .character("/")], to: .searchColumn, "search the cursor column for text"),
        bind("Data", [.character("z"), .character("\\")], to: .searchColumnRegex,
             "search the cursor column by a regular expression"),
        bind("Data", [.character("n")], to: .nextMatch, "next match (a row; a line on text screens)"),
        bind("Data", [.character("N")], to: .previousMatch, "previous match (a row; a line on text screens)"),
        bind("Data", [.character("e")], to: .sql, "SQL prompt: run statements (; between several)"),
        bind("Data", [.control("p")], to: .analyzePlan, "plan: EXPLAIN ANALYZE (runs it; writes rolled back)"),
        bind("Data", [.character("<")], to: .narrow, "narrow the cursor column"),
        bind("Data", [.character(">")], to: .widen, "widen the cursor column"),
        bind("Data", [.character("r")], to: .reload, "reload (keeps cursor row, widths, sort)"),
        bind("Data", [.character("]")], [.character("g"), .character("f")], to: .followReference,
             "go to the row the cursor cell's foreign key refers to"),
        bind("Data", [.character("[")], [.backspace], to: .jumpBack,
             "back from that jump (table, row, sort, filter)"),
        bind("Data", [.character("-")], to: .hideColumn, "hide the cursor column (status: how many hidden)"),
        bind("Data", [.character("g"), .character("v")], to: .showAllColumns, "show all hidden columns again"),
        bind("Data", [.character("y")], to: .yankCell, "copy the cursor cell to the clipboard (OSC 52)"),
        bind("Data", [.character("Y")], to: .yankRow, "copy the cursor row, tab-separated, to the clipboard"),
        bind("Data", [.character("g"), .character("y")], to: .yankColumn,
             "copy the cursor column of the view as CSV/TSV/JSON to the clipboard"),
        bind("Data", [.character("g"), .character("Y")], to: .yankView,
             "copy the view (filter, sort, columns shown) as CSV/TSV/JSON to the clipboard"),
        bind("Data", [.character("X")], to: .export, "export the view (filter, sort): .csv .tsv .json .jsonl .sql"),
        bind("Data", [.character("F")], to: .frequency, "frequency table of the cursor column; Enter: a value's rows"),
        bind("Data", [.character("!")], to: .toggleGroupKey, "make the cursor column a key column, or not (header: ◆)"),
        bind("Data", [.character("g"), .character("F")], to: .groupedFrequency, "frequency table grouped by the key columns (!)"),
        bind("Data", [.character("W")], to: .pivot,
             "pivot: rows by the key column (!), columns by the cursor column's values; Enter: a cell's rows"),
        bind("Data", [.character("+"), .character("c")], to: .aggregateCount, "aggregate the cursor column for F: count of values"),
        bind("Data", [.character("+"), .character("u")], to: .aggregateDistinct, "aggregate: count of distinct values"),
        bind("Data", [.character("+"), .character("s")], to: .aggregateSum, "aggregate: sum"),
        bind("Data", [.character("+"), .character("a")], to: .aggregateMean, "aggregate: mean (average)"),
        bind("Data", [.character("+"), .character("<")], to: .aggregateMin, "aggregate: minimum"),
        bind("Data", [.character("+"), .character(">")], to: .aggregateMax, "aggregate: maximum"),
        bind("Data", [.character("+"), .character("m")], to: .aggregateMedian, "aggregate: median"),
        bind("Data", [.character("+"), .character("d")], to: .aggregateStddev, "aggregate: sample standard deviation"),
        bind("Data", [.character("+"), .character("-")], to: .removeAggregates, "remove the cursor column's aggregates"),
        bind("Data", [.character("I")], to: .summary, "summary of every column (stats, histogram); Enter: go to it"),
        bind("Data", [.character(".")], to: .plot, "plot the cursor column against the ! column; Enter: rows"),
        bind("Data", [.character("H")], to: .histogram, "histogram of the cursor column; Enter: bar's rows; X: bins"),
        bind("Data", [.character("=")], to: .computeColumn,
             "add a column computed by an SQL expression to the grid (- drops it); plot: zoom in (- out); histogram: more bins"),
        bind("Data", [.character("z"), .character("]")], to: .bringReferencedColumn,
             "add a column of the table the foreign key refers to (=)"),
        bind("Data", [.character("J")], to: .join,
             "join the view with another table on columns (inner, left, full; [ returns)"),
        bind("Data", [.character("L")], to: .plotLines, "plot: points or lines (lines first for dates, a sorted x)"),
        bind("Data", [.character("z"), .character("p")], to: .columnPicture, "sparkline of the cursor column's rows shown (again: hide)"),
        bind("Edit", [.character("i")], [.character("c")], to: .editCell, "edit the cursor cell (staged until committed)"),
        bind("Edit", [.character("E")], to: .editInEditor, "edit the cursor cell in $VISUAL or $EDITOR (long text)"),
        bind("Edit", [.character("x")], to: .setNull, "set the cursor cell to NULL (staged)"),
        bind("Edit", [.character("o")], to: .insertRow, "new row at the end: defaults in, key chosen by the database"),
        bind("Edit", [.character("D")], to: .duplicateRow, "duplicate the cursor row (a generated key is left out)"),
        bind("Edit", [.character("m")], [.character(" ")], to: .toggleMark, "mark / unmark the cursor row and move down"),
        bind("Edit", [.character("M")], to: .clearMarks, "clear the marks"),
        bind("Edit", [.character("d"), .character("d")], to: .deleteRow, "delete the marked rows or the cursor row (asks y/n)"),
        bind("Edit", [.character("u")], to: .undoEdit, "undo the last staged change of the table"),
        bind("Edit", [.character("U")], to: .revertEdits, "revert every staged change"),
        bind("Edit", [.character("p")], to: .showPending, "show the pending changes as SQL (again: close them)"),
        bind("Edit", [.character("w")], to: .commitEdits, "commit the pending changes in one transaction"),
    ]

    /// Lines the help screen adds after the table: prompt editing and the mouse.
    static let notes: [(keys: String, help: String)] = [
        ("<Enter>", "prompt: run / accept; SQL unfinished: a new line"),
        ("<C-j>", "SQL prompt: a new line"),
        ("<C-o>", "SQL prompt: run selection, else the statement at the cursor"),
        ("<C-p>", "SQL prompt: plan of what Ctrl-O would run"),
        ("<S-arrows>", "SQL prompt: select (also Shift-Home/End); typing replaces"),
        ("<C-t>", "SQL prompt: a new buffer (each kept per database)"),
        ("<PgDn> <PgUp>", "SQL prompt: the next / previous buffer"),
        ("<C-d>", "SQL prompt: close the buffer (asks when it holds text)"),
        ("<Esc>", "prompt: cancel (an SQL buffer keeps it); y/n question: no"),
        ("<Up> <Down>", "prompt: lines, then history (kept per database)"),
        ("<C-r>", "prompt: search history; again: older; Enter takes it"),
        ("<Tab>", "SQL, filter, =, J: complete names; again: list the choices"),
        ("<Tab> <Up> <Down>", "completion list: move; Enter takes, Esc closes list"),
        ("<C-a> <C-e> <C-u>", "prompt: line start, end, clear to start"),
        ("<C-k>", "prompt: clear to line end (at the end: join the next line)"),
        ("<C-w>", "prompt: delete the word before the cursor"),
        ("<C-x>", "SQL prompt: write the SQL in $VISUAL/$EDITOR, run on save"),
        ("\\n \\ns \\nd", "SQL prompt: list / run (\\n NAME) / save / delete queries"),
        ("\\d .tables", "SQL prompt: list tables, views (\\dt tables, \\dv views; a*)"),
        ("\\d NAME", "SQL prompt: schema of table NAME (also .schema NAME)"),
        ("click", "select a table or a cell"),
        ("wheel", "scroll"),
    ]

    /// The commands by their complete key sequences.
    static let commandsBySequence: [[Key]: Command] = {
        var table: [[Key]: Command] = [:]
        for binding in all {
            for sequence in binding.sequences {
                table[sequence] = binding.command
            }
        }
        return table
    }()

    /// Whether `keys` starts a longer sequence (like the first `g` of `gg`).
    static func isPrefix(_ keys: [Key]) -> Bool {
        all.contains { binding in
            binding.sequences.contains { $0.count > keys.count && Array($0.prefix(keys.count)) == keys }
        }
    }

    /// A binding with one or more alternative key sequences.
    private static func bind(_ section: String, _ sequences: [Key]..., to command: Command, _ help: String) -> KeyBinding {
        KeyBinding(section: section, sequences: sequences, command: command, help: help)
    }
}
