/// How far an ``ExportTask`` has got.
enum ExportState: Equatable, Sendable {
    /// Writing; this many rows so far.
    case running(rows: Int)
    /// Done: every row written.
    case finished(rows: Int)
    /// Stopped by an error after this many rows.
    case failed(message: String, rows: Int)
}
