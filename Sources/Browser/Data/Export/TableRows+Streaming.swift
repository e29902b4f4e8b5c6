import FoundationEssentials
@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// A SQLite rowid table's rows with their long values streamed: the view's statement selects a
/// marker in place of each text and long blob (``MarkedValues``, as the grid reads them), and
/// each marked value is read by rowid through incremental I/O: whole when it holds at most
/// ``TableRows/streamedBytes``, else handed over as a ``LongValue`` read a chunk at a time while
/// it is written. An export of a 50 MB value holds a chunk of it, not the value and its copies.
/// A PostgreSQL table's long values are read in pieces on the server
/// (``serverStreamingPages(_:size:columns:_:)``).
extension TableRows {
    func forEachStreamingPage(size: Int, _ body: ([[ExportCell]]) throws -> Bool) throws {
        try streamingPages(size: size, columns: nil, body)
    }

    func forEachStreamingPage(size: Int, columns indexes: [Int], _ body: ([[ExportCell]]) throws -> Bool) throws {
        try streamingPages(size: size, columns: indexes, body)
    }

    /// SQLite's largest page, in bytes: a value held on its page is no longer.
    static let largestPage = 65_536

    /// The rows, every shown column or those at `indexes`.
    private func streamingPages(size: Int, columns indexes: [Int]?, _ body: ([[ExportCell]]) throws -> Bool) throws {
        let database = table.database
        // Without an overflow page every value fits in a page (64 KiB at most), none is streamed,
        // and the rows are read as they are: a marker is a 1 KiB blob, which a sorted view's
        // statement would carry through SQLite's sorter for every text (10 GB for ten million
        // rows: 130 s and 68 MB of merge buffers).
        guard let markedQuery, let marked = markedQuery.markedValues, database.dialect.kind == .sqlite,
              streamedBytes < Self.largestPage || LongValueReads.hasOverflowPages(table: table.name, in: database) else {
            if let serverColumns {
                try serverStreamingPages(serverColumns, size: size, columns: indexes, body)
            } else if let indexes {
                try forEachPage(size: size, columns: indexes) { page in try body(page.map(ExportCell.row)) }
            } else {
                try forEachPage(size: size) { page in try body(page.map(ExportCell.row)) }
            }
            return
        }
        var sql = try markedQuery.selectStatement()
        // For each value written, the position of its column in the table's query (-1: NULL).
        let positions: [Int]
        let rowIDColumn: Int32
        let firstValue: Int32
        if let indexes {
            positions = indexes.map { $0 >= 0 && $0 + hiddenKeys < marked.columns.count ? $0 + hiddenKeys : -1 }
            sql = try projecting(sql, in: database, skipping: 0, indexes: [marked.rowIDPosition] + positions)
            (rowIDColumn, firstValue) = (0, 1)
        } else {
            positions = Array(hiddenKeys..<marked.columns.count)
            (rowIDColumn, firstValue) = (Int32(marked.rowIDPosition), Int32(hiddenKeys))
        }
        try withoutActuallyEscaping(body) { body in
            var page: [[ExportCell]] = []
            page.reserveCapacity(size)
            do {
                try database.forEachStatementRow(sql) { statement in
                    var row: [ExportCell] = []
                    row.reserveCapacity(positions.count)
                    var holdsLong = false
                    for (offset, position) in positions.enumerated() {
                        let column = statement.column(at: firstValue + Int32(offset))
                        guard let kind = marked.marked(position: position, column) else {
                            row.append(.value(ExportValue(column)))
                            continue
                        }
                        let cell = try markedCell(statement, marked: marked, kind: kind, column: marked.columns[position],
                                                  rowID: statement.column(at: rowIDColumn).int64)
                        if case .long = cell {
                            holdsLong = true
                        }
                        row.append(cell)
                    }
                    page.append(row)
                    // A long value can be read only while its row is the statement's.
                    if page.count >= size || holdsLong {
                        defer { page.removeAll(keepingCapacity: true) }
                        if try !body(page) {
                            throw StreamingStop()
                        }
                    }
                }
            } catch is StreamingStop {
                return
            }
            if !page.isEmpty {
                _ = try body(page)
            }
        }
    }

    /// The value a marker stands for: whole when short, else a ``LongValue`` read from `statement`'s
    /// connection while its row is current.
    private func markedCell(_ statement: Statement, marked: MarkedValues, kind: MarkedValues.Kind, column: String,
                            rowID: Int64) throws -> ExportCell {
        let rowIDName = marked.columns[marked.rowIDPosition]
        guard let (bytes, size) = try statement.valueBytes(table: marked.table, column: column, rowID: rowID,
                                                           rowIDColumn: rowIDName, ifAtMost: streamedBytes) else {
            return .value(.null)
        }
        if let bytes {
            switch kind {
            case .text: return .value(String(validating: bytes, as: UTF8.self).map(ExportValue.text) ?? .undecodableText(bytes))
            case .blob: return .value(.blob(Data(bytes)))
            }
        }
        let table = marked.table, chunkBytes = chunkBytes
        return .long(LongValue(kind: kind, size: size) { chunk in
            _ = try statement.forEachValueChunk(table: table, column: column, rowID: rowID, chunkBytes: chunkBytes, chunk)
        })
    }
}

/// Ends a streaming pass early when the consumer asks.
private struct StreamingStop: Error {}
