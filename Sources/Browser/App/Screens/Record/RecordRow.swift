/// The row the record view shows, read again by key with more of its long values than the grid
/// keeps (``GridValue/recordTextBytes``), kept while the same row of the same source is shown: a
/// 50 MB value is read once per row shown, not once per key.
struct RecordRow {
    /// The source it was read from (a refresh makes a new one).
    weak var source: TableSource?
    /// The row's key.
    let key: RowKey
    /// The row's values as the record view shows them, nil when the row was gone.
    let values: [GridValue]?
}
