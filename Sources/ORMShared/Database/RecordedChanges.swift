import FoundationEssentials

/// What ORMCore wrote on a writer whose database reports no changes itself
/// (``ChangeSource/recordedWrites``): kept as SQLite's hooks keep theirs, pending while a
/// transaction is open and committed once none is, so the facade delivers them the same way.
///
/// Touched only by the holder of the writer's lock.
package final class RecordedChanges: @unchecked Sendable {
    /// How the database cuts raw SQL, to find the tables it writes.
    package let dialect: SQLDialect
    private var pending = ChangeSet()
    private var committed = ChangeSet()

    init(dialect: SQLDialect) {
        self.dialect = dialect
    }

    // MARK: - Recording

    /// Records a row written by an object (or, with origin `.sql`, by an edit that names its row):
    /// `key` is its primary key, `changedColumns` what an update wrote.
    ///
    /// The row's ``RowChange/rowID`` is the key where it is an integer (as SQLite's rowid is the
    /// integer key), else a number standing for the key (``rowID(standingFor:)``), so that changes
    /// to one row coalesce as they do on SQLite.
    func recordRow(
        table: String, operation: RecordOperation, key: SQLValue, changedColumns: [String]?, origin: ChangeOrigin
    ) {
        pending.appendRow(
            table: table, operation: operation, rowID: Self.rowID(standingFor: key), origin: origin,
            key: origin == .object ? key : nil, changedColumns: changedColumns)
    }

    /// Records `tables` as changed with no row known (raw SQL).
    func recordTables(_ tables: some Sequence<String>) {
        for table in tables { pending.appendTableOnly(table) }
    }

    /// Records what `sql`'s statements wrote, in order: the tables each names as written, and
    /// a `ROLLBACK` forgetting what was pending.
    package func recordStatements(of sql: String) {
        for statement in SQLScript.statements(in: sql, dialect: dialect) {
            if SQLScript.rollsBackTransaction(statement, dialect: dialect.tokenDialect) {
                discardPending()
            } else {
                recordTables(SQLScript.tablesWritten(by: statement, dialect: dialect.tokenDialect))
            }
        }
    }

    // MARK: - Transactions

    /// Where the pending changes stand (a savepoint begins).
    package var mark: ChangeSet.Mark { pending.mark }

    /// Forgets the changes recorded since `mark` (its savepoint was rolled back).
    package func discard(after mark: ChangeSet.Mark) {
        pending.discard(after: mark)
    }

    /// Forgets every pending change (the transaction was rolled back).
    func discardPending() {
        pending = ChangeSet()
    }

    /// Takes what was committed since the last call: everything pending when no transaction is open
    /// any more (`inTransaction` false), nothing pending while one is.
    func takeCommitted(inTransaction: Bool) -> ChangeSet {
        if !inTransaction && !pending.isEmpty {
            // Unlike the hooks' rows, a table's recorded rows do not cover it: raw SQL may have
            // written other rows of it, so it stays a table-level change too.
            committed.merge(pending)
            pending = ChangeSet()
        }
        defer { committed = ChangeSet() }
        return committed
    }

    // MARK: - Keys as row numbers

    /// The number a row with primary key `key` is recorded under: the key itself when it is an
    /// integer, else a 64-bit FNV-1a hash of its type and bytes (distinct keys of one commit
    /// colliding is as likely as a 64-bit hash collision).
    package static func rowID(standingFor key: SQLValue) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<Bytes: Sequence<UInt8>>(_ tag: UInt8, _ bytes: Bytes) {
            hash = (hash ^ UInt64(tag)) &* 0x100_0000_01b3
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        switch key {
        case .integer(let value): return value
        case .null: mix(0, [])
        case .real(let value): withUnsafeBytes(of: value.bitPattern) { mix(1, $0) }
        case .text(let text): mix(2, text.utf8)
        case .blob(let data): mix(3, data)
        }
        return Int64(bitPattern: hash)
    }
}
