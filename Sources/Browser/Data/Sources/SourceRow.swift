/// One row as a ``RowSource`` delivers it: the values to show and the key that finds it again.
struct SourceRow: Hashable, Sendable {
    /// One value per column of the source.
    var values: [GridValue]
    /// The rowid or primary key, nil when the source has none (views, query results).
    var key: RowKey?
}
