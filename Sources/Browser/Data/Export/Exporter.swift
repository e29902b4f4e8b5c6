import ORMCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes every row of a view (a relation with its filter and sort) to a file, a page at a time.
///
/// Memory stays bounded: one page of rows and its text are held at once, and a long text or blob
/// is streamed from the database to the file a chunk at a time (``LongValueWriter``) where the
/// rows can (``ExportRows/forEachStreamingPage(size:_:)``).
///
/// ```swift
/// let exporter = Exporter(rows: TableRows(source), table: "orders", columns: ["id", "total"],
///                         format: .csv, path: "/tmp/orders.csv")
/// let rows = try exporter.run { written in print(written) }
/// ```
struct Exporter: Sendable {
    /// Rows read per page.
    static let pageSize = 500

    /// The rows written.
    let rows: any ExportRows
    /// The table a `.sql` export creates when the rows have none of their own (query results).
    let table: String
    /// The column names.
    let columns: [String]
    /// The format written.
    let format: ExportFormat
    /// The file written.
    let path: String

    /// Writes the file, replacing one already at ``path`` only once every row is written; calls
    /// `progress` with the rows written so far after each page.
    ///
    /// When `isCancelled` returns true the export stops and nothing is written to ``path``.
    ///
    /// - Returns: the number of rows written, nil when cancelled.
    /// - Throws: ``ExportFile/Failure`` or the database's error (``path`` is then untouched).
    func run(isCancelled: () -> Bool = { false }, progress: (Int) -> Void) throws -> Int? {
        let schema = format == .sqlInserts ? try rows.tableSchema(name: table, columns: columns) : nil
        let file = try ExportFile(path: path)
        let encoder = format.encoder(columns: columns, schema: schema)
        try file.write(encoder.header())
        var written = 0
        if !isCancelled() {
            try rows.forEachStreamingPage(size: Self.pageSize) { page in
                var text = ""
                for (index, row) in page.enumerated() {
                    if written > 0 || index > 0 {
                        text += encoder.separator
                    }
                    for part in encoder.parts(row) {
                        switch part {
                        case .text(let piece):
                            text += piece
                        case .long(let value, let encoding):
                            // A long value goes to the file as it is read, after the text before it.
                            try file.write(text)
                            text = ""
                            try LongValueWriter.write(value, as: encoding) { try file.write($0) }
                        }
                    }
                }
                try file.write(text)
                written += page.count
                progress(written)
                return !isCancelled()
            }
        }
        if isCancelled() {
            file.discard()
            return nil
        }
        try file.write(encoder.footer())
        try file.finish()
        return written
    }
}
