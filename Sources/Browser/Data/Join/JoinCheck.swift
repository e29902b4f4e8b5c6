import ORMCore

/// What the database is asked before a join changes the view: which kinds it has, and whether it
/// prepares the joined rows.
enum JoinCheck {
    /// The kinds of join `database` runs: inner and left everywhere, full on PostgreSQL and on
    /// SQLite from 3.39 (asked of the library linked, by preparing one).
    static func kinds(on database: Database) -> [TableJoin.Kind] {
        guard database.dialect.kind == .sqlite else {
            return TableJoin.Kind.allCases
        }
        let probe: SQL = "SELECT 1 FROM (SELECT 1 AS x) AS a FULL JOIN (SELECT 1 AS x) AS b ON a.x = b.x LIMIT 0"
        return (try? database.fetchRows(probe)) == nil ? [.inner, .left] : TableJoin.Kind.allCases
    }

    /// Checks that the database prepares `source`'s rows (with its joins) joined with `join`, reading none
    /// (`SELECT * FROM (…) LIMIT 0`); the view's filter is left out (it is checked when the view
    /// is read).
    ///
    /// - Throws: the database's error (a column it does not have, types it cannot compare, a kind
    ///   of join it does not run), or ``ORMCore/ORMError`` when a joined column's name repeats one
    ///   of the view's.
    static func check(_ join: TableJoin, on source: TableSource) throws {
        var probe: SQL = "SELECT * FROM "
        probe.append(source.table.rows(computing: source.computed, joining: source.joins + [join]))
        probe.append(" LIMIT 0")
        _ = try source.table.database.fetchRows(probe)
        try source.table.query(cuttingValuesAt: nil, computing: source.computed, joining: source.joins + [join]).validate()
    }
}
