/// The rows a statement typed at the SQL prompt returned, stored once in reef's own
/// ``ResultStore`` as they arrived, and what the statement told beside them.
struct StatementRows {
    /// The grid's source over the stored rows (sortable, filterable, countable, exportable).
    let source: TableSource
    /// How many rows arrived.
    let count: Int
    /// The rows the statement changed, when the database counts them (`INSERT … RETURNING`, a
    /// data-changing `WITH`); nil for a query.
    let changedRows: Int?
    /// Whether the statement was stopped (`Esc`) before its last row: the rows shown are those
    /// that arrived, and a write it made was rolled back with it.
    let wasStopped: Bool
    /// Whether the statement changed rows its database does not count: a data-changing `WITH` on
    /// a PostgreSQL server that keeps no statistics (`track_counts` off), whose command tag counts
    /// the outer statement's rows only.
    var changesUncounted = false
    /// How long the server took and the rows took to arrive (nil when not measured).
    var timing: StatementTiming?

    /// The status-bar line: the rows changed beside those returned, or where the statement was
    /// stopped; nil for a query that ran to its end (the grid's count says it all).
    var summary: String? {
        let rows = Self.rows(count)
        if wasStopped {
            return "cancelled: running SQL after \(rows); those that arrived are shown"
        }
        guard let changedRows else {
            return changesUncounted ? "\(rows) returned; the server counts no rows changed (track_counts is off)" : nil
        }
        return (changedRows == 1 ? "1 row changed" : "\(ListWidget.formatCount(changedRows)) rows changed") + ", \(rows) returned"
    }

    /// `1 row`, `12,345 rows`.
    static func rows(_ count: Int) -> String {
        count == 1 ? "1 row" : "\(ListWidget.formatCount(count)) rows"
    }
}
