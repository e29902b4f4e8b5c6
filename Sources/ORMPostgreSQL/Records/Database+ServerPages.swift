import ORMShared

// Rows read through a server cursor, their long values in pieces (PostgreSQL).

extension Database {
    /// On PostgreSQL, runs `sql` through a server cursor in one read-only snapshot and hands
    /// `body` its rows `size` at a time (`FETCH`), with a ``ServerValuePieces`` that reads values
    /// in pieces in the same snapshot, until the rows end or `body` returns false.
    ///
    /// libpq receives a row whole: a query that selects a 50 MB value costs 50 MB (twice that for
    /// a `bytea` in hex) however it is read. A caller that selects long values' sizes in their
    /// place (`octet_length`) and reads them with ``ServerValuePieces/forEachPiece(table:column:keyColumns:key:length:_:)``
    /// while it writes them holds a page of short rows and a piece.
    ///
    /// ```swift
    /// try db.forEachServerPage("SELECT id, octet_length(body) FROM docs ORDER BY id", size: 100) { rows, pieces in
    ///     for row in rows { try pieces.forEachPiece(table: "docs", column: "body", keyColumns: ["id"], key: [row[0]], length: 1 << 20) { _ in } }
    ///     return true
    /// }
    /// ```
    ///
    /// Part of the `ModelSupport` SPI (reef's exports use it).
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` on SQLite; the server's error.
    @_spi(ModelSupport)
    public func forEachServerPage(_ sql: SQL, size: Int, _ body: ([[SQLValue]], ServerValuePieces) throws -> Bool) throws {
        let bound = sql.rendered(in: dialect)
        try read { connection in
            guard let postgres = connection.postgres else {
                throw ORMError.notSupported(feature: "reading rows through a server cursor", database: "SQLite")
            }
            // One snapshot for the rows and the pieces (a transaction of the caller's already
            // when the writer's thread reads).
            let opens = !postgres.isInTransaction
            if opens { try postgres.begin(.readOnlySnapshot) }
            let cursor = quoteIdentifier("orm pages")
            defer {
                if opens { try? postgres.rollback() } else { try? postgres.run("CLOSE \(cursor)") }
            }
            var declare = SQL(stringLiteral: "DECLARE \(cursor) NO SCROLL CURSOR FOR ")
            declare.append(bound)
            try postgres.execute(declare)
            // Prepared for this cursor, not cached: its columns are this query's.
            let fetch = try postgres.prepare("FETCH FORWARD \(max(1, size)) FROM \(cursor)")
            let pieces = ServerValuePieces(connection: postgres)
            while true {
                // The page is read whole before `body` runs: the pieces are read on the same
                // connection, which a statement whose rows are still coming would block.
                let rows = try fetch.use { statement in
                    var rows: [[SQLValue]] = []
                    while try statement.step() { rows.append(statement.row()) }
                    return rows
                }
                guard !rows.isEmpty, try body(rows, pieces), rows.count >= size else { return }
            }
        }
    }
}

/// Reads a text or `bytea` on a PostgreSQL server a piece at a time, by the key of its row
/// (`Database.forEachServerPage(_:size:_:)` hands one over, valid during its call): each piece is
/// one round trip of `substr`, which PostgreSQL answers reading the stored value up to the
/// piece's end, so a 50 MB value is never received whole.
public struct ServerValuePieces {
    /// The connection, inside the snapshot of the rows.
    package let connection: PostgresConnection

    /// Hands `body` the value in `column` of the row of `table` whose `keyColumns` hold `key`,
    /// in pieces of `length` characters (a text: a piece ends at a character boundary) or bytes
    /// (a `bytea`), in order, each a `.text` or `.blob`: no more than one piece is held.
    ///
    /// - Returns: how many pieces were read (0 when the row is gone or the value is NULL).
    /// - Throws: the server's error; what `body` throws.
    @discardableResult
    public func forEachPiece(table: String, column: String, keyColumns: [String], key: [SQLValue], length: Int,
                             _ body: (SQLValue) throws -> Void) throws -> Int {
        let step = max(1, length)
        var sql = SQL(stringLiteral: "SELECT substr(\(quoteIdentifier(column)), ?, ?) FROM \(quoteIdentifier(table)) WHERE ")
        sql.text += keyColumns.map { "\(quoteIdentifier($0)) = ?" }.joined(separator: " AND ")
        var pieces = 0
        var start = 1
        while true {
            var bound = sql
            bound.arguments = [.integer(Int64(start)), .integer(Int64(step))] + key
            var piece: SQLValue = .null
            try connection.forEachRow(bound.rendered(in: connection.dialect)) { piece = $0.value(at: 0) }
            let count: Int
            switch piece {
            case .text(let text): count = text.unicodeScalars.count
            case .blob(let bytes): count = bytes.count
            default: return pieces
            }
            if count > 0 {
                try body(piece)
                pieces += 1
            }
            // A piece shorter than asked is the last.
            guard count == step else { return pieces }
            start += step
        }
    }
}
