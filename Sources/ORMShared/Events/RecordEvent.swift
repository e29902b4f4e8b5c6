/// A committed change to one row (or, from another process, to a table), as handlers receive it.
public struct RecordEvent: Sendable, Hashable, CustomStringConvertible {
    /// The table.
    public let entity: String
    /// Insert, update or delete; nil when only the table is known to have changed (another process
    /// wrote it, a `WITHOUT ROWID` table, or, on a database without SQLite's hooks, raw SQL): then
    /// ``origin`` is `.external` for another connection's or process's commit, `.sql` for this
    /// database's own.
    public let operation: RecordOperation?
    /// The row's primary key when known: always for integer keys and for changes made by objects.
    public let key: SQLValue?
    /// The rowid, when the table has one (on a database without rowids, ``RowChange/rowID``).
    public let rowID: Int64?
    /// The columns an object's update wrote; nil when unknown (SQL updates, inserts, deletes).
    public let changedColumns: [String]?
    /// Who made the change.
    public let origin: ChangeOrigin

    public var description: String {
        "\(entity) \(operation.map(\.rawValue) ?? "changed") key=\(key?.description ?? "?")"
            + (changedColumns.map { " columns=\($0)" } ?? "") + " (\(origin))"
    }
}
