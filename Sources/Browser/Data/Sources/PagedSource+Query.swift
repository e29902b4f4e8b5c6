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
        var relation = try SQL.userQuery(sql, in: database.dialect)
        relation.append(" AS \(identifier: "reef query")")
        var probe: SQL = "SELECT * FROM "
        probe.append(relation)
        probe.append(" LIMIT 0")
        let names = try database.fetchRows(probe).columns
        let query = RelationQuery(relation: relation, columnNames: names, dialect: database.dialect)
        let kinds = database.dialect.kind == .postgres ? postgresKinds(of: sql, columns: names.count, in: database) : nil
        return PagedSource(database: database, query: query, title: "query",
                           columns: names.indices.map { GridColumn(name: names[$0], kind: kinds?[$0] ?? .other) })
    }

    /// The kinds of the result columns of the user's query on PostgreSQL, read without running it:
    /// its columns renamed in a join that takes none of its rows (`ON false`, which the server plans
    /// as a result with nothing to run), whose one row of NULLs still has their types, each kind as
    /// a table's column of that type has (``TableSource/postgresKind(ofType:)``: a `boolean` read as
    /// 1 or 0 shows `true`/`false`, a NULL sits where its column's values do); nil when the server
    /// does not say (the columns then show as they read).
    private static func postgresKinds(of sql: String, columns count: Int, in database: Database) -> [ColumnKind]? {
        guard count > 0 else {
            return nil
        }
        let alias = "reef query"
        var probe: SQL = "SELECT "
        for index in 0..<count {
            probe.append(index == 0 ? "" : ", ")
            probe.append("pg_typeof(\(identifier: alias).\(identifier: "c\(index)"))::text")
        }
        probe.append(" FROM (SELECT 1) AS \(identifier: "reef one") LEFT JOIN ")
        guard let query = try? SQL.userQuery(sql, in: database.dialect) else {
            return nil
        }
        probe.append(query)
        probe.append(" AS \(identifier: alias)(")
        for index in 0..<count {
            probe.append(index == 0 ? "" : ", ")
            probe.append("\(identifier: "c\(index)")")
        }
        probe.append(") ON false")
        guard let types = try? database.fetchRows(probe).rows.first, types.count == count else {
            return nil
        }
        return types.map { type in
            guard case .text(let name) = type else {
                return .other
            }
            return PostgresBoolean.isBoolean(name) ? .boolean : TableSource.postgresKind(ofType: name)
        }
    }
}
