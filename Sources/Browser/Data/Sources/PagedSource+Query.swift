import FoundationEssentials
import ORMCore

extension PagedSource {
    /// A source over the results of a `SELECT` (or `WITH`/`VALUES`) statement typed by the user,
    /// wrapped as a subquery so it can be paged, sorted and filtered like a table.
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the text is not one statement (a parameter in it,
    ///   say), SQLite's error when it does not prepare as a subquery.
    static func query(_ sql: String, in database: Database) throws -> PagedSource {
        // PostgreSQL wants every subquery in FROM named; SQLite takes the name as well.
        var relation = try SQL.userQuery(sql)
        relation.append(" AS \(identifier: "reef query")")
        var probe: SQL = "SELECT * FROM "
        probe.append(relation)
        probe.append(" LIMIT 0")
        let names = try database.fetchRows(probe).columns
        let query = RelationQuery(relation: relation, columnNames: names, dialect: database.dialect)
        return PagedSource(database: database, query: query, title: "query",
                           columns: names.map { GridColumn(name: $0) })
    }
}
