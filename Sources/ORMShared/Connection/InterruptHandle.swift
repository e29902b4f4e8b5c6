/// What ``Interruption`` needs of a connection: a way to stop the statement it runs, called from
/// another thread. SQLite's ``Connection`` calls `sqlite3_interrupt`; a PostgreSQL connection would
/// send `PQcancel`.
package protocol InterruptHandle: AnyObject, Sendable {
    /// Stops the statement running now, if any; the statement fails with the driver's interrupted
    /// error. Safe from any thread.
    func interrupt()

    /// Called on the connection's own thread when work that may be interrupted starts using it
    /// (``Interruption``): from then until ``disarmInterruption()`` an ``interrupt()`` stops the
    /// statements it starts later too, not only the one running.
    func armInterruption()

    /// Called on the connection's own thread when that work stops using it: a later statement runs
    /// as if never interrupted.
    func disarmInterruption()
}

extension InterruptHandle {
    /// Nothing to arm: ``interrupt()`` alone stops what runs.
    package func armInterruption() {}

    /// Nothing to disarm.
    package func disarmInterruption() {}
}
