import Dispatch
import Synchronization

/// Runs a ``ClipboardText`` (`gy`, `gY`) on a background thread while the browser stays usable:
/// the main loop polls ``rows`` for the status bar and ``result`` once it ends. A copy nobody
/// waits for any more (stopped, or replaced by another) stops after the page it reads.
final class ClipboardCopyTask: Sendable {
    /// How a copy ended.
    enum Outcome: Sendable {
        /// The text (or how big it would have been), as ``ClipboardText/run(isCancelled:progress:)`` gives it.
        case done(ClipboardText.Result)
        /// Stopped before the end: nothing copied.
        case stopped
        /// The database's error, described for the user.
        case failed(String)
    }

    /// What is copied, for the status bar: `column name`, `the view of albums`.
    let what: String
    /// The format's name, as the status bar says it (`tsv`).
    let formatName: String
    /// The rows to expect, when the view's count was known at the start.
    let expectedRows: Int?
    /// Rows read so far.
    private let read = Mutex(0)
    /// The outcome, once the worker ends.
    private let ending = Mutex<Outcome?>(nil)
    /// Set to stop the worker after its current page.
    private let cancelled = Mutex(false)

    /// Starts copying `copy` in the background; `wakeup` is signalled when it ends.
    init(_ copy: ClipboardText, what: String, formatName: String, expectedRows: Int?, wakeup: Wakeup?) {
        self.what = what
        self.formatName = formatName
        self.expectedRows = expectedRows
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome: Outcome
            do {
                let result = try copy.run(isCancelled: { cancelled.withLock { $0 } }) { rows in
                    read.withLock { $0 = rows }
                }
                outcome = result.map { .done($0) } ?? .stopped
            } catch {
                outcome = .failed(UserMessage.describe(error))
            }
            ending.withLock { $0 = outcome }
            wakeup?.signal()
        }
    }

    /// The rows read so far.
    var rows: Int {
        read.withLock { $0 }
    }

    /// How the copy ended, nil while it runs.
    var outcome: Outcome? {
        ending.withLock { $0 }
    }

    /// Whether the copy still runs.
    var isRunning: Bool {
        outcome == nil
    }

    /// Asks the worker to stop after the page it reads: nothing is copied.
    func stop() {
        cancelled.withLock { $0 = true }
    }
}
