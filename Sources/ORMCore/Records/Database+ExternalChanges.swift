extension Database {
    /// Starts watching the file for commits by other processes, or on PostgreSQL the server for
    /// other sessions' commits (done by each event registration; on PostgreSQL the watch ends
    /// once the last registration is cancelled, and the next one starts it again).
    public func startExternalChangeMonitor() {
        let weak = WeakDatabase(self)
        let center = changeCenter
        core.externalChanges.start(core, isObserved: { center.hasObservers }) { changes in weak.database?.deliver(changes) }
    }
}
