/// What ``Interruption`` needs of a connection: a way to stop the statement it runs, called from
/// another thread. SQLite's ``Connection`` calls `sqlite3_interrupt`; a PostgreSQL connection would
/// send `PQcancel`.
protocol InterruptHandle: AnyObject, Sendable {
    /// Stops the statement running now, if any; the statement fails with the driver's interrupted
    /// error. Safe from any thread.
    func interrupt()
}
