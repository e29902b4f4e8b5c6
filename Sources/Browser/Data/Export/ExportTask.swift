import Dispatch
import Synchronization

/// Runs an ``Exporter`` on a background thread; the main loop polls ``state`` to show progress.
final class ExportTask: Sendable {
    /// The export run.
    let exporter: Exporter
    /// The number of rows to expect, when the view's count was known at the start.
    let expectedRows: Int?
    /// The progress, guarded because the worker thread writes it.
    private let current = Mutex<ExportState>(.running(rows: 0))
    /// Set to stop the worker after its current page.
    private let cancelled = Mutex(false)
    /// Left when the worker ends.
    private let worker = DispatchGroup()

    /// Starts exporting.
    init(exporter: Exporter, expectedRows: Int?) {
        self.exporter = exporter
        self.expectedRows = expectedRows
        worker.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            work()
            worker.leave()
        }
    }

    /// The progress now.
    var state: ExportState {
        current.withLock { $0 }
    }

    /// Whether the export is still writing.
    var isRunning: Bool {
        if case .running = state {
            return true
        }
        return false
    }

    /// Asks the worker to stop after the page it is writing; the file is then not written.
    func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// Stops the export and waits for the worker to end (after the page it is writing), so that
    /// its temporary file is gone: called as reef quits. Returns whether it was still running.
    @discardableResult
    func stopAndWait() -> Bool {
        guard isRunning else {
            return false
        }
        cancel()
        _ = worker.wait(timeout: .now() + 30)
        return true
    }

    /// The worker: runs the export and records how it ended.
    private func work() {
        let result: ExportState
        do {
            let rows = try exporter.run(isCancelled: { cancelled.withLock { $0 } }) { rows in
                current.withLock { $0 = .running(rows: rows) }
            }
            result = rows.map { .finished(rows: $0) } ?? .cancelled
        } catch {
            result = .failed(message: UserMessage.describe(error), rows: rowsSoFar)
        }
        current.withLock { $0 = result }
    }

    /// The rows written so far.
    private var rowsSoFar: Int {
        switch state {
        case .running(let rows), .finished(let rows), .failed(_, let rows): rows
        case .cancelled: 0
        }
    }
}
