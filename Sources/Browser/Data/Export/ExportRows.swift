@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// Where an export reads its rows: every row of a view, in its order, a page at a time, each
/// value exactly as stored (see ``ExportValue``).
///
/// Pages keep memory bounded: the exporter holds one page and its text at once.
protocol ExportRows: Sendable {
    /// Hands the rows to `body` in pages of at most `size` rows, values in column order, until
    /// the rows end or `body` returns false.
    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws

    /// As ``forEachPage(size:_:)``, each row holding only the values of the columns at `indexes`
    /// (in that order; NULL for an index out of range). Sources that read from SQLite read only
    /// those columns: copying one column of a wide table does not read the others.
    func forEachPage(size: Int, columns indexes: [Int], _ body: ([[ExportValue]]) throws -> Bool) throws

    /// As ``forEachPage(size:_:)``, each long text or blob handed over as a ``LongValue`` to
    /// be streamed where the rows can read it so (a SQLite rowid table); a page is handed over
    /// while its long values can be read (a page ends at a row holding one).
    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws

    /// As ``forEachStreamingPage(size:_:)`` with only the columns at `indexes`, as
    /// ``forEachPage(size:columns:_:)`` keeps them.
    func forEachStreamingPage(size: Int, columns indexes: [Int], _ body: ([[ExportCell]]) throws -> Bool) throws

    /// The table a `.sql` export creates for these rows, named `name` unless they come from a
    /// table of their own; `columns` are the names shown.
    func tableSchema(name: String, columns: [String]) throws -> ExportSchema
}

extension ExportRows {
    /// Reads every column and cuts each row down to `indexes`.
    func forEachPage(size: Int, columns indexes: [Int], _ body: ([[ExportValue]]) throws -> Bool) throws {
        try forEachPage(size: size) { page in
            try body(page.map { row in indexes.map { row.indices.contains($0) ? row[$0] : .null } })
        }
    }

    /// `sql` as a subquery of which only the values at `indexes` (counted after its first
    /// `skipping` columns) are selected, in its order. Columns are named as `SELECT *` over the
    /// subquery names them (SQLite makes them unique: `id`, `id:1`), so duplicate names in the
    /// user's query select the right one.
    func projecting(_ sql: SQL, in database: Database, skipping: Int, indexes: [Int]) throws -> SQL {
        var probe: SQL = "SELECT * FROM ("
        probe.append(sql)
        probe.append(") AS \(identifier: "reef export") LIMIT 0")
        let names = try database.fetchRows(probe).columns
        let selected = indexes.map { index in
            names.indices.contains(skipping + index) && index >= 0 ? quoteIdentifier(names[skipping + index]) : "NULL"
        }
        var projected: SQL = "SELECT \(raw: selected.joined(separator: ", ")) FROM ("
        projected.append(sql)
        projected.append(") AS \(identifier: "reef export")")
        return projected
    }

    /// A table without declared types, which keeps every value as it is.
    func tableSchema(name: String, columns: [String]) throws -> ExportSchema {
        ExportSchema(untypedTable: name, columns: columns, note: "query results")
    }

    /// Gathers the rows `pass` hands over one at a time into pages for ``forEachPage(size:_:)``,
    /// ending the pass early when `body` returns false.
    func paging(
        _ pass: (_ row: ([ExportValue]) throws -> Void) throws -> Void, size: Int,
        _ body: ([[ExportValue]]) throws -> Bool
    ) throws {
        // `pass` and `body` are both non-escaping: the row handler may only call `body` once it is
        // known not to escape either (it does not: `pass` calls it before returning).
        try withoutActuallyEscaping(body) { body in
            var page: [[ExportValue]] = []
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

    /// Runs `sql` on `database` and hands each row's values after the first `skipping` to `row`,
    /// read in place so that nothing is converted (SQLite); a server's rows come as values, its
    /// text always UTF-8.
    func readRows(_ sql: SQL, in database: Database, skipping: Int = 0, _ row: ([ExportValue]) throws -> Void) throws {
        guard database.dialect.kind == .sqlite else {
            try database.forEachRow(sql) { values in
                try row(values.dropFirst(skipping).map(ExportValue.init))
            }
            return
        }
        try database.forEachStatementRow(sql) { statement in
            let count = statement.columnCount
            var values: [ExportValue] = []
            values.reserveCapacity(Int(count) - skipping)
            for index in Int32(skipping)..<count {
                values.append(ExportValue(statement.column(at: index)))
            }
            try row(values)
        }
    }
}

/// Ends a pass of ``ExportRows/paging(_:size:_:)`` early when the consumer asks.
private struct PagingStop: Error {}

/// The rows of a table's view, read through its ORMCore query in one pass.
struct TableRows: ExportRows {
    /// The table or view.
    let table: DynamicTable
    /// The view's query (filter and sort included).
    let query: Query<DynamicRecord>
    /// How many leading values of a record are key columns that are not shown.
    let hiddenKeys: Int
    /// The view's filter, for the note a `.sql` export starts with.
    let filter: String?
    /// The view's query reading markers in place of long values (``MarkedValues``), when the
    /// table can be read so: its long values are streamed (``forEachStreamingPage(size:_:)``).
    var markedQuery: Query<DynamicRecord>?
    /// On PostgreSQL, the table's columns whose long values are read in pieces on the server
    /// (``ServerLongColumns``); nil when the rows are read whole.
    var serverColumns: ServerLongColumns?
    /// Values longer than this many bytes are streamed; shorter ones are held whole.
    var streamedBytes = 65_536
    /// The bytes read at a time from a streamed value.
    var chunkBytes = 262_144
    /// Whether the rows are a statement's results (reef's copy of them, ``ResultStore``) or have
    /// computed columns, which the table has not: a `.sql` export then creates an untyped table
    /// named after the file, as for any query's results.
    let isResults: Bool

    /// The rows of a ``TableSource``'s view.
    init(_ source: TableSource) {
        table = source.table
        query = source.wholeQuery
        markedQuery = source.query.markedValues == nil ? nil : source.query
        serverColumns = ServerLongColumns.of(source)
        hiddenKeys = max(0, source.table.entity.columns.count - (source.columns.count - source.computed.count))
        filter = source.filter
        isResults = source.resultStore != nil || !source.computed.isEmpty
    }

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        let sql = try query.selectStatement()
        try paging({ row in try readRows(sql, in: table.database, skipping: hiddenKeys, row) }, size: size, body)
    }

    func forEachPage(size: Int, columns indexes: [Int], _ body: ([[ExportValue]]) throws -> Bool) throws {
        let sql = try projecting(try query.selectStatement(), in: table.database, skipping: hiddenKeys, indexes: indexes)
        try paging({ row in try readRows(sql, in: table.database, row) }, size: size, body)
    }

    func tableSchema(name: String, columns: [String]) throws -> ExportSchema {
        if isResults {
            return ExportSchema(untypedTable: name, columns: columns, note: "query results")
        }
        return try ExportSchema.read(table, columns: columns, filter: filter)
    }
}

/// The rows of a query's results, read in one pass (one statement, one snapshot) and handed
/// over a page at a time.
struct RelationRows: ExportRows {
    /// The database read.
    let database: Database
    /// The relation's statements.
    let query: RelationQuery

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        try paging({ row in try readRows(query.all(), in: database, row) }, size: size, body)
    }

    func forEachPage(size: Int, columns indexes: [Int], _ body: ([[ExportValue]]) throws -> Bool) throws {
        let sql = try projecting(query.all(), in: database, skipping: 0, indexes: indexes)
        try paging({ row in try readRows(sql, in: database, row) }, size: size, body)
    }
}
