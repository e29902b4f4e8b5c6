/// Where the key of a row an insert made comes from, when the database generated it (an
/// auto-incremented or rowid key), as a driver reports it in ``DriverCapabilities``.
package enum InsertedKeySource: Sendable, Equatable {
    /// Read from the connection after the insert: SQLite's rowid (`sqlite3_last_insert_rowid`),
    /// which an `INTEGER PRIMARY KEY` column is.
    case lastInsertedRowID
    /// Handed back by the insert itself, `INSERT … RETURNING "key"`: a database without rowids
    /// (PostgreSQL's identity and `bigserial` columns).
    case returning
}
