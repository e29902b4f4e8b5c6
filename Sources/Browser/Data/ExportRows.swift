import ORMCore

/// Where an export reads its rows: every row of a view, in its order, a page at a time.
///
/// Pages keep memory bounded: the exporter holds one page and its text at once.
protocol ExportRows: Sendable {
    /// Hands the rows to `body` in pages of at most `size` rows, values in column order, until
    /// the rows end or `body` returns false.
    func forEachPage(size: Int, _ body: ([[SQLValue]]) throws -> Bool) throws
}

extension ExportRows {
    /// Gathers the rows `pass` hands over one at a time into pages for ``forEachPage(size:_:)``,
    /// ending the pass early when `body` returns false.
    func paging(
        _ pass: (_ row: ([SQLValue]) throws -> Void) throws -> Void, size: Int, _ body: ([[SQLValue]]) throws -> Bool
    ) throws {
        // `pass` and `body` are both non-escaping: the row handler may only call `body` once it is
        // known not to escape either (it does not: `pass` calls it before returning).
        try withoutActuallyEscaping(body) { body in
            var page: [[SQLValue]] = []
            page.reserveCapacity(size)
            do {
                try pass { row in
                    page.append(row)
                    if page.count == size {
                        defer { page.removeAll(keepingCapacity: true) }
                        if try !body(page) {
                            throw PagingStop()
                        }
                    }
                }
            } catch is PagingStop {
                return
            }
            if !page.isEmpty {
                _ = try body(page)
            }
        }
    }
}

/// Ends a pass of ``ExportRows/paging(_:size:_:)`` early when the consumer asks.
private struct PagingStop: Error {}

/// The rows of a table's view, read through its ORMCore query in one pass.
struct TableRows: ExportRows {
    /// The view's query (filter and sort included).
    let query: Query<DynamicRecord>
    /// How many leading values of a record are key columns that are not shown.
    let hiddenKeys: Int

    /// The rows of a ``TableSource``'s view.
    init(_ source: TableSource) {
        query = source.query
        hiddenKeys = max(0, source.table.entity.columns.count - source.columns.count)
    }

    func forEachPage(size: Int, _ body: ([[SQLValue]]) throws -> Bool) throws {
        try paging({ row in try query.forEach { try row(Array($0.values.dropFirst(hiddenKeys))) } }, size: size, body)
    }
}

/// The rows of a query's results, read in one pass (one statement, one snapshot) and handed
/// over a page at a time.
struct RelationRows: ExportRows {
    /// The database read.
    let database: Database
    /// The relation's statements.
    let query: RelationQuery

    func forEachPage(size: Int, _ body: ([[SQLValue]]) throws -> Bool) throws {
        try paging({ row in try database.forEachRow(query.all(), body: row) }, size: size, body)
    }
}
