import ORMCore

/// What SQLite says of deleting some stored rows of a table, found in one trial in the background
/// (see ``DynamicTable/check(_:after:waitingForLock:progress:)``): the rows' values, the rows gone
/// meanwhile, and the deletions it refuses.
struct DeletionCheck: Sendable {
    /// The keys of the rows still there, in the order asked.
    var keys: [RowKey] = []
    /// The values of those rows (their originals, for the commit's conflict check); a row whose
    /// values could not be read (the file locked against readers) has none.
    var originals: [RowKey: [String: SQLValue]] = [:]
    /// How many rows were gone when they were read.
    var gone = 0
    /// SQLite's message for each deletion it refuses (a foreign key, a trigger).
    var refusals: [RowKey: String] = [:]
    /// Whether another connection held the lock, so nothing could be judged: the deletions are
    /// staged unchecked and checked once the lock is free.
    var isUnchecked = false

    /// Reads the rows of `keys` whose values are not `known` and tries deleting them all after
    /// `company`, never waiting for a lock; `progress` counts the deletions tried.
    ///
    /// - Throws: an interruption (the user gave up), an I/O error.
    static func run(keys: [RowKey], known: [RowKey: [String: SQLValue]], in table: DynamicTable,
                    after company: [StagedTableEdits], progress: ProgressCounter) throws -> DeletionCheck {
        var check = DeletionCheck(originals: known)
        let unread = keys.filter { known[$0] == nil }
        var missing = Set<RowKey>()
        do {
            for (key, row) in zip(unread, try table.storedRows(keys: unread.map(\.values), waitingForLock: false)) {
                if let row {
                    check.originals[key] = row
                } else {
                    missing.insert(key)
                }
            }
        } catch let error as any DatabaseError where error.isBusy {
            check.keys = keys
            check.isUnchecked = true
            return check
        }
        check.gone = missing.count
        check.keys = keys.filter { !missing.contains($0) }
        let edits = check.keys.map { RowEdit.delete(key: $0.values, original: check.originals[$0] ?? [:]) }
        do {
            let verdicts = try table.check(edits, after: company, waitingForLock: false, progress: progress.set)
            for (key, verdict) in zip(check.keys, verdicts) {
                if let verdict {
                    check.refusals[key] = UserMessage.describe(verdict)
                }
            }
        } catch let error as any DatabaseError where error.isBusy {
            check.isUnchecked = true
        }
        return check
    }
}
