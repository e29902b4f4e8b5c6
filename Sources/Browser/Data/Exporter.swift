import ORMCore

/// Writes every row of a view (a relation with its filter and sort) to a file, a page at a time.
///
/// Memory stays bounded: one page of rows and its text are held at once. Pages follow the key
/// (`WHERE rowid > ?`) when the view is in key order, else `LIMIT`/`OFFSET` in the view's order.
///
/// ```swift
/// let exporter = Exporter(database: database, query: query, table: "orders", columns: ["id", "total"],
///                         format: .csv, path: "/tmp/orders.csv")
/// let rows = try exporter.run { written in print(written) }
/// ```
struct Exporter: Sendable {
    /// Rows read per page.
    static let pageSize = 500

    /// The database read.
    let database: Database
    /// The view's statements.
    let query: RelationQuery
    /// The name `INSERT` statements use.
    let table: String
    /// The column names.
    let columns: [String]
    /// The format written.
    let format: ExportFormat
    /// The file written.
    let path: String

    /// Writes the file; calls `progress` with the rows written so far after each page and stops
    /// early (with the rows written) when `isCancelled` returns true.
    ///
    /// - Returns: the number of rows written.
    /// - Throws: ``ExportFile/Failure`` or the database's error.
    func run(isCancelled: () -> Bool = { false }, progress: (Int) -> Void) throws -> Int {
        let file = try ExportFile(path: path)
        let encoder = format.encoder(table: table, columns: columns)
        try file.write(encoder.header())
        let keyCount = query.keyExpressions.count
        var written = 0
        var lastKey: SQLValue?
        while !isCancelled() {
            let sql = query.supportsKeysetPages
                ? query.window(afterKey: lastKey, limit: Self.pageSize)
                : query.window(offset: written, limit: Self.pageSize)
            let page = try database.fetchRows(sql).rows
            var text = ""
            for row in page {
                text += encoder.encode(Array(row.dropFirst(keyCount)))
            }
            try file.write(text)
            written += page.count
            lastKey = page.last?.first
            progress(written)
            if page.count < Self.pageSize {
                break
            }
        }
        try file.write(encoder.footer())
        try file.close()
        return written
    }
}
