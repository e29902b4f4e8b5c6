import PostgresClient

// A statement run as written on PostgreSQL (Database.runStatement(_:columns:row:)).

extension PostgresConnection {
    func runStatement(
        _ sql: SQL, columns: ([StatementColumn]) throws -> Void, row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        let sql = sql.rendered(in: dialect)
        let statement = try prepare(sql.text)
        try statement.bind(sql.arguments)
        if statement.columnCount > 0 {
            // The types are named before the statement runs: a command sent while its rows come
            // would read them all into memory first.
            let names = typeNames(of: statement.prepared.columnTypes)
            try columns((0..<statement.columnCount).map {
                StatementColumn(name: statement.columnName(at: $0), typeName: names[Int($0)])
            })
        }
        while try statement.step() { try row(StatementRunRow(values: statement.row())) }
        return StatementRunReport(changedRows: statement.rowsChangedByLastRun, isInTransaction: isInTransaction)
    }

    /// After raw SQL `insert` ran: the key sequences of model tables it gave keys by hand are
    /// moved past the largest key (``Database/keysGivenByHand(in:on:)``).
    func noteKeysGivenByHand(in insert: String, database: Database) throws {
        try database.keysGivenByHand(in: insert, on: self)
    }

    /// The names of types by identifier, as `format_type` writes them, one round trip a distinct
    /// type; nil for a type the catalog does not name (or in an aborted transaction, where nothing
    /// runs but `ROLLBACK`).
    private func typeNames(of types: [PGTypeOID]) -> [String?] {
        var names: [UInt32: String] = [:]
        for type in Set(types.map(\.rawValue)) {
            try? forEachRow(SQL("SELECT format_type(CAST(? AS bigint)::oid, NULL)", arguments: [Int64(type)])) {
                if case .text(let name) = $0.value(at: 0) { names[type] = name }
            }
        }
        return types.map { names[$0.rawValue] }
    }
}
