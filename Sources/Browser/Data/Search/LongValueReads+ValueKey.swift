import ORMCore

extension LongValueReads {
    /// SQLite's expression for the key of `column` that `F` and `I` group, sort and compare long
    /// values by (``ORMCore/ValueKey``, of `limit` bytes of the value's start), read by rowid
    /// (``ORMCore/RowValueKey``) where SQLite would load the value whole: a blob over `limit` bytes
    /// always (`length()` of a blob reads nothing), a text when ``texts`` (SQLite 3.40 cannot tell
    /// a text's length without loading it). Other values are themselves, as `orm_value_key` gives
    /// them.
    func valueKey(of column: String, limit: Int) -> SQL {
        let byRowID: SQL = """
            \(raw: RowValueKey.functionName)(\(table), \(column), \(identifier: rowID), \(raw: String(limit)), typeof(\(identifier: column)))
            """
        var sql: SQL = "CASE typeof(\(identifier: column)) WHEN 'text' THEN "
        sql.append(texts ? byRowID : Self.valueKey(of: column, limit: limit))
        sql.append(" WHEN 'blob' THEN CASE WHEN length(\(identifier: column)) > \(raw: String(limit)) THEN ")
        sql.append(byRowID)
        sql.append(" ELSE \(identifier: column) END ELSE \(identifier: column) END")
        return sql
    }

    /// The key of `column` read in the statement's row, `orm_value_key(column, limit)`: a long
    /// value is loaded whole once to make it.
    static func valueKey(of column: String, limit: Int) -> SQL {
        "\(raw: ValueKey.functionName)(\(identifier: column), \(raw: String(limit)))"
    }

    /// The key of `column` read by rowid through `reads` when given, else in the statement's row.
    static func valueKey(of column: String, limit: Int, reads: LongValueReads?) -> SQL {
        reads.map { $0.valueKey(of: column, limit: limit) } ?? valueKey(of: column, limit: limit)
    }

    /// These reads, texts by rowid only when the table holds a value too long for its page: in
    /// another, each text's key is made in place, several times faster. Asked of SQLite's `dbstat`
    /// (one walk of the table's pages, about 30 ms a million rows), so made in the background.
    func decidingTexts(in database: Database) -> LongValueReads {
        var reads = self
        reads.texts = Self.hasOverflowPages(table: table, in: database)
        return reads
    }

    /// Whether the SQLite table `table` holds a value too long for its page (`dbstat` finds an
    /// overflow page of it); true when `dbstat` cannot tell (a SQLite built without it).
    static func hasOverflowPages(table: String, in database: Database) -> Bool {
        let probe: SQL = "SELECT 1 FROM dbstat WHERE name = \(table) AND pagetype = 'overflow' LIMIT 1"
        guard let found = try? database.fetchRows(probe) else {
            return true
        }
        return !found.rows.isEmpty
    }
}
