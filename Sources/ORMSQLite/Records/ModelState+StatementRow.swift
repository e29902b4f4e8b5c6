import ORMShared

// The bookkeeping of an object decoded through the macro's concrete path (``_SQLiteRowModel``).

extension _ModelState.Fields {
    /// Marks an object just decoded from a row of `row.database` whose key column holds `key`:
    /// persisted, and entered in the identity map under its own class. The generated
    /// ``_SQLiteRowModel/init(_$row:key:)`` calls it first, so the map need not reach into the
    /// object; should the row have a live object already, the map takes the entry back before
    /// anyone sees this one.
    @inlinable @inline(__always)
    public mutating func enterDecoded(from row: borrowing _StatementRow, key: SQLValue) {
        enterFresh(key: key, database: row.database)
    }
}
