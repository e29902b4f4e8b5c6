extension Query {
    /// The pieces every statement of this query shares: FROM with joins, WHERE, ORDER BY.
    package struct Parts {
        package var from: String
        package var whereClause: SQL
        package var orderBy: String
        package var joinedColumns: [(name: String, sql: String)]
        /// The extra expressions asked for, rewritten (qualified, paths joined).
        var extras: [String] = []
    }

    package func parts(extras: [String] = []) throws -> Parts {
        if let buildError { throw buildError }
        let root = quoteIdentifier(entity.table)
        let dialect = try target().dialect
        let joined = explicitJoins.map(\.entity)
        // Paths are resolved first; bare columns only need qualifying once something is joined, and
        // are otherwise left as written (a subquery's own columns must not be tied to the root
        // table). Most queries join nothing: read once unqualified, again only when a path joins.
        var resolver = PathResolver(root: entity, joined: joined, qualifies: !explicitJoins.isEmpty, dialect: dialect)
        var rewritten = try rewrite(extras: extras, with: &resolver)
        if !resolver.qualifies, !resolver.joins.isEmpty {
            resolver = PathResolver(root: entity, joined: joined, qualifies: true, dialect: dialect)
            rewritten = try rewrite(extras: extras, with: &resolver)
        }

        var whereClause = SQL(stringLiteral: "")
        for (index, resolved) in rewritten.conditions.enumerated() {
            whereClause.text += index == 0 ? "WHERE (" : " AND ("
            whereClause.append(resolved)
            whereClause.text += ")"
        }
        // Long lists written as this database writes them, from their values; every statement of
        // the query is made from these parts.
        whereClause = whereClause.rendered(in: dialect)
        var orderTerms: [String] = []
        for (index, ordering) in orderings.enumerated() {
            orderTerms.append(rewritten.orderings[index] + (ordering.descending != reversesOrder ? " DESC" : ""))
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
            joins.append("LEFT JOIN \(target) ON \(right.comparable(with: left, in: dialect)) = \(left.comparable(with: right, in: dialect))")
            for column in join.entity.columns {
                joinedColumns.append(("\(join.entity.table).\(column)", "\(target).\(quoteIdentifier(column))"))
            }
        }
        joins += resolver.joins
        let table = derivedTable.map { "(\($0)) AS \(root)" } ?? root
        let from = ([table] + joins).joined(separator: " ")
        return Parts(
            from: from, whereClause: whereClause,
            orderBy: orderTerms.isEmpty ? "" : "ORDER BY " + orderTerms.joined(separator: ", "),
            joinedColumns: joinedColumns, extras: rewritten.extras)
    }

    /// The conditions (their bound values converted by the columns they are compared with), sort
    /// keys and `extras` with their names resolved by `resolver`. A sort key or an extra that is
    /// one column's name is that column, quoted, on every database.
    private func rewrite(extras: [String], with resolver: inout PathResolver) throws
        -> (conditions: [SQL], orderings: [String], extras: [String])
    {
        let conditions = try conditions.enumerated().map { place, condition in
            try resolver.rewrite(condition: condition, convertingBoundValues: !keyConditions.contains(place))
        }
        let orderings = try orderings.map { try resolver.sortColumn($0.expression) ?? resolver.rewrite($0.expression) }
        let extras = try extras.map { try resolver.column($0) ?? resolver.rewrite($0) }
        return (conditions, orderings, extras)
    }

    /// `"Table"."column"` for a `joinTo` parameter: a column of the first of `entities`, or
    /// `Table.column` naming any of them (tables and columns matched without regard to ASCII case,
    /// as SQLite compares names, and written as the entities spell them, so PostgreSQL reads the
    /// same columns). A name that is itself a column of the first entity is that column, dots and all.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` when `name` has a dot but is no column of the first
    ///   entity and starts with the name of none of them.
    func joinColumn(_ name: String, of entities: [EntityDescription], parameter: String) throws -> JoinColumn {
        let first = entities[0]
        if let column = first.column(named: name) {
            return JoinColumn(sql: "\(quoteIdentifier(first.table)).\(quoteIdentifier(column))", type: first.storedType(of: column))
        }
        if !name.contains(".") {
            return JoinColumn(sql: "\(quoteIdentifier(first.table)).\(quoteIdentifier(name))", type: nil)
        }
        // The longest table name that prefixes it wins: `a.b.c` is column `c` of a table `a.b`.
        let owner = entities.filter { candidate in
            let prefix = candidate.table + "."
            return name.count > prefix.count && name.prefix(prefix.count).equalsIgnoringASCIICase(prefix)
        }.max { $0.table.count < $1.table.count }
        guard let owner else {
            let tables = entities.map(\.table).joined(separator: ", ")
            throw ORMError.invalidQuery("joinTo \(parameter) \(name) is no column of \(tables)")
        }
        let written = String(name.dropFirst(owner.table.count + 1))
        let column = owner.column(named: written) ?? written
        return JoinColumn(sql: "\(quoteIdentifier(owner.table)).\(quoteIdentifier(column))", type: owner.storedType(of: column))
    }

    /// One side of a `joinTo`'s condition: the qualified column, and what it stores when known.
    struct JoinColumn {
        package let sql: String
        package let type: StoredType?

        /// The column as compared with `other`, as SQLite compares what it stores: as `dialect`
        /// writes it beside a column of `other`'s type (PostgreSQL has no `text = bigint`, and
        /// casts).
        func comparable(with other: JoinColumn, in dialect: SQLDialect) -> String {
            dialect.rules.joinOperand(sql, storing: type, comparedWith: other.type)
        }
    }

    /// `SELECT <select> FROM … WHERE … ORDER BY … LIMIT … OFFSET …`.
    package func statement(select: String, parts: Parts, ordered: Bool = true, limit: Int? = nil, offset: Int? = nil) -> SQL {
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
    package func target() throws -> Database {
        try database ?? Database.current()
    }
}
