/// How a ``DriverConnection`` begins a transaction.
package enum TransactionKind: Sendable, Equatable {
    /// Takes no lock until the first statement needs one (SQLite's `BEGIN DEFERRED`; PostgreSQL's
    /// plain `BEGIN`).
    case deferred
    /// Takes the right to write at once, so that a transaction that will write never fails halfway
    /// because another writer came first (SQLite's `BEGIN IMMEDIATE`; PostgreSQL's `BEGIN`, whose
    /// row locks are taken as rows are written).
    case immediate
    /// Reads one snapshot of the committed data for the whole transaction: what several statements
    /// read agrees, whatever commits meanwhile (SQLite: `BEGIN` and a read of the schema version,
    /// which starts the read transaction at once; PostgreSQL: `BEGIN ISOLATION LEVEL REPEATABLE
    /// READ READ ONLY`). Only reads may run in it.
    case readOnlySnapshot
}
