/// How far an ``ExportTask`` has got.
enum ExportState: Equatable, Sendable {
    /// Writing; this many rows so far.
    case running(rows: Int)
    /// Done: every row written.
    case finished(rows: Int)
    /// Stopped on request: nothing was written to the file.
    case cancelled
    /// Stopped by an error (nothing was written to the file) after this many rows.
    case failed(message: String, rows: Int)
}
