import ORMCore

/// Where an export reads its rows: every row of a view, in its order, a page at a time.
///
/// Pages keep memory bounded: the exporter holds one page and its text at once.
protocol ExportRows: Sendable {
    /// Hands the rows to `body` in pages of at most `size` rows, values in column order, until
    /// the rows end or `body` returns false.
    func forEachPage(size: Int, _ body: ([[SQLValue]]) throws -> Bool) throws
}

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
        var page: [[SQLValue]] = []
        page.reserveCapacity(size)
        do {
            try query.forEach { record in
                page.append(Array(record.values.dropFirst(hiddenKeys)))
                if page.count == size {
                    defer { page.removeAll(keepingCapacity: true) }
                    if try !body(page) {
                        throw Stop()
                    }
                }
            }
        } catch is Stop {
            return
        }
        if !page.isEmpty {
            _ = try body(page)
        }
    }

    /// Ends the pass early when the consumer asks.
    private struct Stop: Error {}
}

/// The rows of a query's results, read in one pass (one statement, one snapshot) and handed
/// over a page at a time.
struct RelationRows: ExportRows {
    /// The database read.
    let database: Database
    /// The relation's statements.
    let query: RelationQuery

    func forEachPage(size: Int, _ body: ([[SQLValue]]) throws -> Bool) throws {
        var page: [[SQLValue]] = []
        page.reserveCapacity(size)
        do {
            try database.forEachRow(query.all()) { row in
                page.append(row)
                if page.count == size {
                    defer { page.removeAll(keepingCapacity: true) }
                    if try !body(page) {
                        throw Stop()
                    }
                }
            }
        } catch is Stop {
            return
        }
        if !page.isEmpty {
            _ = try body(page)
        }
    }

    /// Ends the pass early when the consumer asks.
    private struct Stop: Error {}
}
