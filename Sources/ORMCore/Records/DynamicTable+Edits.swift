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

    /// Checks an edit now, as the database would take it (types, NOT NULL, CHECK, UNIQUE, foreign
    /// keys, triggers; on PostgreSQL also exclusion constraints and the server's type input, `22P02`
    /// for `abc` in an `integer`), by running it in a trial that is rolled back at once: the
    /// database file is left byte for byte as it was, and other connections see nothing of it (see
    /// ``check(_:after:waitingForLock:progress:)``).
    ///
    /// `staged` are edits to be applied together with this one (in one transaction): they run first,
    /// in order, so that the edit is judged in their company, as a commit of them all would judge
    /// it (a child row may name a parent row staged before it, in this table or another). Foreign
    /// keys are checked as at the end of that commit, whatever the order of the edits (on
    /// PostgreSQL the constraints declared `DEFERRABLE`; a `NOT DEFERRABLE` one is checked at each
    /// statement, as the commit will). A staged edit the database refuses is left out of the
    /// company, and fails on its own check, not this one.
    ///
    /// - Parameters:
    ///   - edit: the edit to check.
    ///   - staged: edits to run before it, as a commit of them all would.
    ///   - waitingForLock: wait up to the busy timeout while another connection holds the write
    ///     lock (on PostgreSQL, a lock on the row); false throws at once.
    /// - Throws: the database's error for an edit it refuses, with its message
    ///   (``ORMError/recordNotFound(entity:key:)`` for a row that is gone); when the lock is not
    ///   had, an error whose ``DatabaseError/isBusy`` is true (`SQLITE_BUSY`; PostgreSQL's `55P03`);
    ///   nothing is written either way.
    public func check(_ edit: RowEdit, after staged: [StagedTableEdits] = [], waitingForLock: Bool = true) throws {
        if let refusal = try judge([try step(for: edit)], after: staged, waitingForLock: waitingForLock).first ?? nil {
            throw refusal
        }
    }

    /// Checks many edits of this table in one trial, each judged as ``check(_:after:waitingForLock:)``
    /// judges one, in the company of `staged` and of the edits before it that SQLite takes: what a
    /// commit of them all would refuse. Staging thousands of edits costs one trial, not one each.
    ///
    /// ```swift
    /// let verdicts = try pets.check(keys.map { .delete(key: $0, original: [:]) })
    /// let refused = verdicts.compactMap { $0 }  // one error per edit SQLite refuses
    /// ```
    ///
    /// Nothing reaches the file: the trial runs on a connection of its own, in a transaction that
    /// is always rolled back, whose pages are never written out and whose journal stays in memory.
    /// The file's bytes, its change counter and other connections' `PRAGMA data_version` stay as
    /// they were. The trial holds the write lock while it runs. On PostgreSQL the trial connection
    /// is a session of its own whose transaction always rolls back (it refuses to commit); the row
    /// locks its edits take are held until then.
    ///
    /// - Parameters:
    ///   - edits: the edits, in the order they would be applied.
    ///   - staged: the edits applied before them, as for ``check(_:after:waitingForLock:)``.
    ///   - waitingForLock: wait up to the busy timeout for another connection's write lock.
    ///   - progress: told how many of `edits` have been tried (on the calling thread).
    /// - Returns: one verdict per edit: nil when the database takes it, else its error.
    /// - Throws: what stops the trial as a whole: a lock not had (`SQLITE_BUSY`, PostgreSQL's
    ///   `55P03`), an ``Interruption`` (`SQLITE_INTERRUPT`, `57014`), an I/O error or a lost
    ///   connection.
    public func check(
        _ edits: [RowEdit], after staged: [StagedTableEdits] = [], waitingForLock: Bool = true,
        progress: (Int) -> Void = { _ in }
    ) throws -> [(any Error)?] {
        var verdicts = [(any Error)?](repeating: nil, count: edits.count)
        var steps: [EditTrial.Step] = []
        var positions: [Int] = []
        for (index, edit) in edits.enumerated() {
            do {
                steps.append(try step(for: edit))
                positions.append(index)
            } catch {
                verdicts[index] = error
            }
        }
        let judged = try judge(steps, after: staged, waitingForLock: waitingForLock, progress: progress)
        for (position, verdict) in zip(positions, judged) {
            verdicts[position] = verdict
        }
        return verdicts
    }

    /// Checks an insert like ``check(_:after:waitingForLock:)`` and returns the row as SQLite would
    /// store it now: the values given, the columns' defaults and the generated key.
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
    ///   - staged: edits applied first, as for ``check(_:after:waitingForLock:)``.
    ///   - waitingForLock: wait up to the busy timeout for another connection's write lock.
    /// - Returns: every column of the trial row, by name.
    /// - Throws: the database's error for a row it refuses; a busy error; nothing is written either
    ///   way.
    public func checkInsert(
        _ values: [String: SQLValue], after staged: [StagedTableEdits] = [], waitingForLock: Bool = true
    ) throws -> [String: SQLValue] {
        let row = Lock<[String: SQLValue]>([:])
        var step = try step(for: .insert(values: values))
        let returning = entity.keyColumns == ["rowid"] ? " RETURNING rowid, *" : " RETURNING *"
        step.run = { connection, sql in
            var sql = sql
            sql.text += returning
            func read<C: DriverConnection>(_ connection: C) throws {
                try connection.cachedStatement(sql.text).use { statement in
                    try statement.bind(sql.arguments)
                    while try statement.step() {
                        row.withLock { row in
                            for index in 0..<statement.columnCount {
                                row[statement.columnName(at: index)] = statement.value(at: index)
                            }
                        }
                    }
                }
            }
            switch connection {
            case .sqlite(let sqlite): try read(sqlite)
            case .postgres(let postgres): try read(postgres)
            }
        }
        if let refusal = try judge([step], after: staged, waitingForLock: waitingForLock).first ?? nil {
            throw refusal
        }
        return row.withLock { $0 }
    }

    /// The `INSERT` of `values`; with `overridingSystemValue`, one that sets a `GENERATED ALWAYS`
    /// identity column (PostgreSQL).
    private func insertSQL(_ values: [String: SQLValue], overridingSystemValue: Bool) throws -> SQL {
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

    /// The statement of `edit` as a step of a trial.
    private func step(for edit: RowEdit) throws -> EditTrial.Step {
        var step = EditTrial.Step(sql: try sql(for: edit), target: edit.key.map { (name, $0) })
        if case .insert(let values) = edit {
            step.insert = (self, values)
        }
        return step
    }

    /// `step` as a PostgreSQL trial runs it: an insert that leaves out the generated key is given
    /// the key the sequence would give next (``TrialKeys``), so the trial draws nothing from it.
    private static func takingTrialKey(_ step: EditTrial.Step, from keys: TrialKeys) -> EditTrial.Step {
        guard let (table, values) = step.insert, let column = table.generatedKeyColumn, values[column] == nil else {
            return step
        }
        var keyed = step
        let run = step.run
        keyed.run = { connection, sql in
            var statement = sql
            if case .postgres(let postgres) = connection,
               let key = try keys.take(for: table, column: column, on: postgres) {
                var given = values
                given[column] = .integer(key.value)
                statement = try table.insertSQL(given, overridingSystemValue: key.always)
            }
            if let run {
                try run(connection, statement)
            } else {
                try connection.execute(statement)
            }
        }
        return keyed
    }

    /// Runs `staged` (those SQLite takes), then judges `steps`, in one trial. A step that rolls the
    /// whole trial back (`ON CONFLICT ROLLBACK`, `RAISE(ROLLBACK)`) is refused, or left out of the
    /// company, and the trial starts again without it.
    private func judge(
        _ steps: [EditTrial.Step], after staged: [StagedTableEdits], waitingForLock: Bool,
        progress: (Int) -> Void = { _ in }
    ) throws -> [(any Error)?] {
        let company = staged.flatMap { batch in batch.edits.compactMap { try? batch.table.step(for: $0) } }
        var leftOut = Set<Int>()
        var aborted: [Int: any Error] = [:]
        while true {
            let companyIndices = company.indices.filter { !leftOut.contains($0) }
            let stepIndices = steps.indices.filter { aborted[$0] == nil }
            var inCompany = true
            do {
                let verdicts = try database.trial(waitingForLock: waitingForLock) { connection in
                    var company = company
                    var steps = steps
                    if case .postgres = connection {
                        let keys = TrialKeys()
                        company = company.map { Self.takingTrialKey($0, from: keys) }
                        steps = steps.map { Self.takingTrialKey($0, from: keys) }
                    }
                    let trial = try EditTrial(connection: connection)
                    _ = try trial.judge(companyIndices.map { company[$0] })
                    inCompany = false
                    return try trial.judge(stepIndices.map { steps[$0] }, progress: progress)
                }
                var all = [(any Error)?](repeating: nil, count: steps.count)
                for (index, verdict) in zip(stepIndices, verdicts) { all[index] = verdict }
                for (index, error) in aborted { all[index] = error }
                return all
            } catch let abort as EditTrial.Aborted {
                if inCompany {
                    leftOut.insert(companyIndices[abort.index])
                } else {
                    aborted[stepIndices[abort.index]] = abort.error
                }
            }
        }
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
                    let insertedRowID: Int64?
                    let changed: Int
                    switch connection {
                    case .sqlite(let sqlite):
                        try sqlite.execute(try sql(for: edit))
                        insertedRowID = sqlite.lastInsertedRowID
                        changed = sqlite.changedRowCount
                    case .postgres(let postgres):
                        (insertedRowID, changed) = try run(edit, on: postgres)
                    }
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

    /// On PostgreSQL, after inserts that gave the integer key by hand: the key's identity (or
    /// serial) sequence moves past the largest key, never back, as SQLite's rowid goes past the
    /// largest (the sequence gave those keys again later, and those inserts failed on them). In a
    /// savepoint of its own: a role that may not move the sequence keeps PostgreSQL's behaviour,
    /// and the edits stand.
    private func catchUpKeySequence() throws {
        guard let column = generatedKeyColumn else { return }
        try database.write { connection in
            guard case .postgres(let postgres) = connection else { return }
            let sql = SQL(
                ModelSchema.keySequenceCatchUpSQL(table: name, key: column),
                arguments: [SQLValue.text(quoteIdentifier(name)), SQLValue.text(column)])
            try postgres.savepoint("orm_key_catch_up")
            do {
                try postgres.execute(sql)
            } catch {
                try postgres.rollback(toSavepoint: "orm_key_catch_up")
            }
            try postgres.releaseSavepoint("orm_key_catch_up")
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

    /// Records an applied edit where the database reports no changes itself
    /// (``ChangeSource/recordedWrites``): a row, as SQL wrote it, where the table's key is one
    /// integer (the rowid, or the key the insert made); the table otherwise.
    /// Runs `edit` on PostgreSQL: an insert into a table whose key is one integer hands the key
    /// back with `RETURNING` (there is no rowid); returns it and the rows changed.
    private func run(_ edit: RowEdit, on connection: PostgresConnection) throws -> (insertedKey: Int64?, changed: Int) {
        var statement = try sql(for: edit)
        guard case .insert = edit, entity.hasIntegerKey, entity.keyColumns.count == 1 else {
            try connection.execute(statement)
            return (nil, connection.changedRowCount)
        }
        statement.text += " RETURNING " + quoteIdentifier(entity.keyColumns[0])
        var key: Int64?
        try connection.forEachRow(statement) { row in
            if key == nil, case .integer(let value) = row.value(at: 0) { key = value }
        }
        return (key, connection.changedRowCount)
    }

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
