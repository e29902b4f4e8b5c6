/// Runs edits inside a trial transaction (see ``Database/trial(waitingForLock:_:)``) and judges
/// each as a commit of them all would: SQLite runs it (types, NOT NULL, CHECK, UNIQUE, triggers,
/// foreign key actions), and foreign keys are judged as at the end of the transaction.
///
/// A run of edits costs one pass when they leave every foreign key resolved: each edit runs in a
/// savepoint of its own (an edit SQLite refuses is rolled back alone) and the deferred-constraint
/// counter is read once at the end. Only when it shows unresolved keys are the edits run again
/// one by one, the counter read after each, until no more can be taken: so an edit is not
/// refused for a key that a later edit of the run resolves (a parent deleted before its children).
struct EditTrial {
    /// One statement to judge.
    struct Step {
        /// The statement.
        var sql: SQL
        /// The table and key of the row an update or delete must find (nil for an insert).
        var target: (table: String, key: [SQLValue])?
        /// Runs the statement (by default, executes it); may read what it returns.
        var run: ((Connection, SQL) throws -> Void)?
    }

    /// The trial transaction was rolled back by the step at `index` (an `ON CONFLICT ROLLBACK`
    /// clause or a trigger's `RAISE(ROLLBACK)`): the trial must start again without it.
    struct Aborted: Error {
        let index: Int
        let error: any Error
    }

    private let connection: Connection
    private let foreignKeys: Bool
    /// Whether unresolved keys are counted with `pragma_foreign_key_check` (when the transaction
    /// had some before the trial: its own changes, in a caller's transaction) rather than read
    /// from SQLite's deferred-constraint counter, which only says whether there are any.
    private let countsViolations: Bool

    /// A judge on `connection`, in a transaction with foreign keys deferred.
    init(connection: Connection) throws {
        self.connection = connection
        foreignKeys = try connection.foreignKeysEnabled()
        countsViolations = foreignKeys && connection.hasUnresolvedForeignKeys
    }

    /// Runs `steps` in order and leaves those SQLite takes applied; returns, for each, nil when it
    /// was taken or the error that refused it. `progress` is told how many steps have been run.
    ///
    /// - Throws: what stops the trial as a whole (a busy or locked database, an interruption, an
    ///   I/O error), or ``Aborted``.
    func judge(_ steps: [Step], progress: (Int) -> Void = { _ in }) throws -> [(any Error)?] {
        var verdicts = [(any Error)?](repeating: nil, count: steps.count)
        let reference = try unresolvedKeys()
        try connection.execute("SAVEPOINT orm_trial_run")
        for index in steps.indices {
            verdicts[index] = try attempt(steps[index], at: index, within: nil)
            progress(index + 1)
        }
        guard try unresolvedKeys() > reference else {
            try connection.execute("RELEASE orm_trial_run")
            return verdicts
        }
        // Some key is left unresolved: run the steps again one by one, keeping each that leaves no
        // more unresolved keys than before it, over and over while that takes more of them.
        try connection.execute("ROLLBACK TO orm_trial_run")
        var waiting = steps.indices.filter { verdicts[$0] == nil }
        var tookSome = true
        while tookSome && !waiting.isEmpty {
            tookSome = false
            var still: [Int] = []
            for index in waiting {
                if let error = try attempt(steps[index], at: index, within: reference) {
                    if error is UnresolvedForeignKey {
                        still.append(index)
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
            verdicts[index] = SQLiteError(
                code: ResultCode(rawValue: 787), message: "FOREIGN KEY constraint failed", sql: steps[index].sql.text)
        }
        try connection.execute("RELEASE orm_trial_run")
        return verdicts
    }

    // MARK: - Private

    /// A step that left more foreign keys unresolved than `limit`.
    private struct UnresolvedForeignKey: Error {}

    /// Runs one step in a savepoint, rolled back when SQLite refuses it, when its row is missing or,
    /// given a `limit`, when it leaves more unresolved keys than that.
    private func attempt(_ step: Step, at index: Int, within limit: Int?) throws -> (any Error)? {
        try connection.execute("SAVEPOINT orm_trial_step")
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
                refusal = UnresolvedForeignKey()
            }
        } catch let error as SQLiteError where Self.stopsTheTrial(error) {
            throw error
        } catch {
            if !connection.isInTransaction { throw Aborted(index: index, error: error) }
            refusal = error
        }
        if refusal != nil {
            try connection.execute("ROLLBACK TO orm_trial_step")
        }
        try connection.execute("RELEASE orm_trial_step")
        return refusal
    }

    /// How many foreign keys are unresolved: SQLite's counter (0 or 1), or a count.
    private func unresolvedKeys() throws -> Int {
        guard foreignKeys else { return 0 }
        guard countsViolations else { return connection.hasUnresolvedForeignKeys ? 1 : 0 }
        var count = 0
        try connection.forEachRow("SELECT count(*) FROM pragma_foreign_key_check") { count = Int($0.int64(at: 0)) }
        return count
    }

    /// Whether `error` says nothing about the edit but stops the whole trial.
    private static func stopsTheTrial(_ error: SQLiteError) -> Bool {
        [.busy, .locked, .interrupt, .ioError, .noMemory, .full, .corrupt, .notADatabase, .cannotOpen, .readOnly]
            .contains(error.code)
    }
}
