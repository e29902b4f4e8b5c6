import ORMCore

/// One row as a ``RowSource`` delivers it: the values to show and the key that finds it again.
struct SourceRow: Hashable, Sendable {
    /// One value per column of the source.
    var values: [GridValue]
    /// The rowid or primary key, nil when the source has none (views, query results).
    var key: RowKey?
    /// A frequency table's row: its grouped values as the database gave them, when one is the key
    /// of a long value (shown cut in ``values``), which `Enter` filters the rows by. Nil otherwise.
    var groupKey: [SQLValue]? = nil
    /// Whether the row is pinned last (a pivot table's totals row: ``RelationQuery/pinnedColumn``
    /// not 0), as its page read it.
    var isPinned = false
}
