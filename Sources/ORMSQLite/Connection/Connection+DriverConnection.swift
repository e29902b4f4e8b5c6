import CSQLite
import ORMShared

extension Connection: DriverConnection {
    package var isInTransaction: Bool { !isAutocommit }

    package func begin(_ kind: TransactionKind) throws {
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

    package func commit() throws {
        try execute("COMMIT")
    }

    package func rollback() throws {
        try execute("ROLLBACK")
    }

    package func savepoint(_ name: String) throws {
        try execute("SAVEPOINT \(raw: quoteIdentifier(name))")
    }

    package func releaseSavepoint(_ name: String) throws {
        try execute("RELEASE \(raw: quoteIdentifier(name))")
    }

    package func rollback(toSavepoint name: String) throws {
        try execute("ROLLBACK TO \(raw: quoteIdentifier(name))")
    }

    package var lastInsertedKey: SQLValue { .integer(lastInsertedRowID) }

    package var changedRowCount: Int { changes }

    package var interruptHandle: any InterruptHandle { self }

    package var introspector: any SchemaIntrospector { self }
}
