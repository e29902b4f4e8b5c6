import ORMCore

/// The live refresh of views joining tables of other schemas (PostgreSQL): the database's watch
/// looks at the schema browsed, so it is told which other tables the open views read.
extension App {
    /// Tells the database's watch the tables of other schemas that the open views join
    /// (`sales.royalty`), when they changed since it was last told: another session's commit to
    /// one then names it (``TableSource/readTables``), and the view reading it is refreshed as for
    /// a commit to its own table. A file's rows joined on the server (a table of reef's own
    /// session) and an attached file on SQLite are nobody else's to change: left out. Called each
    /// tick: it walks the open grids' joins, a few values.
    func watchJoinedTablesOfOtherSchemas() {
        var joined: Set<QualifiedTableName> = []
        let grids = Array(tables.grids.values) + state.screens.compactMap(\.grid)
        for grid in grids {
            for join in grid.source.keyedTable?.joins ?? [] where join.sessionTable == nil {
                if let schema = join.schema {
                    joined.insert(QualifiedTableName(schema: schema, name: join.table))
                }
            }
        }
        guard joined != live.otherSchemaTables else { return }
        live.otherSchemaTables = joined
        database.watchTablesOfOtherSchemas(joined)
    }
}
