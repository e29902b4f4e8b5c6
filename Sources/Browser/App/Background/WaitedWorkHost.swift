import ORMCore

/// What ``WaitedWork`` asks of the ``App`` it serves: the state the work is waited for in, the
/// spinner's frame, the status bar, and the keys it plays once the work is done.
protocol WaitedWorkHost: AnyObject {
    /// The work the screen waits for, with the keys typed meanwhile.
    var pending: PendingState { get set }
    /// The screens and the spinner's frame the status bar turns.
    var state: AppState { get }

    /// Handles one key that waited for the work, as if typed now.
    func handle(_ key: Key) -> Outcome

    /// Says `message` in the status bar (the app's one sink).
    func say(_ message: StatusMessage)

    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String?)
}
