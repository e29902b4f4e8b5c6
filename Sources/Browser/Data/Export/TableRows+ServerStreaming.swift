import FoundationEssentials
@_spi(ModelSupport) import ORMCore
@_spi(ModelSupport) import ORMSQLite
@_spi(ModelSupport) import ORMShared

/// The columns of a PostgreSQL table whose long values an export reads in pieces, and how.
///
/// libpq receives a row whole, so a 50 MB text selected costs 50 MB (a `bytea` twice that, in
/// hex). The view's rows are read through a server cursor a page at a time
/// (``ORMCore/Database/forEachServerPage(_:size:_:)``), each text or `bytea` longer than
/// ``TableRows/streamedBytes`` selected as NULL with its size (`octet_length`, which PostgreSQL
/// answers without reading the value), and read while it is written by the row's key, a piece
/// of ``pieceLength`` characters or bytes a round trip (`substr`).
struct ServerLongColumns: Sendable {
    /// The table.
    let table: String
    /// Its key columns, which find a row again.
    let keyColumns: [String]
    /// The columns that can hold a long value (``ORMCore/PostgresLongValueType``).
    let kinds: [String: MarkedValues.Kind]
    /// The characters (text) or bytes (`bytea`) read a round trip: a text's piece holds at most
    /// four times as many bytes.
    var pieceLength = 1 << 20

    /// The columns of `source`'s table read so, nil when its rows are read whole: not
    /// PostgreSQL, not a table with a key, a view with computed or joined columns or grouped rows,
    /// or no column that can hold a long text or `bytea`.
    static func of(_ source: TableSource) -> ServerLongColumns? {
        let table = source.table
        let keyColumns = table.entity.keyColumns
        guard table.database.dialect.kind == .postgres, table.info.kind == .table, !keyColumns.isEmpty,
              source.computed.isEmpty, source.join == nil, source.group == nil, source.resultStore == nil else {
            return nil
        }
        var kinds: [String: MarkedValues.Kind] = [:]
        for column in table.info.columns where column.generated == .no && !keyColumns.contains(column.name) {
            kinds[column.name] = PostgresLongValueType.kind(of: column.declaredType)
        }
        return kinds.isEmpty ? nil : ServerLongColumns(table: table.info.name, keyColumns: keyColumns, kinds: kinds)
    }
}

extension TableRows {
    /// The rows from `server`'s table, each value after the first `skipping` of the view's
    /// (at `indexes` when given), its long texts and `bytea`s handed over as ``LongValue``s read
    /// in pieces on the server while the page is written.
    func serverStreamingPages(_ server: ServerLongColumns, size: Int, columns indexes: [Int]?,
                              _ body: ([[ExportCell]]) throws -> Bool) throws {
        let database = table.database
        let names = table.entity.columns
        let positions = indexes.map { $0.map { $0 >= 0 && $0 + hiddenKeys < names.count ? $0 + hiddenKeys : -1 } }
            ?? Array(hiddenKeys..<names.count)
        // The keys, then for each value its column or NULL, or a long one's CASE and its size.
        var selected = server.keyColumns.map(quoteIdentifier)
        for position in positions {
            guard position >= 0 else {
                selected.append("NULL")
                continue
            }
            let column = quoteIdentifier(names[position])
            if server.kinds[names[position]] != nil {
                selected.append("CASE WHEN octet_length(\(column)) > \(streamedBytes) THEN NULL ELSE \(column) END")
                selected.append("octet_length(\(column))")
            } else {
                selected.append(column)
            }
        }
        var sql = SQL(stringLiteral: "SELECT \(selected.joined(separator: ", ")) FROM (")
        sql.append(try query.selectStatement())
        sql.append(") AS \(identifier: "reef export")")
        let keyCount = server.keyColumns.count
        try database.forEachServerPage(sql, size: size) { rows, pieces in
            let page = rows.map { row -> [ExportCell] in
                let key = Array(row.prefix(keyCount))
                var cells: [ExportCell] = []
                cells.reserveCapacity(positions.count)
                var index = keyCount
                for position in positions {
                    guard position >= 0, let kind = server.kinds[names[position]] else {
                        cells.append(.value(ExportValue(row[index])))
                        index += 1
                        continue
                    }
                    let (value, size) = (row[index], row[index + 1])
                    index += 2
                    guard value.isNull, case .integer(let bytes) = size, bytes > streamedBytes else {
                        cells.append(.value(ExportValue(value)))
                        continue
                    }
                    let column = names[position]
                    cells.append(.long(LongValue(kind: kind, size: Int(bytes)) { chunk in
                        try pieces.forEachPiece(table: server.table, column: column, keyColumns: server.keyColumns, key: key,
                                                length: server.pieceLength) { piece in
                            switch piece {
                            case .text(var text): try text.withUTF8 { try chunk(UnsafeRawBufferPointer($0)) }
                            case .blob(let data): try data.withUnsafeBytes { try chunk($0) }
                            default: break
                            }
                        }
                    }))
                }
                return cells
            }
            return try body(page)
        }
    }
}
