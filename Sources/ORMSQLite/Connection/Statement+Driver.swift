import ORMShared

// SQLite's statement and column value are what the shared layers and generated code use through
// the driver protocols; they already have every member those ask for, but one.

extension _Statement: DriverStatement, _ValueBinder {
    /// Sets the connection's object write, which its update hook reads.
    @inline(__always)
    package func noteObjectWrite(_ write: (table: String, key: SQLValue, columns: [String]?)?) {
        onConnection { $0.objectWrite = write }
    }

    /// The connection's last rowid.
    @inline(__always)
    package var lastInsertedKey: SQLValue { .integer(onConnection(\.lastInsertedRowID)) }
}

extension _ColumnValue: _ValueReader {}
