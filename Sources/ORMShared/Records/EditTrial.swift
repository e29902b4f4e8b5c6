/// Runs edits inside a trial transaction (see ``Database/trial(waitingForLock:_:)``) and judges
/// each as a commit of them all would: the database runs it (types, NOT NULL, CHECK, UNIQUE,
/// exclusion constraints, triggers, foreign key actions), and deferred constraints are judged as
/// at the end of the transaction.
///
/// A run of edits costs one pass when they leave every deferred constraint resolved: each edit
/// runs in a savepoint of its own (an edit the database refuses is rolled back alone, which on
/// PostgreSQL also ends the aborted state its error leaves) and the deferred constraints are asked
/// once at the end. Only when one is unresolved are the edits run again one by one, asked after
/// each, until no more can be taken: so an edit is not refused for a key that a later edit of the
/// run resolves (a parent deleted before its children).
///
/// What is deferred is what the commit defers: on SQLite every foreign key (the trial and reef's
/// commit set `defer_foreign_keys`); on PostgreSQL the constraints declared `DEFERRABLE` (the
/// trial and the commit both run `SET CONSTRAINTS ALL DEFERRED`), while a `NOT DEFERRABLE` one,
/// PostgreSQL's default, refuses the statement that breaks it, as it will at commit. PostgreSQL
/// is asked with `SET CONSTRAINTS ALL IMMEDIATE` in a savepoint rolled back at once, whose error
/// (the server's message naming the constraint) is the verdict of an edit left unresolved.
package struct EditTrial {
    /// One statement to judge.
    package struct Step {
        /// The statement.
        package var sql: SQL
        /// The table and key of the row an update or delete must find (nil for an insert).
        package var target: (table: String, key: [SQLValue])?
        /// Runs the statement (by default, executes it); may read what it returns.
        package var run: ((DatabaseConnection, SQL) throws -> Void)?
        /// For an insert: the table and the values given.
        package var insert: (table: DynamicTable, values: [String: SQLValue])?
    }

    /// The trial transaction was rolled back by the step at `index` (an `ON CONFLICT ROLLBACK`
    /// clause or a trigger's `RAISE(ROLLBACK)`): the trial must start again without it.
    struct Aborted: Error {
        package let index: Int
        package let error: any Error
    }

    private let connection: DatabaseConnection
    /// The database's count of the foreign keys left unresolved.
    private let unresolved: any UnresolvedForeignKeys
    /// The error of the last count that named one (PostgreSQL's own words).
    private let lastUnresolved = Lock<(any Error)?>(nil)

    /// A judge on `connection`, in a transaction with foreign keys deferred.
    package init(connection: DatabaseConnection) throws {
        self.connection = connection
        unresolved = try connection.records.unresolvedForeignKeys()
    }

    /// Runs `steps` in order and leaves those the database takes applied; returns, for each, nil
    /// when it was taken or the error that refused it. `progress` is told how many steps have been
    /// run.
    ///
    /// - Throws: what stops the trial as a whole (a busy or locked database, an interruption, an
    ///   I/O error), or ``Aborted``.
    package func judge(_ steps: [Step], progress: (Int) -> Void = { _ in }) throws -> [(any Error)?] {
        var verdicts = [(any Error)?](repeating: nil, count: steps.count)
        let reference = try unresolvedKeys()
        try connection.savepoint("orm_trial_run")
        for index in steps.indices {
            verdicts[index] = try attempt(steps[index], at: index, within: nil)
            progress(index + 1)
        }
        guard try unresolvedKeys() > reference else {
            try connection.releaseSavepoint("orm_trial_run")
            return verdicts
        }
        // Some key is left unresolved: run the steps again one by one, keeping each that leaves no
        // more unresolved keys than before it, over and over while that takes more of them.
        try connection.rollback(toSavepoint: "orm_trial_run")
        var waiting = steps.indices.filter { verdicts[$0] == nil }
        var tookSome = true
        var unresolvedErrors: [Int: any Error] = [:]
        while tookSome && !waiting.isEmpty {
            tookSome = false
            var still: [Int] = []
            for index in waiting {
                if let error = try attempt(steps[index], at: index, within: reference) {
                    if let unresolved = error as? UnresolvedForeignKey {
                        still.append(index)
                        unresolvedErrors[index] = unresolved.error
                    } else {
                        verdicts[index] = error
                    }
                } else {
                    tookSome = true
                }
            }
            waiting = still
        }
        for index in waiting {
            verdicts[index] = unresolvedErrors[index] ?? unresolved.error(refusing: steps[index].sql.text)
        }
        try connection.releaseSavepoint("orm_trial_run")
        return verdicts
    }

    // MARK: - Private

    /// A step that left more foreign keys unresolved than `limit`: the database's error saying
    /// so (PostgreSQL's), or nil where it says only how many (SQLite's).
    private struct UnresolvedForeignKey: Error {
        let error: (any Error)?
    }

    /// Runs one step in a savepoint, rolled back when SQLite refuses it, when its row is missing or,
    /// given a `limit`, when it leaves more unresolved keys than that.
    private func attempt(_ step: Step, at index: Int, within limit: Int?) throws -> (any Error)? {
        try connection.savepoint("orm_trial_step")
        var refusal: (any Error)?
        do {
            if let run = step.run {
                try run(connection, step.sql)
            } else {
                try connection.execute(step.sql)
            }
            if let target = step.target, connection.changedRowCount == 0 {
                refusal = ORMError.recordNotFound(entity: target.table, key: target.key.first ?? .null)
            } else if let limit, try unresolvedKeys() > limit {
                refusal = UnresolvedForeignKey(error: lastUnresolved.withLock { $0 })
            }
        } catch let error as any DatabaseError where error.isSessionFailure {
            throw error
        } catch {
            if !connection.isInTransaction { throw Aborted(index: index, error: error) }
            refusal = error
        }
        if refusal != nil {
            try connection.rollback(toSavepoint: "orm_trial_step")
        }
        try connection.releaseSavepoint("orm_trial_step")
        return refusal
    }

    /// How many foreign keys are unresolved (see ``UnresolvedForeignKeys/count()``), the error
    /// that names one kept in ``lastUnresolved``.
    private func unresolvedKeys() throws -> Int {
        let (count, error) = try unresolved.count()
        if let error { lastUnresolved.withLock { $0 = error } }
        return count
    }
}
