extension Database {
    /// Inserts `object` (new; its key property holds `key`), or, when its row clashes with a stored
    /// row on a unique constraint, updates that row with the object's values and makes the object
    /// that row's object (see ``InsertConflictPolicy/update``). In a savepoint of its own: a failure puts
    /// the object back as it was.
    func insertOrUpdate<T: Model>(_ object: T, schema: ModelSchema, key: SQLValue) throws {
        try transaction { _ in
            currentFrame?.touch(object)
            do {
                if writer.connection.records.abortsTransactionOnError {
                    // A failed statement aborts a PostgreSQL transaction: the insert is tried in a
                    // savepoint of its own, so the clashing row can be read after.
                    try transaction { _ in try insert(object, schema: schema, key: key, frame: writerState.innermostFrame) }
                } else {
                    try insert(object, schema: schema, key: key, frame: writerState.innermostFrame)
                }
            } catch let error as any DatabaseError where error.isUniqueViolation {
                guard let rowKey = try clashingRowKey(object, schema: schema, key: key, error: error) else {
                    throw error
                }
                guard object.willUpdate() else { throw veto(schema.table, .update) }
                if let live = identityMap.object(T.self, key: rowKey), live !== object {
                    // The live object of the row leaves the map: recorded first, so a rollback brings
                    // it back.
                    currentFrame?.touch(live)
                }
                try identityMap.adopt(object, key: rowKey, database: self)
                try update(object, columns: schema.allColumns, storedKey: rowKey, runsHooks: false)
                afterCommitUpdate(object)
            }
        }
    }

    /// The key of the stored row `object` clashes with: on its key (when it provides one and the key
    /// clashed), else on the first of the model's unique indexes whose values match.
    private func clashingRowKey<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, error: any DatabaseError
    ) throws -> SQLValue? {
        try clashingRowKey(object, schema: schema, key: key, error: error, on: writer.connection.records)
    }

    private func clashingRowKey<T: Model, C: DriverConnection>(
        _ object: T, schema: ModelSchema, key: SQLValue, error: any DatabaseError, on connection: C
    ) throws -> SQLValue? {
        let table = quoteIdentifier(schema.table)
        let keyColumn = quoteIdentifier(schema.primaryKey.name)
        if error.isPrimaryKeyViolation {
            let statement = try connection.prepare("SELECT \(keyColumn) FROM \(table) WHERE \(keyColumn) = ?")
            try statement.bind([key])
            return try statement.step() ? statement.value(at: 0) : nil
        }
        for index in schema.indexes where index.isUnique {
            let positions = index.columns.compactMap { schema.indexOfColumn(named: $0.name) }.sorted()
            guard !positions.isEmpty, positions.count == index.columns.count else { continue }
            var columns = ColumnSet()
            for position in positions { columns.insert(position) }
            // Bound in column order, as `_$bindColumns` binds them.
            let condition = positions.map { "\(quoteIdentifier(schema.columns[$0].name)) = ?" }
            let statement = try connection.prepare(
                "SELECT \(keyColumn) FROM \(table) WHERE \(condition.joined(separator: " AND ")) LIMIT 1")
            try object._$bindColumns(columns, to: statement, startingAt: 1)
            if try statement.step() { return statement.value(at: 0) }
        }
        return nil
    }

    /// Queues `object`'s `didUpdate` for after the commit.
    private func afterCommitUpdate<T: Model>(_ object: T) {
        if let frame = writerState.innermostFrame {
            frame.queueHook(.update, for: object)
        } else {
            writer.scheduleAfterCommit([{ Self.runDidHook(object, .update) }])
        }
    }
}
