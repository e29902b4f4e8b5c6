/// The app's side of the work the screen waits for (``WaitedWork``): the hosts that start such
/// work (the tables, the statements, the edits) hand it to ``run(_:)``.
extension App: WaitedWorkHost {
    /// Completes `work` now when it is quick, else leaves it pending with a spinner
    /// (``WaitedWork/run(_:)``).
    func run(_ work: PendingWork) {
        waits.run(work)
    }
}
