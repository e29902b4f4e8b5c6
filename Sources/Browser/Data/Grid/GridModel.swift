/// The state of one grid: its source, cursor, scroll position and column widths.
///
/// The grid widget is immediate-mode; this is the state it is drawn from. Moving the cursor
/// clamps it to the data; scrolling follows the cursor when the grid is drawn.
final class GridModel {
    /// Where the rows come from; replaced when sorting, filtering or reloading. A source with
    /// fewer columns (a computed column or a join dropped, a column another process dropped)
    /// leaves the cursor on its last column, never past it (`s` there indexed past the columns).
    private(set) var source: RowSource {
        didSet {
            if cursorColumn >= source.columns.count {
                moveCursor(toColumn: cursorColumn)
            }
            firstColumn = min(firstColumn, max(0, source.columns.count - 1))
        }
    }
    /// The cursor's row position.
    var cursorRow = 0
    /// The cursor's column.
    var cursorColumn = 0
    /// The first row shown.
    var firstRow = 0
    /// The first scrollable column shown.
    var firstColumn = 0
    /// Column widths, fitted to the rows drawn last (a column narrows again once its wide values
    /// scroll away, as VisiData and DB Browser size columns to what is shown), except those the
    /// user set with `<` and `>`.
    private(set) var widths: [Int] = []
    /// Columns whose width the user set with `<` and `>`.
    private var fixedWidths: Set<Int> = []
    /// The search made last (`/`, `\`, `z/`…), which `n` and `N` repeat.
    var search: GridSearch?
    /// The text searched for last, nil after a search by pattern: what the record view marks.
    var searchText: String? {
        get { search?.highlight }
        set { search = newValue.map(GridSearch.init(text:)) }
    }
    /// The names of the columns hidden with `-` (see `GridModel+Hiding.swift`).
    var hiddenColumns: Set<String> = []
    /// How many leading columns stay visible when scrolling right.
    let frozenColumns: Int
    /// Where the grid was last drawn, for mouse clicks and page sizes.
    var lastArea = Rect(x: 0, y: 0, width: 80, height: 24)
    /// The column slots of the last drawing, for mouse clicks.
    var lastSlots: [ColumnSlot] = []
    /// The staged changes and marks drawn over the source's rows; new rows follow the last one.
    var overlay = StagedOverlay()
    /// Since when the grid has not been shown while its source counts (a count out of sight for a
    /// while is stopped).
    var outOfSightSince: ContinuousClock.Instant?
    /// Whether the source's count was asked for (`r`): it runs without a time limit.
    var countsWithoutLimit = false
    /// Whether a picture of the cursor column over the rows shown is drawn below the grid (`zp`).
    var showsPicture = false
    /// For a frequency table (`F`): what it counts, nil for other grids.
    var frequency: FrequencyOrigin?
    /// For a column summary (`I`): the grid summarised, nil for other grids.
    var summary: SummaryOrigin?
    /// The table's view before each join (`J`), the latest last: `[` leaves the last join and
    /// puts back the view before it.
    var joinOrigins: [JoinOrigin] = []
    /// The aggregates set on the grid's columns with `+`, in the order set: what a frequency
    /// table of the grid computes per group (see `GridModel+Analysis.swift`).
    var aggregates: [ColumnAggregate] = []
    /// The key columns set with `!`, in the order set: what `gF` groups by.
    var groupKeys: [String] = []
    /// Rows read again by key after committed changes, shown over the source's rows with those
    /// keys until the source itself has been read again.
    private(set) var freshRows: [RowKey: SourceRow] = [:]

    /// Creates a grid over `source`, freezing `frozenColumns` leading columns.
    init(source: RowSource, frozenColumns: Int = 0) {
        self.source = source
        self.frozenColumns = min(frozenColumns, max(0, source.columns.count - 1))
    }

    /// The data rows that fit in the last drawn area.
    var visibleRows: Int {
        max(1, GridWidget.visibleRowCount(height: lastArea.height))
    }

    // MARK: - Moving

    /// Moves the cursor to row `row`, clamped to the rows that exist.
    func moveCursor(toRow row: Int) throws {
        cursorRow = try clampedRow(row)
    }

    /// Moves the cursor by `delta` rows.
    func moveCursor(byRows delta: Int) throws {
        try moveCursor(toRow: cursorRow + delta)
    }

    /// Moves the cursor to column `column`, clamped; a hidden column is passed over to the next
    /// one shown in the direction of the move.
    func moveCursor(toColumn column: Int) {
        cursorColumn = nearestShownColumn(to: min(max(0, column), max(0, source.columns.count - 1)))
    }

    /// Goes to the last row (counting now if needed).
    func moveToLastRow() throws {
        moveToLastRow(sourceCount: try source.count())
    }

    /// Goes to the last row of a source of `count` rows (after them come the rows being added).
    func moveToLastRow(sourceCount count: Int) {
        cursorRow = max(0, count + overlay.newRowCount - 1)
    }

    /// `row` clamped to the rows shown (the source's and the new ones after them), reading ahead
    /// when the count is not known yet.
    func clampedRow(_ row: Int) throws -> Int {
        let wanted = max(0, row)
        let newRows = overlay.newRowCount
        if let count = source.knownCount {
            return min(wanted, max(0, count + newRows - 1))
        }
        if try !source.rows(wanted..<(wanted + 1)).isEmpty {
            return wanted
        }
        return min(wanted, max(0, try source.count() + newRows - 1))
    }

    /// The number of rows shown when known: the source's, plus the new rows staged after them.
    var knownTotal: Int? {
        source.knownCount.map { $0 + overlay.newRowCount }
    }

    /// The source's rows at `range`, those read again by key in their place.
    private func storedRows(_ range: Range<Int>) throws -> [SourceRow] {
        let rows = try source.rows(range)
        guard !freshRows.isEmpty else {
            return rows
        }
        return rows.map { row in row.key.flatMap { freshRows[$0] } ?? row }
    }

    /// The keys of the rows on screen (as last drawn), to read them again first after changes.
    func keysOnScreen() -> [RowKey] {
        guard let rows = try? source.rows(firstRow..<(firstRow + visibleRows)) else {
            return []
        }
        return rows.compactMap(\.key)
    }

    /// Shows `rows` (read again by key) over the source's rows with the same keys.
    func showFresh(_ rows: [RowKey: SourceRow]) {
        freshRows.merge(rows) { _, new in new }
    }

    /// The row shown at `position`, nil past the end.
    func row(at position: Int) throws -> GridRow? {
        if let row = try storedRows(position..<(position + 1)).first {
            return .stored(row)
        }
        let newRows = overlay.edits.newRows
        guard position >= 0, !newRows.isEmpty else {
            return nil
        }
        let index = position - (try source.count())
        return newRows.indices.contains(index) ? .new(newRows[index]) : nil
    }

    /// The position of the new row numbered `number`, nil when there is none.
    func position(ofNewRow number: Int) throws -> Int? {
        guard let index = overlay.edits.newRows.firstIndex(where: { $0.number == number }) else {
            return nil
        }
        return try source.count() + index
    }

    /// The values shown at `position`: a stored row with its staged cells, or a new row.
    func shownValues(at position: Int) throws -> [GridValue]? {
        switch try row(at: position) {
        case .stored(let row): overlay.values(of: row, columns: source.columns)
        case .new(let row): overlay.values(of: row, among: overlay.edits.newRows, columns: source.columns)
        case nil: nil
        }
    }

    // MARK: - Widths

    /// Makes the cursor column `delta` columns wider (or narrower), at least 1.
    func resizeCursorColumn(by delta: Int) {
        guard widths.indices.contains(cursorColumn) else {
            return
        }
        widths[cursorColumn] = min(500, max(1, widths[cursorColumn] + delta))
        fixedWidths.insert(cursorColumn)
    }

    /// Fits the widths to `rows` (the rows drawn), leaving the user's widths alone.
    func fitWidths(to rows: [[GridValue]]) {
        var fitted = ColumnWidths.fit(columns: headerColumns, rows: rows)
        // A key of a sort by several columns is marked with its place too (`▲2`): room for it.
        if let sort = source.sort, sort.keys.count > 1 {
            for key in sort.keys where fitted.indices.contains(key.column) {
                let name = TextWidth.of(Sanitizer.sanitize(source.columns[key.column].name))
                let mark = TextWidth.of(GridWidget.sortMark(of: key.column, in: sort) ?? "")
                fitted[key.column] = max(fitted[key.column], min(ColumnWidths.defaultMaximum, name + mark))
            }
        }
        if widths.count != fitted.count {
            widths = fitted
            return
        }
        for index in fitted.indices where !fixedWidths.contains(index) {
            widths[index] = fitted[index]
        }
    }

    // MARK: - Changing the source

    /// Replaces the source with one sorted or filtered differently, moving to `cursorRow` (the
    /// row the cursor was on, found in the new source), else to the first row.
    func replaceSource(_ newSource: RowSource, cursorRow row: Int? = nil) {
        source = newSource
        freshRows = [:]
        firstRow = 0
        cursorRow = 0
        if let row {
            cursorRow = (try? clampedRow(row)) ?? 0
        }
    }

    /// The position of `row` (a row shown now) in `newSource`: a stored row by its key, a new row
    /// after `newSource`'s rows; nil when it is not there (filtered out, gone) or has no key.
    func position(of row: GridRow?, in newSource: RowSource) throws -> Int? {
        switch row {
        case .stored(let stored):
            return try stored.key.flatMap { try newSource.index(ofKey: $0) }
        case .new(let new):
            guard let index = overlay.edits.newRows.firstIndex(where: { $0.number == new.number }) else {
                return nil
            }
            return try newSource.count() + index
        case nil:
            return nil
        }
    }

    /// Reads the data afresh, keeping the cursor on the same row (by key, a new row by its
    /// number, else by position).
    func reload() throws {
        try adopt(try source.reloaded())
    }

    /// How many rows on either side of a row gone meanwhile are looked at for one still shown.
    static let survivorReach = 16

    /// Shows `fresh` (the same view read again) instead of the current source, keeping the cursor
    /// on the same row (by key, a new row by its number). When that row is gone (another process
    /// deleted it), the cursor goes to the nearest row that is still there, the next one first;
    /// rows without a key keep their position. The first row shown stays unless the cursor would
    /// leave the screen. The rows read again by key are dropped, unless `keepingFreshRows` (they
    /// are newer than `fresh`: more changes came while it was read).
    func adopt(_ fresh: RowSource, keepingFreshRows: Bool = false) throws {
        let old = source
        let current = try row(at: cursorRow)
        let previous = cursorRow
        source = fresh
        if !keepingFreshRows {
            freshRows = [:]
        }
        switch current {
        case .stored(let row):
            if let key = row.key, let found = try source.index(ofKey: key) {
                cursorRow = found
                return
            }
            if row.key != nil, let near = try nearestSurvivor(around: previous, in: old) {
                cursorRow = near
                return
            }
        case .new(let row):
            if let found = try position(ofNewRow: row.number) {
                cursorRow = found
                return
            }
        case nil:
            break
        }
        cursorRow = try clampedRow(previous)
    }

    /// The position in the current source of the row nearest `position` in `old` that it still
    /// shows, by key: the rows after `position` and before it in turn, nearest first, up to
    /// ``survivorReach`` each way (rows `old` cannot give without waiting are not looked at).
    private func nearestSurvivor(around position: Int, in old: RowSource) throws -> Int? {
        for distance in 1...Self.survivorReach {
            for neighbour in [position + distance, position - distance] where neighbour >= 0 && old.canRead(row: neighbour) {
                if let key = try old.rows(neighbour..<(neighbour + 1)).first?.key,
                   let found = try source.index(ofKey: key) {
                    return found
                }
            }
        }
        return nil
    }

    // MARK: - Drawing

    /// The viewport to draw in `area`: scrolls to keep the cursor visible and fits widths.
    ///
    /// The ``overlay`` is drawn over the rows: staged values marked edited, rows to be deleted
    /// marked deleted, marked rows, and the new rows after the last stored row.
    func viewport(for area: Rect) throws -> GridViewport {
        lastArea = area
        if isHidden(cursorColumn) {
            // The columns changed under the cursor (a refresh): it goes to a column shown.
            cursorColumn = nearestShownColumn(to: cursorColumn)
        }
        let height = visibleRows
        if cursorRow < firstRow {
            firstRow = cursorRow
        } else if cursorRow >= firstRow + height {
            firstRow = cursorRow - height + 1
        }
        let rows = try storedRows(firstRow..<(firstRow + height))
        let newRows = overlay.newRowCount > 0 && rows.count < height
        let window = overlay.window(stored: rows, firstRow: firstRow, height: height,
                                    storedCount: newRows ? try source.count() : nil, columns: source.columns)
        fitWidths(to: window.values)
        var viewport = GridViewport(
            columns: headerColumns, rows: window.values, firstRow: firstRow, totalRows: knownTotal,
            cursorRow: cursorRow, cursorColumn: cursorColumn, firstColumn: max(firstColumn, frozenColumns),
            columnWidths: widths, frozenColumns: frozenColumns, sort: source.sort, edited: window.edited,
            deletedRows: window.deleted, insertedRows: window.inserted)
        viewport.refusedRows = window.refused
        viewport.markedRows = window.marked
        viewport.showsRowSigns = overlay.showsRowSigns
        viewport.hiddenColumns = hiddenIndexes
        firstColumn = GridWidget.firstColumn(revealing: cursorColumn, in: viewport, width: area.width)
        viewport.firstColumn = firstColumn
        lastSlots = GridWidget.slots(for: viewport, width: area.width)
        return viewport
    }
}
