extension DynamicTable {
    /// The key column SQLite fills in when an insert leaves it out: the INTEGER PRIMARY KEY that
    /// names the rowid, or `rowid` itself for a table keyed by its hidden rowid; nil for tables
    /// keyed by other columns (a composite or text primary key), whose inserts must give the key.
    public var generatedKeyColumn: String? {
        entity.hasIntegerKey ? entity.keyColumns.first : nil
    }

    /// The statement an edit runs, with its values bound (for showing pending changes as SQL).
    public func sql(for edit: RowEdit) throws -> SQL {
        guard isWritable else { throw ORMError.invalidQuery("\(name) is read-only: it has no key to find rows by") }
        let table = quoteIdentifier(name)
        switch edit {
        case .update(let key, _, let changes):
            guard !changes.isEmpty else { throw ORMError.invalidQuery("an update of \(name) changes nothing") }
            var sql = SQL(stringLiteral: "UPDATE \(table) SET ")
            for (index, column) in changes.keys.sorted().enumerated() {
                try requireColumn(column)
                sql.text += (index == 0 ? "" : ", ") + "\(quoteIdentifier(column)) = ?"
                sql.arguments.append(changes[column] ?? .null)
            }
            sql.append(try keyCondition(key))
            return sql
        case .insert(let values):
            return try insertSQL(values, overridingSystemValue: false)
        case .delete(let key, _):
            var sql = SQL(stringLiteral: "DELETE FROM \(table)")
            sql.append(try keyCondition(key))
            return sql
        }
    }

    /// The `INSERT` of `values`; with `overridingSystemValue`, one that sets a `GENERATED ALWAYS`
    /// identity column (PostgreSQL).
    package func insertSQL(_ values: [String: SQLValue], overridingSystemValue: Bool) throws -> SQL {
        let table = quoteIdentifier(name)
        let columns = values.keys.sorted()
        for column in columns { try requireColumn(column) }
        if columns.isEmpty { return SQL(stringLiteral: "INSERT INTO \(table) DEFAULT VALUES") }
        return SQL(
            "INSERT INTO \(table) (\(columns.map(quoteIdentifier).joined(separator: ", ")))"
                + (overridingSystemValue ? " OVERRIDING SYSTEM VALUE" : "") + " VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
            arguments: columns.map { values[$0] ?? .null })
    }

    /// Applies edits in one transaction, all or nothing.
    ///
    /// Each update or delete first compares the row with the values the editor started from; a row
    /// changed or deleted by someone else is a conflict, handled by `policy` (by default nothing is
    /// applied and ``EditConflictError`` lists them).
    ///
    /// - Returns: the rows inserted, the number of edits written and the conflicting edits skipped.
    /// - Throws: ``EditConflictError``, or SQLite's error (`.busy` when another process holds the
    ///   write lock: nothing was written and the edits can be retried).
    @discardableResult
    public func apply(_ edits: [RowEdit], policy: ConflictPolicy = .cancel) throws -> AppliedEdits {
        try database.transaction { _ in
            var conflicts: [EditConflict] = []
            var result = AppliedEdits()
            var toApply: [RowEdit] = []
            for edit in edits {
                if let conflict = try conflict(for: edit) {
                    conflicts.append(conflict)
                    if policy == .overwrite, conflict.current != nil {
                        toApply.append(edit)
                    } else {
                        result.skipped.append(conflict)
                    }
                } else {
                    toApply.append(edit)
                }
            }
            if policy == .cancel && !conflicts.isEmpty { throw EditConflictError(conflicts: conflicts) }
            var keysGivenByHand = false
            for edit in toApply {
                if case .insert(let values) = edit, let column = generatedKeyColumn, values[column] != nil {
                    keysGivenByHand = true
                }
                let changed = try database.write { connection -> Int in
                    let (insertedRowID, changed) = try connection.records.writeRow(
                        try sql(for: edit), returningKey: returnedKeyColumn(for: edit))
                    if case .insert = edit, let insertedRowID { result.inserted.append(insertedRowID) }
                    if changed > 0, let recorded = database.writer.recordedChanges {
                        record(edit, insertedRowID: insertedRowID, in: recorded)
                    }
                    return changed
                }
                if changed == 0, edit.key != nil {
                    throw ORMError.recordNotFound(entity: name, key: edit.key?.first ?? .null)
                }
                result.written += 1
            }
            if keysGivenByHand { try catchUpKeySequence() }
            return result
        }
    }

    /// After inserts that gave the integer key by hand: the key's sequence moves past the largest
    /// key (``RecordDriverConnection/catchUpKeySequence(ofTable:column:)``).
    private func catchUpKeySequence() throws {
        guard let column = generatedKeyColumn else { return }
        try database.write { connection in try connection.records.catchUpKeySequence(ofTable: name, column: column) }
    }

    /// The conflict an edit meets now, if any: its row differs from what the editor saw in a
    /// column it still has, or is gone.
    public func conflict(for edit: RowEdit) throws -> EditConflict? {
        let original: [String: SQLValue]
        let key: [SQLValue]
        switch edit {
        case .insert: return nil
        case .update(let editKey, let seen, _), .delete(let editKey, let seen):
            original = seen
            key = editKey
        }
        guard let current = try record(key: key) else { return EditConflict(edit: edit, current: nil) }
        var now: [String: SQLValue] = [:]
        for column in current.columns { now[column] = current[column] }
        // A column dropped (or renamed) since is no change to the row's values: an edit that sets
        // it fails as it is written, by its name, rather than as a conflict.
        for (column, value) in original where now[column] != nil && now[column] != value {
            return EditConflict(edit: edit, current: now)
        }
        return nil
    }

    // MARK: - Helpers

    /// The key column an insert hands back where the database gives no rowid: the table's one
    /// integer key; nil for an update or a delete.
    private func returnedKeyColumn(for edit: RowEdit) -> String? {
        guard case .insert = edit, entity.hasIntegerKey, entity.keyColumns.count == 1 else { return nil }
        return entity.keyColumns[0]
    }

    /// Records an applied edit where the database reports no changes itself
    /// (``ChangeSource/recordedWrites``): a row, as SQL wrote it, where the table's key is one
    /// integer (the rowid, or the key the insert made); the table otherwise.
    private func record(_ edit: RowEdit, insertedRowID: Int64?, in recorded: RecordedChanges) {
        let operation: RecordOperation
        let key: SQLValue?
        switch edit {
        case .insert: (operation, key) = (.insert, insertedRowID.map { .integer($0) })
        case .update(let editKey, _, _): (operation, key) = (.update, editKey.count == 1 ? editKey[0] : nil)
        case .delete(let editKey, _): (operation, key) = (.delete, editKey.count == 1 ? editKey[0] : nil)
        }
        if entity.hasIntegerKey, case .integer? = key, let key {
            recorded.recordRow(table: name, operation: operation, key: key, changedColumns: nil, origin: .sql)
        } else {
            recorded.recordTables([name])
        }
    }

    private func keyCondition(_ key: [SQLValue]) throws -> SQL {
        guard key.count == entity.keyColumns.count, !key.isEmpty else {
            throw ORMError.invalidQuery("a key of \(name) has \(entity.keyColumns.count) values, not \(key.count)")
        }
        var condition = SQL(stringLiteral: " WHERE ")
        for (index, column) in entity.keyColumns.enumerated() {
            condition.text += (index == 0 ? "" : " AND ") + "\(quoteIdentifier(column)) = ?"
            condition.arguments.append(key[index])
        }
        return condition
    }

    private func requireColumn(_ column: String) throws {
        guard let info = info.column(named: column) else { throw ORMError.unknownName("\(name).\(column)") }
        if info.generated != .no { throw ORMError.invalidQuery("\(name).\(column) is generated: it cannot be set") }
    }
}
