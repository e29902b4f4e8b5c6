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
            let columns = values.keys.sorted()
            for column in columns { try requireColumn(column) }
            if columns.isEmpty { return SQL(stringLiteral: "INSERT INTO \(table) DEFAULT VALUES") }
            return SQL(
                "INSERT INTO \(table) (\(columns.map(quoteIdentifier).joined(separator: ", "))) VALUES ("
                    + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
                arguments: columns.map { values[$0] ?? .null })
        case .delete(let key, _):
            var sql = SQL(stringLiteral: "DELETE FROM \(table)")
            sql.append(try keyCondition(key))
            return sql
        }
    }

    /// Checks an edit now, as SQLite would take it (types in STRICT tables, NOT NULL, CHECK, UNIQUE,
    /// foreign keys, triggers), by running it in a savepoint that is rolled back at once.
    ///
    /// `staged` are edits to be applied together with this one (in one transaction): they run first,
    /// in order, so that the edit is judged in their company, as a commit of them all would judge
    /// it (a child row may name a parent row staged before it, in this table or another). Foreign
    /// keys are checked as at the end of that commit, whatever the order of the edits. A staged edit
    /// SQLite refuses is left out of the company, and fails on its own check, not this one.
    ///
    /// - Throws: SQLite's error for an edit it refuses; nothing is written either way.
    public func check(_ edit: RowEdit, after staged: [StagedTableEdits] = []) throws {
        try trial(edit, after: staged) { connection, sql in try connection.execute(sql) }
    }

    /// Checks an insert like ``check(_:after:)`` and returns the row as SQLite would store it now:
    /// the values given, the columns' defaults and the generated key.
    ///
    /// ```swift
    /// let row = try pets.checkInsert(["name": "Kit"])
    /// row["legs"]  // .integer(4), the column's default
    /// row["id"]    // the rowid SQLite would choose now (a commit later may get another)
    /// ```
    ///
    /// A table keyed by its hidden rowid reports it under `rowid`.
    ///
    /// - Parameters:
    ///   - values: the columns to set; the others take their defaults.
    ///   - staged: edits applied first, as for ``check(_:after:)``.
    /// - Returns: every column of the trial row, by name.
    /// - Throws: SQLite's error for a row it refuses; nothing is written either way.
    public func checkInsert(_ values: [String: SQLValue], after staged: [StagedTableEdits] = []) throws -> [String: SQLValue] {
        var row: [String: SQLValue] = [:]
        try trial(.insert(values: values), after: staged) { connection, sql in
            var returning = sql
            returning.text += entity.keyColumns == ["rowid"] ? " RETURNING rowid, *" : " RETURNING *"
            try connection.forEachRow(returning) { statement in
                for index in 0..<statement.columnCount {
                    row[statement.columnName(at: index)] = statement.value(at: index)
                }
            }
        }
        return row
    }

    /// Runs `staged`, then `edit` through `run`, in a savepoint that is rolled back at once, failing
    /// as SQLite would at commit: a missing row, or a foreign key broken by the edit (checked as at
    /// commit, by counting the violations before and after it).
    private func trial(_ edit: RowEdit, after staged: [StagedTableEdits], _ run: (Connection, SQL) throws -> Void) throws {
        let sql = try sql(for: edit)
        try database.write { connection in
            let savepoint = quoteIdentifier("orm_check")
            let mark = connection.pendingMark
            try connection.execute("SAVEPOINT \(raw: savepoint)")
            let deferredBefore = try connection.deferForeignKeys()
            defer {
                try? connection.execute("ROLLBACK TO \(raw: savepoint)")
                if !deferredBefore { try? connection.execute("PRAGMA defer_foreign_keys = OFF") }
                // Before RELEASE: in autocommit mode it would deliver the trial's changes as committed.
                connection.discardPendingChanges(after: mark)
                try? connection.execute("RELEASE \(raw: savepoint)")
            }
            for batch in staged {
                for prior in batch.edits { try Self.tryStaged(prior, of: batch.table, on: connection) }
            }
            let violationsBefore = try foreignKeyViolations(connection)
            try run(connection, sql)
            if edit.key != nil, connection.changes == 0 {
                throw ORMError.recordNotFound(entity: name, key: edit.key?.first ?? .null)
            }
            if try foreignKeyViolations(connection) > violationsBefore, try connection.foreignKeysEnabled() {
                throw SQLiteError(code: ResultCode(rawValue: 787), message: "FOREIGN KEY constraint failed", sql: sql.text)
            }
        }
    }

    /// Runs a staged edit in a savepoint of its own, inside a trial; one SQLite refuses is rolled
    /// back and left out. Only a busy or locked database is thrown: nothing can be checked then.
    private static func tryStaged(_ edit: RowEdit, of table: DynamicTable, on connection: Connection) throws {
        guard let sql = try? table.sql(for: edit) else { return }
        let savepoint = quoteIdentifier("orm_check_staged")
        try connection.execute("SAVEPOINT \(raw: savepoint)")
        do {
            try connection.execute(sql)
        } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
            try? connection.execute("ROLLBACK TO \(raw: savepoint)")
            try? connection.execute("RELEASE \(raw: savepoint)")
            throw error
        } catch {
            try? connection.execute("ROLLBACK TO \(raw: savepoint)")
        }
        try connection.execute("RELEASE \(raw: savepoint)")
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
            for edit in toApply {
                let changed = try database.write { connection -> Int in
                    try connection.execute(try sql(for: edit))
                    if case .insert = edit { result.inserted.append(connection.lastInsertedRowID) }
                    return connection.changes
                }
                if changed == 0, edit.key != nil {
                    throw ORMError.recordNotFound(entity: name, key: edit.key?.first ?? .null)
                }
                result.written += 1
            }
            return result
        }
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

    private func foreignKeyViolations(_ connection: Connection) throws -> Int {
        var violations = 0
        try connection.forEachRow("SELECT count(*) FROM pragma_foreign_key_check") { violations = Int($0.int64(at: 0)) }
        return violations
    }
}
