/// Thrown by a connection's `executeScript(_:stoppingOutsideTransaction: true)` before a statement
/// that must not run inside the transaction wrapping the script (it manages transactions itself,
/// or the database cannot run it inside one: SQLite's `VACUUM`, PostgreSQL's `CREATE DATABASE`),
/// whichever driver's connection runs it. Nothing of that statement ran.
package struct StatementRunsOutsideTransaction: Error {
    /// Makes one (the drivers throw it).
    package init() {}
}
