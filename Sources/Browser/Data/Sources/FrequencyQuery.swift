import ORMCore

/// The frequency table of one column (VisiData's `F`): each distinct value of the column over the
/// rows the view's filter keeps, with how many rows hold it, its share of them in percent, and a
/// bar, most frequent first (ties by value). SQLite groups and counts; the table of values is
/// paged like any query's results, so it is never all in memory; its first page also counts the
/// values, in the same grouped pass. The percent shows two decimals, aligned.
///
/// ```swift
/// let source = try FrequencyQuery(relation: "\(identifier: "events")", column: "kind", filter: "level > 3")
///     .source(in: database, title: "kind in events")
/// // value │ count │ percent │ histogram
/// ```
struct FrequencyQuery: Sendable {
    /// The names of the table's own columns (the value column takes the name of the column
    /// counted); one the counted column already has is told apart as SQLite names a repeated
    /// column, `count:1` (see ``columnNames``).
    static let countColumn = "count"
    /// The share column's name.
    static let percentColumn = "percent"
    /// The bar column's name.
    static let histogramColumn = "histogram"

    /// What the rows come from: a quoted table or view name, or a parenthesised query.
    let relation: SQL
    /// The column counted.
    let column: String
    /// The view's filter as the user typed it, nil for none.
    let filter: String?
    /// What the counted column holds: a PostgreSQL `boolean` shows its values as `true` and
    /// `false` and filters by them.
    let kind: ColumnKind

    /// The frequency query of `column` (holding `kind`) over `relation`, filtered by `filter`
    /// (read by `dialect`'s rules).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression.
    init(relation: SQL, column: String, kind: ColumnKind = .other, filter: String?, dialect: SQLDialect = .sqlite) throws {
        self.relation = relation
        self.column = column
        self.kind = kind
        let trimmed = filter?.trimmedWhitespace ?? ""
        self.filter = trimmed.isEmpty ? nil : trimmed
        if let filter = self.filter {
            _ = try SQL.userExpression(filter, in: dialect)
        }
    }

    /// The column names of the frequency table, in order: the counted column's, then `count`,
    /// `percent` and `histogram`, each made unique (case-insensitively, as SQL names are) with a
    /// `:1` suffix where the counted column has that name, so sorting or filtering the table by
    /// its count never means the values.
    var columnNames: [String] {
        [column, countName, percentName, histogramName]
    }

    /// The count column's name in this table.
    var countName: String { Self.unique(Self.countColumn, besides: column) }
    /// The share column's name in this table.
    var percentName: String { Self.unique(Self.percentColumn, besides: column) }
    /// The bar column's name in this table.
    var histogramName: String { Self.unique(Self.histogramColumn, besides: column) }

    /// `name`, or `name:1` (`name:2`…) where it is `taken`'s, ignoring case.
    private static func unique(_ name: String, besides taken: String) -> String {
        guard name.lowercased() == taken.lowercased() else {
            return name
        }
        var suffix = 1
        while "\(name):\(suffix)".lowercased() == taken.lowercased() {
            suffix += 1
        }
        return "\(name):\(suffix)"
    }

    /// The frequency table as a named subquery (PostgreSQL names every subquery in `FROM`), for a
    /// ``RelationQuery``.
    ///
    /// The values are grouped, counted and ordered inside (with the total and the largest count
    /// beside each, from one window over the groups); the share and the bar are made outside, so
    /// only for the rows read (a page), not for each of the groups SQLite sorts.
    func table(in dialect: SQLDialect = .sqlite) throws -> SQL {
        // On SQLite a long value is grouped and sorted by a key of a kilobyte (``ORMCore/ValueKey``),
        // made in a subquery that `LIMIT -1` keeps SQLite from flattening (it would put the whole
        // values in its sorter, every copy of a 50 MB value, and make the keys after).
        let isSQLite = dialect.kind == .sqlite
        let value: SQL = isSQLite ? "\(identifier: Self.valueAlias)" : "\(identifier: column)"
        var inner: SQL = """
            SELECT \(sql: value) AS \(identifier: Self.valueAlias), count(*) AS \(identifier: Self.countAlias), \
            sum(count(*)) OVER () AS \(identifier: Self.totalAlias), max(count(*)) OVER () AS \(identifier: Self.mostAlias)
            """
        inner.append(" FROM ")
        if isSQLite {
            inner.append("""
                (SELECT \(raw: ValueKey.functionName)(\(identifier: column), \(raw: String(Self.keptBytes))) \
                AS \(identifier: Self.valueAlias) FROM
                """)
            inner.append(" ")
        }
        inner.append(relation)
        if let filter {
            inner.append(" WHERE ")
            inner.append(try SQL.userExpression(filter, in: dialect))
        }
        if isSQLite {
            inner.append(" LIMIT -1) AS \(identifier: "reef keys")")
        }
        inner.append(" GROUP BY 1 ORDER BY 2 DESC, 1")
        let bar = BarFunction.sql("\(identifier: Self.countAlias)", of: "\(identifier: Self.mostAlias)", in: dialect)
        // A number either way: SQLite's round gives a real, PostgreSQL's a numeric (read as text).
        let share: SQL = "round(100.0 * \(identifier: Self.countAlias) / \(identifier: Self.totalAlias), 2)"
        let percent: SQL = dialect.kind == .postgres ? "CAST(\(sql: share) AS double precision)" : share
        var sql: SQL = """
            (SELECT \(identifier: Self.valueAlias) AS \(identifier: column), \(identifier: Self.countAlias) AS \(identifier: countName), \
            \(sql: percent) AS \(identifier: percentName), \
            \(sql: bar) AS \(identifier: histogramName) FROM (
            """
        sql.append(inner)
        sql.append(") AS \(identifier: "reef groups")) AS \(identifier: "reef frequency")")
        return sql
    }

    /// The bytes of a long value a frequency table keeps (the grid's).
    static let keptBytes = GridValue.keptTextBytes

    // The inner query's column names, apart from any name a counted column may have.
    private static let valueAlias = "reef value"
    private static let countAlias = "reef count"
    private static let totalAlias = "reef total"
    private static let mostAlias = "reef most"

    /// A row source over the frequency table, counted by its first page (one grouped pass).
    func source(in database: Database, title: String) throws -> PagedSource {
        let query = RelationQuery(relation: try table(in: database.dialect), columnNames: columnNames, dialect: database.dialect)
        let columns = columnNames.enumerated().map { index, name in
            GridColumn(name: name, kind: index == 0 && kind == .boolean ? .boolean : .other, decimals: index == 2 ? 2 : nil,
                       groupsDigits: index == 1)  // the percent
        }
        // The first page groups every row before it can order them by count: it counts the
        // groups in the same pass (a second grouped pass to count them took as long again).
        return PagedSource(database: database, query: query, title: title, columns: columns, countsWithFirstPage: true,
                           valueKeyLimit: database.dialect.kind == .sqlite ? Self.keptBytes : nil)
    }

    /// The filter that keeps the rows holding `value` in the counted column, added to the view's
    /// own filter with `AND`: `"country" = 'UK'`, `(level > 3) AND "email" IS NULL`. The value is written as a
    /// literal SQLite reads back exactly (``ORMCore/SQLValue/sqlLiteral``).
    func filter(keeping value: SQLValue) -> String {
        let column = quoteIdentifier(self.column)
        var literal = value.sqlLiteral
        if kind == .boolean, case .integer(let integer) = value {
            literal = CellFormatter.booleanText(integer)  // PostgreSQL has no boolean = integer
        }
        let test = value == .null ? "\(column) IS NULL" : "\(column) = \(literal)"
        guard let filter else {
            return test
        }
        // A comment ending the filter would swallow what follows on its line.
        return "(\(filter)\(filter.contains("--") ? "\n" : "")) AND \(test)"
    }
}
