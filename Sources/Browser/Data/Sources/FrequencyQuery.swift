import FoundationEssentials
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
    /// The columns grouped by (`F`: the cursor column; `gF`: the key columns set with `!`).
    let columns: [String]
    /// The view's filter as the user typed it, nil for none.
    let filter: String?
    /// What each grouped column holds: a PostgreSQL `boolean` shows its values as `true` and
    /// `false` and filters by them.
    let kinds: [ColumnKind]
    /// The aggregates computed per group, one column each after the bar (set with `+`).
    let aggregates: [ColumnAggregate]
    /// The columns of the aggregates' arguments that hold integers (a sum stays an integer).
    let integerColumns: Set<String>
    /// On SQLite, the medians read ahead by aggregate (``readingMedians(from:)``): each group's
    /// keys and median, bound into the table's statement instead of a window pass.
    var streamedMedians: [Int: [[SQLValue]]] = [:]
    /// On SQLite, how long values of the table counted are read by rowid to make their keys
    /// (``LongValueReads/valueKey(of:limit:)``), never loaded whole; nil to read them in the rows.
    var longValues: LongValueReads?
    /// On SQLite, the collation of each grouped column (by position in ``columns``) whose texts
    /// reef orders by value (PostgreSQL's `numeric` and `interval` in reef's copy of a statement's
    /// results, ``ResultStore/textOrders``): grouped and ordered by it, as the store's column is.
    var textOrders: [Int: String] = [:]
    /// On PostgreSQL, what each grouped column holds when it can hold a long value (a `text` or
    /// `bytea`, ``ORMCore/PostgresLongValueType``), in the order of ``columns``: such a value is
    /// grouped by its key made on the server (``ORMCore/ServerValueKey``), never received whole.
    /// Empty: the values as they are.
    var serverKinds: [LongValueKind?] = []
    /// The digest the server's keys end with (``ORMCore/ServerValueKey/Digest/of(_:)``: SHA-256
    /// from PostgreSQL 11 on, MD5 before), asked of the server where the counting runs.
    var serverDigest: ServerValueKey.Digest = .sha256
    /// The database the query is written for.
    let dialectKind: SQLDialect.Kind

    /// The first column grouped by.
    var column: String { columns[0] }
    /// What the first column grouped by holds.
    var kind: ColumnKind { kinds[0] }

    /// The frequency query of `column` (holding `kind`) over `relation`, filtered by `filter`
    /// (read by `dialect`'s rules).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression.
    init(relation: SQL, column: String, kind: ColumnKind = .other, filter: String?, dialect: SQLDialect = .sqlite) throws {
        try self.init(relation: relation, columns: [column], kinds: [kind], filter: filter, dialect: dialect)
    }

    /// The frequency query of the groups of `columns` (holding `kinds`) over `relation`, filtered
    /// by `filter` (read by `dialect`'s rules), with `aggregates` per group; `integerColumns`
    /// name the aggregated columns that hold integers.
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression;
    ///   ``AggregateUnavailable`` when the database lacks an aggregate asked for.
    init(relation: SQL, columns: [String], kinds: [ColumnKind], aggregates: [ColumnAggregate] = [], integerColumns: Set<String> = [],
         filter: String?, dialect: SQLDialect = .sqlite) throws {
        precondition(!columns.isEmpty && columns.count == kinds.count, "a frequency table groups by at least one column")
        self.relation = relation
        self.columns = columns
        self.kinds = kinds
        self.aggregates = aggregates
        self.integerColumns = integerColumns
        dialectKind = dialect.kind
        let trimmed = filter?.trimmedWhitespace ?? ""
        self.filter = trimmed.isEmpty ? nil : trimmed
        if let filter = self.filter {
            _ = try SQL.userExpression(filter, in: dialect)
        }
        // SQLite's median is no aggregate but a pass of its own (FrequencyQuery+Median.swift).
        for aggregate in aggregates where !(aggregate.aggregate == .median && dialect.kind == .sqlite) {
            _ = try aggregate.aggregate.sql(of: "x", in: dialect)
        }
    }

    /// The column names of the frequency table, in order: the grouped columns', then `count`,
    /// `percent` and `histogram`, then one per aggregate (`Total_sum`), each made unique
    /// (case-insensitively, as SQL names are) with a `:1` suffix where a name before it has that
    /// name, so sorting or filtering the table by its count never means the values.
    var columnNames: [String] {
        var names = columns
        for name in [Self.countColumn, Self.percentColumn, Self.histogramColumn] + aggregates.map(\.name) {
            names.append(Self.unique(name, besides: names))
        }
        return names
    }

    /// The count column's name in this table.
    var countName: String { columnNames[columns.count] }
    /// The share column's name in this table.
    var percentName: String { columnNames[columns.count + 1] }
    /// The bar column's name in this table.
    var histogramName: String { columnNames[columns.count + 2] }

    /// `name`, or `name:1` (`name:2`…) where one of `taken` has it, ignoring case.
    static func unique(_ name: String, besides taken: [String]) -> String {
        let lowered = Set(taken.map { $0.lowercased() })
        guard lowered.contains(name.lowercased()) else {
            return name
        }
        var suffix = 1
        while lowered.contains("\(name):\(suffix)".lowercased()) {
            suffix += 1
        }
        return "\(name):\(suffix)"
    }

    /// The frequency table as a named subquery (PostgreSQL names every subquery in `FROM`), for a
    /// ``RelationQuery``.
    ///
    /// The values are grouped, counted, aggregated and ordered inside (with the total and the
    /// largest count beside each, from one window over the groups); the share and the bar are made
    /// outside, so only for the rows read (a page), not for each of the groups the database sorts.
    func table(in dialect: SQLDialect = .sqlite) throws -> SQL {
        // On SQLite a long value is grouped and sorted by a key of a kilobyte (``ORMCore/ValueKey``),
        // made in a subquery that `LIMIT -1` keeps SQLite from flattening (it would put the whole
        // values in its sorter, every copy of a 50 MB value, and make the keys after).
        let isSQLite = dialect.kind == .sqlite
        let groups = columns.indices
        let values: [SQL] = groups.map { (index: Int) -> SQL in
            if isSQLite {
                return "\(identifier: Self.valueAlias(index))"
            }
            guard serverKinds.indices.contains(index), let kind = serverKinds[index] else {
                return "\(identifier: columns[index])"
            }
            return ServerValueKey.select(columns[index], kind: kind, limit: Self.keptBytes, digest: serverDigest)
        }
        let arguments: [SQL] = aggregates.indices.map {
            isSQLite ? "\(identifier: Self.argumentAlias($0))" : "\(identifier: aggregates[$0].column)"
        }
        var selected: [SQL] = groups.map { "\(sql: values[$0]) AS \(identifier: Self.valueAlias($0))" }
        selected.append("""
            count(*) AS \(identifier: Self.countAlias), sum(count(*)) OVER () AS \(identifier: Self.totalAlias), \
            max(count(*)) OVER () AS \(identifier: Self.mostAlias)
            """)
        // SQLite has no median: each is computed in a grouped pass of its own and joined to the
        // groups (FrequencyQuery+Median.swift); NULL stands in its place meanwhile.
        let medians = isSQLite ? aggregates.indices.filter { aggregates[$0].aggregate == .median } : []
        for (index, aggregate) in aggregates.enumerated() {
            let computed = medians.contains(index)
                ? "NULL" : try aggregate.aggregate.sql(of: arguments[index], integers: integerColumns.contains(aggregate.column), in: dialect)
            selected.append("\(sql: computed) AS \(identifier: Self.aggregateAlias(index))")
        }
        var inner: SQL = "SELECT "
        inner.append(SQL.joined(selected, separator: ", "))
        inner.append(" FROM ")
        if isSQLite {
            inner.append(try keyedRows(reading: aggregates.indices.map { (aggregates[$0].column, Self.argumentAlias($0)) }))
        } else {
            inner.append(relation)
            if let filter {
                inner.append(" WHERE ")
                inner.append(try SQL.userExpression(filter, in: dialect))
            }
        }
        let positions = groups.map { String($0 + 1) }.joined(separator: ", ")
        inner.append(" GROUP BY \(raw: positions)")
        if !medians.isEmpty {
            inner = try joiningMedians(at: medians, to: inner)
        }
        inner.append(" ORDER BY \(raw: String(columns.count + 1)) DESC, \(raw: positions)")
        let bar = BarFunction.sql("\(identifier: Self.countAlias)", of: "\(identifier: Self.mostAlias)", in: dialect)
        // A number either way: SQLite's round gives a real, PostgreSQL's a numeric (read as text).
        let share: SQL = "round(100.0 * \(identifier: Self.countAlias) / \(identifier: Self.totalAlias), 2)"
        let percent: SQL = dialect.kind == .postgres ? "CAST(\(sql: share) AS double precision)" : share
        let names = columnNames
        var shown: [SQL] = groups.map { "\(identifier: Self.valueAlias($0)) AS \(identifier: names[$0])" }
        shown.append("\(identifier: Self.countAlias) AS \(identifier: countName)")
        shown.append("\(sql: percent) AS \(identifier: percentName)")
        shown.append("\(sql: bar) AS \(identifier: histogramName)")
        shown += aggregates.indices.map { (index: Int) -> SQL in
            "\(identifier: Self.aggregateAlias(index)) AS \(identifier: names[columns.count + 3 + index])"
        }
        var sql: SQL = "(SELECT "
        sql.append(SQL.joined(shown, separator: ", "))
        sql.append(" FROM (")
        sql.append(inner)
        sql.append(") AS \(identifier: "reef groups")) AS \(identifier: "reef frequency")")
        return sql
    }

    /// The bytes of a long value a frequency table keeps (the grid's).
    static let keptBytes = GridValue.keptTextBytes

    // The inner query's column names, apart from any name a counted column may have.
    static func valueAlias(_ index: Int) -> String { index == 0 ? "reef value" : "reef value \(index)" }
    static func argumentAlias(_ index: Int) -> String { "reef argument \(index)" }
    static func aggregateAlias(_ index: Int) -> String { "reef aggregate \(index)" }
    static let countAlias = "reef count"
    static let totalAlias = "reef total"
    static let mostAlias = "reef most"

    /// A row source over the frequency table, counted by its first page (one grouped pass).
    /// The count and the aggregates' numbers group their thousands (`3,034`, `1,234.50`).
    func source(in database: Database, title: String) throws -> PagedSource {
        let query = RelationQuery(relation: try table(in: database.dialect), columnNames: columnNames, dialect: database.dialect)
        let groups = columns.count
        let columns = columnNames.enumerated().map { index, name in
            if index < groups {
                return GridColumn(name: name, kind: kinds[index] == .boolean || kinds[index] == .decimal ? kinds[index] : .other)
            }
            if index >= groups + 3 {
                let aggregate = aggregates[index - groups - 3].aggregate
                return GridColumn(name: name, kind: aggregate.isNumeric ? .real : .other, decimals: 2,
                                  groupsDigits: true)
            }
            return GridColumn(name: name, decimals: index == groups + 1 ? 2 : nil, groupsDigits: index == groups)  // the percent
        }
        // The first page groups every row before it can order them by count: it counts the
        // groups in the same pass (a second grouped pass to count them took as long again).
        return PagedSource(database: database, query: query, title: title, columns: columns, countsWithFirstPage: true,
                           valueKeys: valueKeys)
    }

    /// How the grouped columns of the table hold long values: SQLite's keys, or those made on the
    /// PostgreSQL server for the ``serverKinds`` columns.
    var valueKeys: GroupValueKeys {
        GroupValueKeys(limit: Self.keptBytes, columns: columns.count, serverKinds: dialectKind == .sqlite ? nil : serverKinds,
                       serverDigest: serverDigest)
    }

    /// The filter that keeps the rows holding `value` in the counted column, added to the view's
    /// own filter with `AND`: `"country" = 'UK'`, `(level > 3) AND "email" IS NULL`. The value is written as a
    /// literal the database reads back exactly (``ORMCore/SQLValue/sqlLiteral``).
    func filter(keeping value: SQLValue) -> String {
        filter(keeping: [value])
    }

    /// The rows of one group, `values` in the grouped columns' order: each value bound (`"region"
    /// = ?`; a NULL as `IS NULL`), the label as ``filter(keeping:)-([SQLValue])`` writes it. A
    /// long value's key (a row's ``SourceRow/groupKey``) keeps the rows holding exactly that value:
    /// on PostgreSQL by its size and digest, computed by the server; on SQLite by its key, made
    /// as the table's was (by rowid where ``longValues`` says how).
    func group(keeping values: [SQLValue]) -> RowGroup {
        let keys = valueKeys
        let tests = zip(columns.indices, values).map { (index: Int, value: SQLValue) -> SQL in
            if let (_, size, digest) = keys.decode(value, column: index) {
                if let digest, serverKinds.indices.contains(index), let kind = serverKinds[index] {
                    return ServerValueKey.matching(columns[index], kind: kind, size: size, digest: digest)
                }
                return "\(sql: LongValueReads.valueKey(of: columns[index], limit: Self.keptBytes, reads: longValues)) = \(value)"
            }
            var bound = value
            if kinds[index] == .boolean, case .integer(let integer) = value {
                bound = .text(CellFormatter.booleanText(integer))  // PostgreSQL has no boolean = integer
            }
            return value == .null ? "\(identifier: columns[index]) IS NULL" : "\(identifier: columns[index]) = \(bound)"
        }
        let label = zip(columns.indices, values).map { index, value in
            if let (start, size, _) = keys.decode(value, column: index) {
                return "\(columns[index]) = \(Self.shortLiteral(start))… (\(size) bytes)"
            }
            if kinds[index] == .boolean, case .integer(let integer) = value {
                return "\(columns[index]) = \(CellFormatter.booleanText(integer))"
            }
            return value == .null ? "\(columns[index]) IS NULL" : "\(columns[index]) = \(value.sqlLiteral)"
        }
        return RowGroup(condition: SQL.joined(tests, separator: " AND "), label: label.joined(separator: " AND "))
    }

    /// The literal of the first characters (bytes) of a long value's start, for a label.
    private static func shortLiteral(_ start: SQLValue) -> String {
        switch start {
        case .text(let text): SQLValue.text(String(text.prefix(20))).sqlLiteral
        case .blob(let data): SQLValue.blob(Data(data.prefix(8))).sqlLiteral
        default: start.sqlLiteral
        }
    }

    /// The filter that keeps the rows of one group, `values` in the grouped columns' order, added
    /// to the view's own filter with `AND`: `"country" = 'UK' AND "year" IS NULL`.
    func filter(keeping values: [SQLValue]) -> String {
        let tests = zip(columns.indices, values).map { index, value in
            let column = quoteIdentifier(columns[index])
            var literal = value.sqlLiteral
            if kinds[index] == .boolean, case .integer(let integer) = value {
                literal = CellFormatter.booleanText(integer)  // PostgreSQL has no boolean = integer
            }
            return value == .null ? "\(column) IS NULL" : "\(column) = \(literal)"
        }
        let test = tests.joined(separator: " AND ")
        guard let filter else {
            return test
        }
        // A comment ending the filter would swallow what follows on its line.
        return "(\(filter)\(filter.contains("--") ? "\n" : "")) AND \(test)"
    }
}
