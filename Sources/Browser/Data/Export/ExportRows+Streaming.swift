/// Rows handed over with their long values left in the database, to be streamed as they are
/// written (``ExportCell``): what ``Exporter`` reads.
extension ExportRows {
    /// As ``forEachPage(size:_:)``, values held whole: rows that cannot stream.
    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws {
        try forEachPage(size: size) { page in try body(page.map(ExportCell.row)) }
    }

    /// As ``forEachPage(size:columns:_:)``, values held whole: rows that cannot stream.
    func forEachStreamingPage(size: Int, columns indexes: [Int], _ body: ([[ExportCell]]) throws -> Bool) throws {
        try forEachPage(size: size, columns: indexes) { page in try body(page.map(ExportCell.row)) }
    }
}
