/// What background work has finished (or come due) and waits for the app's tick, as a value: the
/// tick collects one a subsystem (``App/collect(_:)``, the one place that looks at them), then
/// acts on it (``App/act(on:)``). The subsystems wake the loop's wait for a key through the
/// ``Wakeup`` as their work ends, so a finished piece of work is collected at once.
enum BackgroundEvent {
    /// The work the screen waited for is done: the keys typed meanwhile are played.
    case workDone(PendingWork)
    /// A statement stopped with Esc has ended: what it returned is shown, unless other work is
    /// waited for by then.
    case statementStopped(PendingWork)
    /// A statement whose rows were shown as they arrived has ended: its grid gets reef's whole copy.
    case statementFilled(FillingStatement)
    /// Changes staged while the database was locked are to be checked again.
    case uncheckedChangesDue
    /// The PostgreSQL session was lost, or is back.
    case serverChanged(ServerWatch.Change)
    /// Changes were committed, or the shown table (or its rows on screen) has been read again.
    case tableChanged
    /// A copy to the clipboard (`gY`, `gy`) has ended, how.
    case clipboardCopyEnded(ClipboardCopyTask, ClipboardCopyTask.Outcome)
    /// An export has ended (finished, stopped or failed).
    case exportEnded(ExportTask)

    /// The subsystems whose work the tick collects, in the order it collects them: keys that
    /// waited for work are played first, so what they start or close is seen by the others.
    enum Source: CaseIterable {
        case pendingWork, stoppedStatement, fillingStatement, uncheckedChanges, server, liveRefresh, clipboardCopy, export

        /// Whether this source waits for the next tick when `shown` were shown in this one: a
        /// filled statement after a stopped one, the server's news after checked changes (each
        /// says something in the status bar; the second waits so that the first is read).
        func waits(after shown: Set<Source>) -> Bool {
            switch self {
            case .fillingStatement: shown.contains(.stoppedStatement)
            case .server: shown.contains(.uncheckedChanges)
            default: false
            }
        }
    }
}
