/// Rows already in memory (a histogram's bins), exported and copied as a view's rows are, in
/// pages of the size asked.
struct HeldRows: ExportRows {
    /// Every row, values in column order.
    let rows: [[ExportValue]]

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + max(1, size))
            guard try body(Array(rows[start..<end])) else {
                return
            }
            start = end
        }
    }

    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws {
        try forEachPage(size: size) { page in try body(page.map(ExportCell.row)) }
    }

    func forEachStreamingPage(size: Int, columns indexes: [Int], _ body: ([[ExportCell]]) throws -> Bool) throws {
        try forEachPage(size: size, columns: indexes) { page in try body(page.map(ExportCell.row)) }
    }
}
