import ORMShared

extension Model {
    /// Every remaining row of a PostgreSQL statement (bound, not stepped yet) as live objects:
    /// the loop behind `fetch(where:)`, `fetchAll()` and `query().fetch()` on PostgreSQL, as
    /// ``materializeRows(of:database:columnMap:)`` is SQLite's.
    ///
    /// Each row's values are read straight from the statement's current libpq row by the reader
    /// the statement chose for each column once (``PostgresStatement/column(at:)``), inlined into
    /// the model's generated initialiser: no existential, witness or `SQLValue` array per row.
    /// Rows with an integer key are entered in the identity map a window of 128 at a time under
    /// one acquisition of its lock; any other key takes ``Database/materialize(_:row:keyIndex:)``.
    /// The statement streams its rows (libpq's single-row mode), so a million rows never sit in
    /// libpq's memory at once.
    package static func materializeRows(
        of statement: PostgresStatement, database: Database, columnMap: [Int32]? = nil
    ) throws -> [Self] {
        let row = _ValueRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        let keyIndex = row.resolve(0)
        var window = FetchWindow(database.identityMap)
        while try statement.step() {
            if keyIndex < 0 { throw _ColumnCoding.missingColumn(row, modelSchema.primaryKey.name) }
            // The key as stored, read once: the object's key property is made from it, and the
            // initialiser marks the object as the row's, entered under `Self`.
            let key = statement.value(at: keyIndex)
            if case .integer(let integer) = key {
                window.append(decoded: try Self(_$values: row, key: key), integerKey: integer)
            } else {
                window.append(entered: try database.materialize(Self.self, row: row, keyIndex: keyIndex))
            }
        }
        return window.array(of: Self.self)
    }
}

extension PostgresStatement: RecordDriverStatement {
    package func materialize<T: Model>(_ type: T.Type, database: Database, columnMap: [Int32]?) throws -> [T] {
        try T.materializeRows(of: self, database: database, columnMap: columnMap)
    }
}

extension PostgresConnection {
    package func fetchModels<T: Model>(_ type: T.Type, sql: SQL, database: Database, mapsColumnsByName: Bool) throws -> [T] {
        let sql = sql.rendered(in: dialect)
        return try cachedStatement(sql.text).use { statement in
            // Read as the model stores them (a `Date` from `timestamptz`), not as text.
            statement.readColumns(as: T.modelSchema)
            try statement.bind(sql.arguments)
            return try T.materializeRows(
                of: statement, database: database, columnMap: mapsColumnsByName ? T.columnMap(for: statement) : nil)
        }
    }

    /// PostgreSQL's loop of ``RecordDriverConnection/runRecordQuery(_:decoder:database:entity:_:)``:
    /// each row read through the macro's driver-neutral path, the entity's columns read as stored.
    package func runRecordQuery<Record>(
        _ sql: SQL, decoder: RecordDecoder<Record>, database: Database, entity: String,
        _ body: (Record, any DriverStatement) throws -> Void
    ) throws {
        try cachedStatement(sql.text).use { statement in
            if let columns = decoder.storedColumns { statement.readColumns(as: columns) }
            try statement.bind(sql.arguments)
            let row = _ValueRow(statement: statement, database: database, entity: entity)
            while try statement.step() {
                try body(try decoder.decodeValues(row), statement)
            }
        }
    }

    package func readModelRow<T: Model>(
        into object: T, key: SQLValue, statement statementKey: ModelStatementKey, sql: String, database: Database,
        beforeApplying: () -> Void
    ) throws -> Bool {
        try withModelStatement(statementKey, schema: T.modelSchema, sql: { _ in sql }) { statement in
            try statement.bind([key])
            guard try statement.step() else { return false }
            let row = _ValueRow(statement: statement, database: database, entity: T.modelSchema.table)
            beforeApplying()
            try object._$apply(row, keeping: object.dirtyColumns)
            return true
        }
    }
}
