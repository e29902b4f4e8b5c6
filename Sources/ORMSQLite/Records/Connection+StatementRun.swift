import ORMShared

// A statement run as written on SQLite (Database.runStatement(_:columns:row:)).

extension Connection {
    package func runStatement(
        _ sql: SQL, borrowingValuesOver limit: Int?, readingBlobsInPieces inPieces: Bool, columns: ([StatementColumn]) throws -> Void,
        row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        if inPieces, let limit, sql.arguments.isEmpty, let projection = PlainProjection.make(sql.text, limit: limit, on: self) {
            return try run(projection, borrowingValuesOver: limit, columns: columns, row: row)
        }
        let statement = try prepare(sql.text)
        try statement.bind(sql.arguments)
        if statement.columnCount > 0 {
            try columns((0..<statement.columnCount).map {
                StatementColumn(name: statement.columnName(at: $0), typeName: statement.declaredType(at: $0))
            })
        }
        while try statement.step() { try row(Self.runRow(statement, count: statement.columnCount, borrowingValuesOver: limit)) }
        // `sqlite3_changes` keeps the last row write's count through later queries and DDL: only
        // a row write (`WITH … INSERT` too) is told its count.
        let writesRows =
            !statement.isReadOnly
            && Database.rowWritingKeywords.union(["WITH"]).contains(SQLScript.leadingKeyword(of: sql.text))
        return StatementRunReport(changedRows: writesRows ? changedRowCount : nil, isInTransaction: isInTransaction)
    }

    /// The current row of a statement, with the bytes of any text that is not valid UTF-8 (looked
    /// for only in a text whose decoding holds U+FFFD, which a repaired sequence becomes), and its
    /// texts and blobs over `limit` bytes read in place (SQLite's copy of the row, which the next
    /// step frees), never copied into a `String` or `Data`.
    private static func runRow(_ statement: Statement, count: Int32, borrowingValuesOver limit: Int?) -> StatementRunRow {
        var row = StatementRunRow(values: [])
        row.values.reserveCapacity(Int(count))
        for index in 0..<count {
            let column = statement.column(at: index)
            if let limit, let borrowed = column.borrowed(over: limit) {
                row.borrowed[Int(index)] = borrowed
                row.values.append(.null)
            } else {
                row.values.append(column.value)
            }
        }
        for (index, value) in row.values.enumerated() {
            guard case .text(let text) = value, text.utf8.contains(0xEF), text.contains("\u{FFFD}") else { continue }
            let bytes = statement.column(at: Int32(index)).withTextBytes { Array($0) }
            if String(validating: bytes, as: UTF8.self) == nil {
                row.invalidText[index] = bytes
            }
        }
        return row
    }

    /// Runs `projection`'s statement in place of the one typed: its rows as the typed statement's,
    /// each long blob, and each text (in a table where one can be long), read by rowid while the
    /// statement, and so its read transaction, is still on that row: a text of at most `limit`
    /// bytes whole into the row's values (its bytes in ``StatementRunRow/invalidText`` when they are
    /// not UTF-8), a longer value handed over as pieces (``StatementRunRow/pieces``).
    private func run(
        _ projection: PlainProjection, borrowingValuesOver limit: Int, columns: ([StatementColumn]) throws -> Void,
        row: (StatementRunRow) throws -> Void
    ) throws -> StatementRunReport {
        let statement = try prepare(projection.sql)
        try columns(projection.columns)
        let width = Int32(projection.columns.count)
        let texts = RowValueReader(connection: self, schema: projection.schema, table: projection.table)
        defer { texts.close() }
        while try statement.step() {
            var values = Self.runRow(statement, count: width, borrowingValuesOver: limit)
            let rowID = statement.int64(at: projection.rowIDPosition)
            for (position, cut) in projection.cut where !statement.isNull(at: Int32(cut.sizePosition)) {
                let (schema, table, column) = (projection.schema, projection.table, cut.column)
                var kind = BorrowedValue.Kind.blob
                var count = Int(statement.int64(at: Int32(cut.sizePosition)))
                if count < 0 {
                    // A text: its size, and its bytes when it is short, read by rowid.
                    kind = .text
                    let (size, bytes) = try texts.read(column: column, rowID: rowID, ifAtMost: limit)
                    if let bytes {
                        values.values[position] = .text(String(decoding: bytes, as: UTF8.self))
                        if String(validating: bytes, as: UTF8.self) == nil {
                            values.invalidText[position] = bytes
                        }
                        continue
                    }
                    count = size
                }
                values.pieces[position] = ValuePieces(kind: kind, count: count) { bytes, body in
                    try self.readBlob(schema: schema, table: table, column: column, rowID: rowID, pieceBytes: bytes, body)
                }
            }
            try row(values)
        }
        return StatementRunReport(changedRows: nil, isInTransaction: isInTransaction)
    }
}
