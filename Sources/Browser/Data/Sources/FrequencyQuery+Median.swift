import ORMCore

/// SQLite's rows as a frequency table reads them, and its medians, which it has no aggregate for.
extension FrequencyQuery {
    /// On SQLite, the rows the view's filter keeps as a subquery: each grouped column as its
    /// ``ORMCore/ValueKey`` (`"reef value"`, `"reef value 1"`…), then each of `arguments`'
    /// columns under its alias; `notNull` keeps only the rows where that column is not NULL. Long
    /// values are read by rowid to make their keys when ``longValues`` says how.
    /// `LIMIT -1` keeps SQLite from flattening it (it would put whole values in its sorter).
    func keyedRows(reading arguments: [(column: String, alias: String)], notNull: String? = nil) throws -> SQL {
        var read: [SQL] = columns.indices.map { (index: Int) -> SQL in
            var key = LongValueReads.valueKey(of: columns[index], limit: Self.keptBytes, reads: longValues)
            if let collation = textOrders[index] {
                // The key function's result has no collation of its own: given the column's back.
                key.append(" COLLATE \(raw: collation)")
            }
            key.append(" AS \(identifier: Self.valueAlias(index))")
            return key
        }
        read += arguments.map { (argument: (column: String, alias: String)) -> SQL in
            "\(identifier: argument.column) AS \(identifier: argument.alias)"
        }
        var sql: SQL = "(SELECT "
        sql.append(SQL.joined(read, separator: ", "))
        sql.append(" FROM ")
        sql.append(relation)
        var conditions: [SQL] = []
        if let filter {
            conditions.append(try SQL.userExpression(filter, in: .sqlite))
        }
        if let notNull {
            conditions.append("\(identifier: notNull) IS NOT NULL")
        }
        if !conditions.isEmpty {
            sql.append(" WHERE ")
            sql.append(SQL.joined(conditions, separator: " AND "))
        }
        sql.append(" LIMIT -1) AS \(identifier: "reef keys")")
        return sql
    }

    /// `grouped` (the groups, counted, a NULL where each of `medians` goes) with each median
    /// joined in, on SQLite: the values of the group not NULL are numbered in order
    /// (`row_number()` over the group) and the middle one, or the mean of the middle two, is the
    /// median, as PostgreSQL's `percentile_cont(0.5)` gives it. One sort of the rows a median, by
    /// SQLite's sorter (spilling to temporary files past its memory), joined to the groups by
    /// their keys (`IS`, so a NULL group finds its median too). The columns are those of `grouped`.
    func joiningMedians(at medians: [Int], to grouped: SQL) throws -> SQL {
        let groups = columns.indices
        let table = "reef grouped"
        var picked: [SQL] = groups.map { "\(identifier: table).\(identifier: Self.valueAlias($0))" }
        picked += [Self.countAlias, Self.totalAlias, Self.mostAlias].map { (alias: String) -> SQL in "\(identifier: table).\(identifier: alias)" }
        picked += aggregates.indices.map { (index: Int) -> SQL in
            medians.contains(index)
                ? "\(identifier: Self.medianAlias(index)).\(identifier: "reef median") AS \(identifier: Self.aggregateAlias(index))"
                : "\(identifier: table).\(identifier: Self.aggregateAlias(index))"
        }
        var sql: SQL = "SELECT "
        sql.append(SQL.joined(picked, separator: ", "))
        sql.append(" FROM (")
        sql.append(grouped)
        sql.append(") AS \(identifier: table)")
        for index in medians {
            let alias = Self.medianAlias(index)
            sql.append(" LEFT JOIN (")
            if let streamed = streamedMedians[index] {
                sql.append(Self.boundMedians(streamed, groups: columns.count))
            } else {
                sql.append(try median(of: aggregates[index].column))
            }
            sql.append(") AS \(identifier: alias) ON ")
            sql.append(SQL.joined(groups.map { (group: Int) -> SQL in
                "\(identifier: table).\(identifier: Self.valueAlias(group)) IS \(identifier: alias).\(identifier: Self.valueAlias(group))"
            }, separator: " AND "))
        }
        return sql
    }

    /// The median of `column` per group, on SQLite: `"reef value"`… and `"reef median"`.
    private func median(of column: String) throws -> SQL {
        let keys = SQL.joined(columns.indices.map { (index: Int) -> SQL in "\(identifier: Self.valueAlias(index))" }, separator: ", ")
        let argument = "reef argument"
        var numbered: SQL = "SELECT \(sql: keys), \(identifier: argument), "
        numbered.append("row_number() OVER (PARTITION BY \(sql: keys) ORDER BY \(identifier: argument)) AS \(identifier: "reef place"), ")
        numbered.append("count(*) OVER (PARTITION BY \(sql: keys)) AS \(identifier: "reef n") FROM ")
        numbered.append(try keyedRows(reading: [(column, argument)], notNull: column))
        var sql: SQL = "SELECT \(sql: keys), avg(\(identifier: argument)) AS \(identifier: "reef median") FROM ("
        sql.append(numbered)
        sql.append(") AS \(identifier: "reef numbered") WHERE \(identifier: "reef place") ")
        sql.append("IN ((\(identifier: "reef n") + 1) / 2, (\(identifier: "reef n") + 2) / 2) GROUP BY \(sql: keys)")
        return sql
    }

    /// Medians read ahead (each group's keys and median) as a subquery of bound values with the
    /// columns ``median(of:)`` gives.
    static func boundMedians(_ medians: [[SQLValue]], groups: Int) -> SQL {
        var names: [SQL] = (0..<groups).map { (index: Int) -> SQL in "column\(raw: String(index + 1)) AS \(identifier: valueAlias(index))" }
        names.append("column\(raw: String(groups + 1)) AS \(identifier: "reef median")")
        guard !medians.isEmpty else {
            let nulls = SQL.joined(names.indices.map { (index: Int) -> SQL in
                "NULL AS \(identifier: index < groups ? valueAlias(index) : "reef median")"
            }, separator: ", ")
            return "SELECT \(sql: nulls) WHERE 0"
        }
        var sql: SQL = "SELECT \(sql: SQL.joined(names, separator: ", ")) FROM (VALUES "
        sql.append(SQL.joined(medians.map { (row: [SQLValue]) -> SQL in
            "(\(sql: SQL.joined(row.map { (value: SQLValue) -> SQL in "\(value)" }, separator: ", ")))"
        }, separator: ", "))
        sql.append(")")
        return sql
    }

    /// The alias of the median joined for aggregate `index`.
    private static func medianAlias(_ index: Int) -> String {
        "reef median \(index)"
    }
}
