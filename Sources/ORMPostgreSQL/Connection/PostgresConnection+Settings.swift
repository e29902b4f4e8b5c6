import PostgresClient
import ORMShared

// What the shared layers ask of a PostgreSQL session that each database does its own way.

extension PostgresConnection {
    package func deferForeignKeyChecks() throws {
        // Only constraints declared DEFERRABLE can wait for the commit on PostgreSQL.
        try execute("SET CONSTRAINTS ALL DEFERRED")
    }

    package func countWriterActivity() -> WriterActivity? {
        let counted = WriterActivity()
        activity = counted
        return counted
    }

    package func setLockWait(milliseconds: Int32) throws {
        // An integer made here, never text from outside. PostgreSQL reads 0 as "wait forever":
        // not waiting is the shortest wait it has, 1 ms.
        let setting: SQL = "SET lock_timeout = \(raw: String(max(1, milliseconds)))"
        try execute(setting)
    }

    package func prepareTrialTransaction() throws {
        try deferForeignKeyChecks()
    }
}
