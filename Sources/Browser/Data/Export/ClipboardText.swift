import Synchronization

/// The text of a view or a column for the clipboard (`gY`, `gy`), encoded as an export file of
/// the same format would be, held only up to a size limit: past it the rest is still read, to say
/// how big the whole would be, but not kept (the terminal's OSC 52 copy has a limit, and nothing
/// is sent cut short). A long text or blob is read and counted a chunk at a time where the rows
/// can stream it (``ExportRows/forEachStreamingPage(size:_:)``): a 50 MB value past the limit
/// costs a chunk.
///
/// ```swift
/// let copy = ClipboardText(rows: TableRows(source), columns: ["id", "name"], format: .tsv, limit: 1 << 20)
/// switch try copy.run() {
/// case .text(let text, let rows): …        // the whole view, `rows` rows
/// case .tooLong(let bytes, let rows): …    // `bytes` in all: not copied
/// case nil: …                              // cancelled
/// }
/// ```
struct ClipboardText: Sendable {
    /// What encoding the rows came to.
    enum Result: Equatable, Sendable {
        /// The whole text, of `rows` rows.
        case text(String, rows: Int)
        /// The whole would be `bytes` bytes (of `rows` rows), more than the limit: nothing is kept.
        case tooLong(bytes: Int, rows: Int)
    }

    /// Rows read per page.
    static let pageSize = 500

    /// The rows encoded, in the view's order.
    let rows: any ExportRows
    /// The column names, for the header.
    let columns: [String]
    /// The format (CSV, TSV, JSON, JSON lines).
    let format: ExportFormat
    /// The most bytes of UTF-8 kept.
    let limit: Int

    /// Encodes every row; nil when `isCancelled` says to stop (asked between pages).
    ///
    /// - Throws: the database's error.
    func run(isCancelled: () -> Bool = { false }, progress: (Int) -> Void = { _ in }) throws -> Result? {
        let encoder = format.encoder(columns: columns, schema: nil)
        var text = encoder.header()
        var bytes = text.utf8.count
        var written = 0
        var cancelled = false
        func keep(_ piece: String) {
            bytes += piece.utf8.count
            if bytes <= limit {
                text += piece
            } else if !text.isEmpty {
                text = ""  // past the limit: counted, not kept
            }
        }
        // Long values are streamed (``LongValueWriter``): one past the limit is counted a chunk
        // at a time, never held.
        try rows.forEachStreamingPage(size: Self.pageSize) { page in
            for row in page {
                if written > 0 {
                    keep(encoder.separator)
                }
                written += 1
                for part in encoder.parts(row) {
                    switch part {
                    case .text(let piece): keep(piece)
                    case .long(let value, let encoding): try LongValueWriter.write(value, as: encoding) { keep($0) }
                    }
                }
            }
            progress(written)
            cancelled = isCancelled()
            return !cancelled
        }
        if cancelled {
            return nil
        }
        let footer = encoder.footer()
        bytes += footer.utf8.count
        guard bytes <= limit else {
            return .tooLong(bytes: bytes, rows: written)
        }
        return .text(text + footer, rows: written)
    }
}
