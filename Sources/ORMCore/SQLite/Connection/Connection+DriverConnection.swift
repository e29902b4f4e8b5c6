import CSQLite

extension Connection: DriverConnection {
    var isInTransaction: Bool { !isAutocommit }

    func begin(_ kind: TransactionKind) throws {
        switch kind {
        case .deferred:
            try execute("BEGIN DEFERRED")
        case .immediate:
            try execute("BEGIN IMMEDIATE")
        case .readOnlySnapshot:
            // A deferred transaction takes its snapshot at its first read: read the schema version
            // now, so the snapshot is the one of `begin`, not of the caller's first statement.
            try execute("BEGIN DEFERRED")
            do { _ = try schemaVersion() } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    func commit() throws {
        try execute("COMMIT")
    }

    func rollback() throws {
        try execute("ROLLBACK")
    }

    func savepoint(_ name: String) throws {
        try execute("SAVEPOINT \(raw: quoteIdentifier(name))")
    }

    func releaseSavepoint(_ name: String) throws {
        try execute("RELEASE \(raw: quoteIdentifier(name))")
    }

    func rollback(toSavepoint name: String) throws {
        try execute("ROLLBACK TO \(raw: quoteIdentifier(name))")
    }

    var lastInsertedKey: SQLValue { .integer(lastInsertedRowID) }

    var changedRowCount: Int { changes }

    var interruptHandle: any InterruptHandle { self }

    var introspector: any SchemaIntrospector { self }
}
