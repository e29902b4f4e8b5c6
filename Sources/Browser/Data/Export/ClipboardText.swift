import Synchronization

/// The text of a view or a column for the clipboard (`gY`, `gy`), encoded as an export file of
/// the same format would be, held only up to a size limit: past it the rest is still read, to say
/// how big the whole would be, but not kept (the terminal's OSC 52 copy has a limit, and nothing
/// is sent cut short).
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
        try rows.forEachPage(size: Self.pageSize) { page in
            for row in page {
                let piece = (written > 0 ? encoder.separator : "") + encoder.encode(row)
                bytes += piece.utf8.count
                written += 1
                if bytes <= limit {
                    text += piece
                } else if !text.isEmpty {
                    text = ""  // past the limit: counted, not kept
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
