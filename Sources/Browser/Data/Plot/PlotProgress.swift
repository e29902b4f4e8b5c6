import Synchronization

/// What a plot's or a histogram's background work is doing (measuring the range, binning the
/// points), for the status bar's spinner while it runs.
final class PlotProgress: Sendable {
    private let step = Mutex("starting")

    /// An empty progress, "starting".
    init() {}

    /// Says that the work now does `text`.
    func tell(_ text: String) {
        step.withLock { $0 = text }
    }

    /// What the work does now.
    var text: String {
        step.withLock { $0 }
    }
}
