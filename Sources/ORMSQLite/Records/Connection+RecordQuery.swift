import ORMShared

// A record query's rows on SQLite: read in place (``RecordDecoder/decode``), a model's through the
// macro's concrete path when it is a ``_SQLiteRowModel``.

extension Connection {
    /// SQLite's loop of ``RecordDriverConnection/runRecordQuery(_:decoder:database:entity:_:)``:
    /// each row decoded in place from the statement.
    package func runRecordQuery<Record>(
        _ sql: SQL, decoder: RecordDecoder<Record>, database: Database, entity: String,
        _ body: (Record, any DriverStatement) throws -> Void
    ) throws {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            let row = InPlaceRow(cells: statement, database: database, entity: entity)
            while try statement.step() {
                try body(try decoder.decode(row), statement)
            }
        }
    }
}

extension Model {
    /// The object for SQLite's current row (the live instance, refreshed, or a new one,
    /// registered): through the macro's concrete path when the model is a ``_SQLiteRowModel``
    /// (asked of the statement once, then kept), else through the driver-neutral one.
    static func materializeSQLiteRow(_ row: borrowing StatementRow) throws -> Self {
        guard let rowModel = row.statement.rowModel(Self.self) else {
            let values = _ValueRow(statement: row.statement, database: row.database, entity: row.entity)
            return try row.database.materialize(Self.self, row: values, keyIndex: values.resolve(0))
        }
        return try materializeSQLiteRow(row, as: rowModel)
    }

    /// ``materializeSQLiteRow(_:)`` for `M`, which is `Self`.
    private static func materializeSQLiteRow<M: _SQLiteRowModel>(_ row: borrowing StatementRow, as model: M.Type)
        throws -> Self
    {
        unsafeDowncast(try row.database.materialize(M.self, row: row), to: Self.self)
    }
}
