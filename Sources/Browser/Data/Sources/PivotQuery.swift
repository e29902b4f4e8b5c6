import ORMCore

/// A pivot table (`W`, VisiData's pivot): a row per value of one column (the key column, set
/// with `!`), a column per value of another (the cursor column), the most frequent ``limit`` of
/// them and the rest as `other`, each cell an aggregate of the rows holding both values (their
/// count, or the first aggregate set with `+`), with a `Total` column and a totals row.
///
/// Two statements: the most frequent values of the pivoted column (one grouped pass), then the
/// table itself: one `GROUP BY` over the key column with one conditional aggregate a value
/// (`sum(CASE WHEN "year" = ? THEN "amount" END)`, the value bound), and the totals row (the same
/// aggregates over every row) after it.
///
/// ```swift
/// let query = try PivotQuery(relation: "\(identifier: "sales")", rowColumn: "region", columnColumn: "year", filter: nil)
/// let table = query.table(columns: PivotColumns(values: [.integer(2023), .integer(2024)], hasOther: false))
/// // region │ 2023 │ 2024 │ Total
/// ```
struct PivotQuery: Sendable {
    /// How many values of the pivoted column get a column of their own at most.
    static let defaultLimit = 20

    /// What the rows come from: a quoted table or view name, or a named subquery.
    let relation: SQL
    /// The key column: a row per value.
    let rowColumn: String
    /// What the key column holds (a PostgreSQL `boolean` is bound as `true`/`false`).
    let rowKind: ColumnKind
    /// The pivoted column: a column per frequent value.
    let columnColumn: String
    /// What the pivoted column holds.
    let columnKind: ColumnKind
    /// The view's filter as the user typed it, nil for none.
    let filter: String?
    /// The aggregate in each cell, nil for the count of rows.
    let aggregate: ColumnAggregate?
    /// Whether the aggregated column holds integers (a sum stays an integer on PostgreSQL).
    let integers: Bool
    /// The SQL of the database the table is computed by.
    let dialect: SQLDialect
    /// How many values get a column of their own at most.
    let limit: Int

    /// The pivot of `relation` (filtered by `filter`, read by `dialect`'s rules): rows by
    /// `rowColumn`, columns by `columnColumn`, cells `aggregate` (nil: the count of rows).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression;
    ///   ``AggregateUnavailable`` when the database lacks the aggregate (a median on SQLite).
    init(relation: SQL, rowColumn: String, rowKind: ColumnKind = .other, columnColumn: String, columnKind: ColumnKind = .other,
         aggregate: ColumnAggregate? = nil, integers: Bool = false, filter: String?, dialect: SQLDialect = .sqlite,
         limit: Int = PivotQuery.defaultLimit) throws {
        self.relation = relation
        self.rowColumn = rowColumn
        self.rowKind = rowKind
        self.columnColumn = columnColumn
        self.columnKind = columnKind
        self.aggregate = aggregate
        self.integers = integers
        self.dialect = dialect
        self.limit = max(1, limit)
        let trimmed = filter?.trimmedWhitespace ?? ""
        self.filter = trimmed.isEmpty ? nil : trimmed
        if let filter = self.filter {
            _ = try SQL.userExpression(filter, in: dialect)
        }
        if let aggregate {
            _ = try aggregate.aggregate.sql(of: "x", in: dialect)
        }
    }

    /// The name of the cells' aggregate, as the title says it: `count`, `amount_sum`.
    var aggregateName: String {
        aggregate?.name ?? "count"
    }

    /// The most frequent values of the pivoted column over the filtered rows, most frequent first
    /// (ties by value), one more than ``limit`` to tell whether others remain.
    func frequentValues() throws -> SQL {
        var sql: SQL = "SELECT \(identifier: columnColumn), count(*) FROM "
        sql.append(relation)
        sql.append(try whereClause())
        sql.append(" GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT \(raw: String(limit + 1))")
        return sql
    }

    /// The columns of the table from the rows ``frequentValues()`` read (a value and its count).
    func columns(from rows: [[SQLValue]]) -> PivotColumns {
        PivotColumns(values: rows.prefix(limit).compactMap(\.first), hasOther: rows.count > limit)
    }

    /// The pivot table with `columns` as a named subquery, for a ``RelationQuery`` with
    /// ``PivotTable/pinnedColumn`` pinned.
    func table(columns: PivotColumns) throws -> PivotTable {
        PivotTable(query: self, columns: columns, relation: try tableSQL(columns: columns))
    }

    /// ` WHERE (filter)`, or nothing.
    func whereClause() throws -> SQL {
        guard let filter else {
            return ""
        }
        return " WHERE \(sql: try SQL.userExpression(filter, in: dialect))"
    }

    /// `value` as bound to compare with a column of `kind` (PostgreSQL has no boolean = integer).
    func bound(_ value: SQLValue, kind: ColumnKind) -> SQLValue {
        if kind == .boolean, case .integer(let integer) = value {
            return .text(CellFormatter.booleanText(integer))
        }
        return value
    }

    /// The test that a row's pivoted column holds `value` (`IS NULL` for NULL), bound.
    func test(holding value: SQLValue) -> SQL {
        value == .null ? "\(identifier: columnColumn) IS NULL" : "\(identifier: columnColumn) = \(bound(value, kind: columnKind))"
    }

    /// The test that a row's pivoted column holds none of `columns`' values (the `other` column).
    func otherTest(_ columns: PivotColumns) -> SQL {
        let present = columns.values.filter { $0 != .null }
        let hasNull = columns.values.contains(.null)
        guard !present.isEmpty else {
            return "\(identifier: columnColumn) IS NOT NULL"
        }
        let list = SQL.joined(present.map { "\(bound($0, kind: columnKind))" }, separator: ", ")
        let notIn: SQL = "\(identifier: columnColumn) NOT IN (\(sql: list))"
        return hasNull ? "(\(identifier: columnColumn) IS NOT NULL AND \(sql: notIn))" : "(\(identifier: columnColumn) IS NULL OR \(sql: notIn))"
    }

    /// The cell's aggregate over the rows `test` keeps (every row for nil).
    func cell(where test: SQL?) throws -> SQL {
        guard let aggregate else {
            return test.map { "count(CASE WHEN \(sql: $0) THEN 1 END)" } ?? "count(*)"
        }
        let argument: SQL = test.map { "CASE WHEN \(sql: $0) THEN \(identifier: aggregate.column) END" } ?? "\(identifier: aggregate.column)"
        return try aggregate.aggregate.sql(of: argument, integers: integers, in: dialect)
    }

    /// The totals row's key cell: `'Total'` where the key column can hold text (any column on
    /// SQLite, a text column on PostgreSQL), else NULL (`∅`).
    var totalsKey: SQL {
        dialect.kind == .sqlite || rowKind == .text ? "'Total'" : "NULL"
    }

    /// The grouped rows and the totals row after them.
    private func tableSQL(columns: PivotColumns) throws -> SQL {
        let names = PivotTable.columnNames(query: self, columns: columns)
        var tests: [SQL?] = columns.values.map { test(holding: $0) }
        if columns.hasOther {
            tests.append(otherTest(columns))
        }
        tests.append(nil)  // the total
        let cells = try tests.map { try cell(where: $0) }
        func select(key: SQL, total: Int) -> SQL {
            var shown: [SQL] = ["\(sql: key) AS \(identifier: names[0])"]
            shown += cells.indices.map { (index: Int) -> SQL in "\(sql: cells[index]) AS \(identifier: names[index + 1])" }
            shown.append("\(raw: String(total)) AS \(identifier: PivotTable.pinnedColumn)")
            var sql: SQL = "SELECT "
            sql.append(SQL.joined(shown, separator: ", "))
            sql.append(" FROM ")
            sql.append(relation)
            return sql
        }
        let filtered = try whereClause()
        var sql: SQL = "("
        sql.append(select(key: "\(identifier: rowColumn)", total: 0))
        sql.append(filtered)
        sql.append(" GROUP BY 1 UNION ALL ")
        sql.append(select(key: totalsKey, total: 1))
        sql.append(filtered)
        sql.append(") AS \(identifier: "reef pivot")")
        return sql
    }
}

/// The values of the pivoted column that have a column of their own, most frequent first, and
/// whether other values remain (an `other` column).
struct PivotColumns: Sendable, Equatable {
    /// The values, each a column.
    let values: [SQLValue]
    /// Whether rows hold other values too.
    let hasOther: Bool
}
