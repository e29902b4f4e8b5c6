import CSQLite
import ORMShared

// MARK: - Change recording

extension Connection {
    package func willRun(_ statement: Statement) {
        tracer?(statement.sql)
        statementMark = pending.rowCount
        totalChangesMark = sqlite3_total_changes64(handle)
    }

    package func didRun(_ statement: Statement, succeeded: Bool) {
        if succeeded {
            // Tables that changed with no row reported by the hook (WITHOUT ROWID tables).
            if !statement.writtenTables.isEmpty, pending.rowCount == statementMark, recordsChanges,
                sqlite3_total_changes64(handle) > totalChangesMark
            {
                for table in statement.writtenTables { pending.appendTableOnly(table) }
            }
        } else {
            pending.removeRows(from: statementMark)
            pending.tables = pending.tablesWithRows.union(pending.tablesWithoutRowDetail)
        }
        if isAutocommit { flushPendingAsCommitted() }
    }

    private func flushPendingAsCommitted() {
        guard !pending.isEmpty else { return }
        // Tables that came with row detail from the hook do not need table-only treatment.
        pending.tablesWithoutRowDetail.subtract(pending.tablesWithRows)
        committed.merge(pending)
        pending = ChangeSet()
    }

    /// Where the pending changes stand, to return to after rolling back to a savepoint.
    package typealias PendingMark = ChangeSet.Mark

    /// The current mark.
    package var pendingMark: PendingMark { pending.mark }

    /// Forgets the changes recorded since `mark` (a savepoint was rolled back).
    package func discardPendingChanges(after mark: PendingMark) {
        pending.discard(after: mark)
    }

    /// Takes the changes committed since the last call.
    package func takeCommittedChanges() -> ChangeSet {
        if isAutocommit { flushPendingAsCommitted() }
        defer { committed = ChangeSet() }
        return committed
    }
}
