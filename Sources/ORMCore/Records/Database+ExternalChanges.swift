extension Database {
    /// Starts watching the file for commits by other processes (done by the first event registration).
    public func startExternalChangeMonitor() {
        let weak = WeakDatabase(self)
        core.externalChanges.start(core) { changes in weak.database?.deliver(changes) }
    }
}
