extension Query {
    /// The pieces every statement of this query shares: FROM with joins, WHERE, ORDER BY.
    struct Parts {
        var from: String
        var whereClause: SQL
        var orderBy: String
        var joinedColumns: [(name: String, sql: String)]
        /// The extra expressions asked for, rewritten (qualified, paths joined).
        var extras: [String] = []
    }

    func parts(extras: [String] = []) throws -> Parts {
        if let buildError { throw buildError }
        let root = quoteIdentifier(entity.table)
        var qualifiers: Set<String> = [entity.table]
        for join in explicitJoins { qualifiers.insert(join.entity.table) }
        var resolver = PathResolver(root: entity, qualifiers: qualifiers)

        // Paths are resolved first; bare columns only need qualifying once something is joined, and
        // are otherwise left as written (a subquery's own columns must not be tied to the root table).
        let rewrittenConditions = try conditions.map { try resolver.rewrite($0.text) }
        let rewrittenOrderings = try orderings.map { try resolver.rewrite($0.expression) }
        let rewrittenExtras = try extras.map { try resolver.rewrite($0) }
        let qualify = !explicitJoins.isEmpty || !resolver.joins.isEmpty

        var whereClause = SQL(stringLiteral: "")
        for (index, condition) in conditions.enumerated() {
            var rewritten = condition
            if qualify { rewritten.text = rewrittenConditions[index] }
            whereClause.text += index == 0 ? "WHERE (" : " AND ("
            whereClause.append(rewritten)
            whereClause.text += ")"
        }
        var orderTerms: [String] = []
        for (index, ordering) in orderings.enumerated() {
            let expression = qualify ? rewrittenOrderings[index] : ordering.expression
            orderTerms.append(expression + (ordering.descending != reversesOrder ? " DESC" : ""))
        }
        // A stable order: ties are broken by the key, so windows and pages never overlap.
        if !orderTerms.isEmpty || batchSize != nil || reversesOrder {
            orderTerms += entity.keyColumns.map { "\(root).\(quoteIdentifier($0))" + (reversesOrder ? " DESC" : "") }
        }

        var joins: [String] = []
        var joinedColumns: [(String, String)] = []
        var joinedEntities = [entity]
        for join in explicitJoins {
            let target = quoteIdentifier(join.entity.table)
            let left = try joinColumn(join.leftParameter, of: joinedEntities, parameter: "leftParameter")
            let right = try joinColumn(join.targetParameter, of: [join.entity], parameter: "targetParameter")
            joinedEntities.append(join.entity)
            joins.append("LEFT JOIN \(target) ON \(right) = \(left)")
            for column in join.entity.columns {
                joinedColumns.append(("\(join.entity.table).\(column)", "\(target).\(quoteIdentifier(column))"))
            }
        }
        joins += resolver.joins
        let from = ([root] + joins).joined(separator: " ")
        return Parts(
            from: from, whereClause: whereClause,
            orderBy: orderTerms.isEmpty ? "" : "ORDER BY " + orderTerms.joined(separator: ", "),
            joinedColumns: joinedColumns, extras: qualify ? rewrittenExtras : extras)
    }

    /// `"Table"."column"` for a `joinTo` parameter: a column of the first of `entities`, or
    /// `Table.column` naming any of them (case-insensitively, as SQLite compares names). A name that
    /// is itself a column of the first entity is that column, dots and all.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` when `name` has a dot but is no column of the first
    ///   entity and starts with the name of none of them.
    func joinColumn(_ name: String, of entities: [EntityDescription], parameter: String) throws -> String {
        let first = entities[0]
        if !name.contains(".") || first.columns.contains(name) || first.keyColumns.contains(name) {
            return "\(quoteIdentifier(first.table)).\(quoteIdentifier(name))"
        }
        // The longest table name that prefixes it wins: `a.b.c` is column `c` of a table `a.b`.
        let owner = entities.filter { candidate in
            let prefix = candidate.table + "."
            return name.count > prefix.count && name.prefix(prefix.count).lowercased() == prefix.lowercased()
        }.max { $0.table.count < $1.table.count }
        guard let owner else {
            let tables = entities.map(\.table).joined(separator: ", ")
            throw ORMError.invalidQuery("joinTo \(parameter) \(name) is no column of \(tables)")
        }
        let column = String(name.dropFirst(owner.table.count + 1))
        return "\(quoteIdentifier(owner.table)).\(quoteIdentifier(column))"
    }

    /// `SELECT <select> FROM … WHERE … ORDER BY … LIMIT … OFFSET …`.
    func statement(select: String, parts: Parts, ordered: Bool = true, limit: Int? = nil, offset: Int? = nil) -> SQL {
        var sql = SQL(stringLiteral: "SELECT \(select) FROM \(parts.from)")
        if !parts.whereClause.text.isEmpty {
            sql.text += " "
            sql.append(parts.whereClause)
        }
        if ordered && !parts.orderBy.isEmpty { sql.text += " " + parts.orderBy }
        let limit = limit ?? limitCount
        let offset = offset ?? offsetCount
        if limit != nil || offset != nil {
            // No limit with an offset: the largest, which both databases take (PostgreSQL refuses
            // SQLite's -1).
            sql.text += " LIMIT ?"
            sql.arguments.append(.integer(limit.map(Int64.init) ?? Int64.max))
            if let offset {
                sql.text += " OFFSET ?"
                sql.arguments.append(.integer(Int64(offset)))
            }
        }
        return sql
    }

    /// The SELECT list of records: the entity's columns, then joined columns aliased `"Table.column"`.
    func recordSelect(_ parts: Parts) -> String {
        var list = entity.selectList(alias: entity.table)
        for column in parts.joinedColumns {
            list += ", \(column.sql) AS \(quoteIdentifier(column.name))"
        }
        return list
    }

    /// The database to run on.
    func target() throws -> Database {
        try database ?? Database.current()
    }
}
