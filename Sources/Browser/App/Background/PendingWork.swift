import FoundationEssentials

/// Something the browser waits for without freezing: a sort or filter computed in the background,
/// or a command that needs every row's position (the key snapshot of a big table being read).
///
/// While it runs the status bar shows ``label`` with a spinner; keys typed meanwhile wait in
/// ``queuedKeys`` and are played once it completes, so a script behaves the same however long the
/// work takes. Esc or Ctrl-C cancels it, dropping the keys that wait.
final class PendingWork {
    /// What the status bar says while waiting, e.g. `sorting events by at`.
    let label: String
    /// Whether the work can complete now.
    private let isReady: () -> Bool
    /// Completes the work on the main loop.
    private let complete: () -> Void
    /// Asks work running in the background to stop, when the user cancels.
    private let stop: () -> Void
    /// How far the work has come, when it can tell (`4,000 of 10,000`).
    private let progress: () -> String?
    /// Keys typed while waiting, played after completion.
    var queuedKeys: [Key] = []

    /// Creates work that completes with `complete` once `isReady` returns true; `cancel` asks its
    /// background part to stop when the user gives up on it.
    /// `progress` tells how far it has come, for the status bar.
    init(label: String, isReady: @escaping () -> Bool, complete: @escaping () -> Void,
         cancel: @escaping () -> Void = {}, progress: @escaping () -> String? = { nil }) {
        self.label = label
        self.isReady = isReady
        self.complete = complete
        stop = cancel
        self.progress = progress
    }

    /// What the status bar says while waiting: the label, and how far the work has come.
    var status: String {
        progress().map { "\(label): \($0)" } ?? label
    }

    /// Asks the work's background part to stop (it is no longer waited for).
    func cancel() {
        stop()
    }

    /// Whether the work can complete now.
    var ready: Bool {
        isReady()
    }

    /// Waits up to `milliseconds` for the work to be ready, so quick work never shows a spinner;
    /// returns whether it is.
    func wait(milliseconds: Int) -> Bool {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while !isReady() {
            if Date() >= deadline {
                return false
            }
            pause(seconds: 0.001)
        }
        return true
    }

    /// Completes the work.
    func finish() {
        complete()
    }
}
