// The FCModel-style entry point that takes a WHERE clause and an ORDER BY as text: its names and
// literals are resolved as the query builder resolves a `where`'s, so the same text gives the same
// objects on SQLite and PostgreSQL.

extension Model {
    /// Objects matching a WHERE clause (`$T` and `$PK` name the table and key). Values are interpolated
    /// or passed for `?` placeholders, and always bound.
    ///
    /// ```swift
    /// let adults = try Person.fetch(where: "age >= \(18) AND $PK != \(id)")
    /// let named = try Person.fetch(where: "name IN ?", [["Ann", "Bo"]], orderedBy: "name")
    /// ```
    ///
    /// The condition and the order are read as ``Query/where(_:_:)`` and ``Query/orderBy(_:descending:)``
    /// read theirs: the model's columns in any case, dot paths through relationships (joined), and
    /// SQLite's loose typing given one meaning on both databases (the Queries guide says how).
    ///
    /// - Parameters:
    ///   - condition: The WHERE clause, without `WHERE`.
    ///   - arguments: Values for its `?` placeholders, in order.
    ///   - order: An ORDER BY clause without `ORDER BY` (`"name"`, `"age DESC, name"`), or nil.
    ///   - database: The database, or the default one.
    /// - Throws: ``ORMError/invalidQuery(_:)`` for a condition the two databases cannot read alike,
    ///   or the database's error.
    public static func fetch(
        where condition: SQL, _ arguments: [any SQLExpressible] = [], orderedBy order: String? = nil,
        in database: Database? = nil
    ) throws -> [Self] {
        let target = try database ?? Database.current()
        let bound = expandShortcuts(try condition.binding(arguments))
        let expandedOrder = order.map { expandShortcuts($0) }
        let entity = entityDescription
        var resolver = PathResolver(root: entity, joined: [], qualifies: false, dialect: target.dialect)
        var resolved = try resolveWhere(bound, expandedOrder, with: &resolver)
        if !resolver.joins.isEmpty {
            // A dot path joins a table: the model's own columns are qualified, so none is ambiguous.
            resolver = PathResolver(root: entity, joined: [], qualifies: true, dialect: target.dialect)
            resolved = try resolveWhere(bound, expandedOrder, with: &resolver)
        }
        let schema = modelSchema
        var sql: SQL = "SELECT \(raw: schema.selectColumnsSQL) FROM \(identifier: schema.table)"
        for join in resolver.joins { sql.text += " " + join }
        sql.text += " WHERE "
        sql.append(resolved.condition)
        if let order = resolved.order { sql.text += " ORDER BY " + order }
        return try fetchSQL(sql, in: target, mapsColumnsByName: false)
    }

    /// The condition (its bound values converted by the columns they are compared with) and the
    /// order with their names and literals resolved by `resolver`.
    private static func resolveWhere(_ condition: SQL, _ order: String?, with resolver: inout PathResolver) throws
        -> (condition: SQL, order: String?)
    {
        let rewritten = try resolver.rewrite(condition: condition)
        let order = try order.map { try resolver.sortColumn($0) ?? resolver.rewrite($0) }
        return (rewritten, order)
    }
}
