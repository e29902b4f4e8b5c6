import ORMCore

/// The narrow interface between the views and the database: rows by position, counted lazily.
///
/// Views never see SQL. Sources are immutable in their options: sorting or filtering makes a new
/// source (``applying(sort:filter:)``), so a failed change leaves the current view untouched.
/// All methods are called from the main loop; counting runs in the background.
protocol RowSource: AnyObject {
    /// What the grid shows in the status bar: a table name or `query`.
    var title: String { get }
    /// The columns, in display order.
    var columns: [GridColumn] { get }
    /// The number of rows when known, nil while it is still being counted.
    var knownCount: Int? { get }
    /// Whether a background count is still running.
    var isCounting: Bool { get }
    /// The sort order, nil for the natural order.
    var sort: GridSort? { get }
    /// The `WHERE` expression the rows are filtered with, nil for none.
    var filter: String? { get }
    /// Whether ``applying(sort:filter:)`` is supported (false for materialised results).
    var supportsSortAndFilter: Bool { get }
    /// When the background count started (the source was made), for its time limit.
    var countingSince: ContinuousClock.Instant { get }
    /// Why the background count was stopped, nil unless it was (the total then shows `?`).
    var countStopped: String? { get }

    /// Stops the background count if it runs (Esc, a time limit, out of sight), saying why; rows
    /// past those already read can then no longer be reached (``reloaded()`` counts again).
    func stopCounting(_ reason: String)

    /// The number of rows, counting now if the background count has not finished.
    func count() throws -> Int

    /// Whether row `row` can be read without waiting for a count or a snapshot.
    func canRead(row: Int) -> Bool

    /// The rows at positions `range` (fewer at the end of the data).
    func rows(_ range: Range<Int>) throws -> [SourceRow]

    /// The position of the row with `key`, or nil if it is gone (or filtered out).
    func index(ofKey key: RowKey) throws -> Int?

    /// The first row in `rows` (scanned upwards, or downwards when `forward` is false) that
    /// `search` matches (text in any column ignoring case, a pattern, one column…), or nil if
    /// there is none.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int?

    /// The columns of row `row` that `search` matches as ``find(_:in:forward:)`` compares them,
    /// in order: where the cursor goes on a match.
    func columns(matching search: GridSearch, inRow row: Int) throws -> [Int]

    /// A new source with the given order and filter.
    ///
    /// - Throws: the database's error when the filter is not a valid expression.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource

    /// A new source with the same options that reads the data afresh.
    func reloaded() throws -> RowSource

    // What the source can do beyond showing rows (defaults in RowSource+Capabilities.swift).

    /// The table these rows are read from by key (live refresh, edits, whole values), if any.
    var keyedTable: TableSource? { get }
    /// Reef's own copy of a statement's results these rows come from, if they do.
    var resultStore: ResultStore? { get }
    /// Whether the rows still arrive from a statement running at the SQL prompt.
    var isFilling: Bool { get }
    /// The table or view the rows are of; nil for a statement's results.
    var tableName: String? { get }
    /// What the rows come from, to count or summarise over; nil when they cannot be read again.
    var relation: SQL? { get }
    /// How a count or summary over ``relation`` reads its long values by rowid; nil for in place.
    var longValueKeyReads: LongValueReads? { get }
    /// The database the rows are read from when it is not the one browsed.
    var ownDatabase: Database? { get }
    /// Whether the row at `row` is pinned last (a pivot table's totals row).
    func isPinned(row: Int) throws -> Bool
    /// The declared SQL type of each column, in ``columns``' order; empty when unknown.
    var declaredColumnTypes: [String] { get }
    /// Whether the cell at `row` and `column` shows a value still being computed (a summary's
    /// `…`) or never computed (its `?`), rather than a value: nothing to copy.
    func isPending(row: Int, column: Int) -> Bool
    /// The rows read again whole, in this view's order and filter, for an export or a copy.
    func rowsToExport() -> (any ExportRows)?
    /// The rows of a frequency table's `group` in this view (its order and filter), values bound;
    /// nil when the rows cannot be read again restricted.
    func restricted(to group: RowGroup) throws -> RowSource?
}

extension RowSource {
    /// The next row (or previous one when `forward` is false) after `from` that contains `text`.
    func find(text: String, from: Int, forward: Bool) throws -> Int? {
        try find(GridSearch(text: text), from: from, forward: forward)
    }

    /// The next row (or previous one when `forward` is false) after `from` that `search` matches.
    func find(_ search: GridSearch, from: Int, forward: Bool) throws -> Int? {
        let rows = forward ? (from < Int.max ? from + 1 : from)..<Int.max : 0..<max(0, from)
        return try find(search, in: rows, forward: forward)
    }

    /// The columns `search` looks in whose shown or stored text it matches (text compared byte by
    /// byte after folding as SQLite's `instr` compares, so a scalar inside an emoji sequence is
    /// found). Sources that read from SQLite ask it instead, for values longer than what a row
    /// keeps (a blob's bytes).
    func columns(matching search: GridSearch, inRow row: Int) throws -> [Int] {
        guard let values = try rows(row..<(row + 1)).first?.values else {
            return []
        }
        let searched = Set(search.searched(columns.map(\.name)))
        return values.indices.filter { index in
            guard columns.indices.contains(index), searched.contains(columns[index].name) else {
                return false
            }
            let shown = CellFormatter.format(values[index], in: columns[index]).text
            return [shown, values[index].castText].contains { search.matches($0) }
        }
    }

    /// Sources that read on demand never wait for a snapshot.
    func canRead(row: Int) -> Bool {
        true
    }

    /// Sources whose rows are read whole (materialised results, a summary, whose view's filter is
    /// in its title) are not sorted.
    var sort: GridSort? {
        nil
    }

    /// Sources whose rows are read whole are not filtered.
    var filter: String? {
        nil
    }

    /// Sources whose rows are read whole cannot be sorted or filtered again.
    var supportsSortAndFilter: Bool {
        false
    }

    /// Sources that count nothing in the background: made now.
    var countingSince: ContinuousClock.Instant {
        .now
    }

    /// Sources that count nothing in the background are never stopped.
    var countStopped: String? {
        nil
    }

    /// Sources that count nothing in the background have nothing to stop.
    func stopCounting(_ reason: String) {}
}
