// MARK: - Checking edits in a trial

extension DynamicTable {
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
            try read(connection.driverConnection)
        }
        if let refusal = try judge([step], after: staged, waitingForLock: waitingForLock).first ?? nil {
            throw refusal
        }
        return row.withLock { $0 }
    }

    /// The statement of `edit` as a step of a trial.
    private func step(for edit: RowEdit) throws -> EditTrial.Step {
        var step = EditTrial.Step(sql: try sql(for: edit), target: edit.key.map { (name, $0) })
        if case .insert(let values) = edit {
            step.insert = (self, values)
        }
        return step
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
                    if let keying = connection.records.keyingTrialSteps() {
                        company = company.map(keying)
                        steps = steps.map(keying)
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
}
