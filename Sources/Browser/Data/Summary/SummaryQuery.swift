import ORMCore

/// The statements the column summary (`I`) runs over a view: one pass over the rows for the
/// overview of many columns at once, then one sorted pass a column for its distribution.
///
/// ```swift
/// let query = try SummaryQuery(relation: "\(identifier: "events")", columns: ["kind", "at"], filter: "level > 3")
/// query.overview(of: 0..<2)
/// // SELECT count(*), count("kind"), min("kind"), max("kind"), julianday(min("kind")), julianday(max("kind")), …
/// // FROM "events" WHERE (level > 3
/// // )
/// query.groups(of: 1, julianDays: true)
/// // SELECT "at", count(*), julianday("at") FROM "events" WHERE (level > 3
/// // ) AND "at" IS NOT NULL GROUP BY 1 ORDER BY 1
/// ```
struct SummaryQuery: Sendable {
    /// How many columns one overview pass takes at most: five results each, well within SQLite's
    /// limit of 2,000 result columns.
    static let overviewWidth = 200

    /// What the rows come from: a quoted table or view name, or a parenthesised query.
    let relation: SQL
    /// The names of the columns summarised, in order.
    let columns: [String]
    /// The view's filter as the user typed it, nil for none.
    let filter: String?
    /// ``filter`` checked as one expression, parenthesised.
    private let condition: SQL?
    /// On PostgreSQL, how each column is summarised (by its catalog type); nil on SQLite.
    private let postgresKinds: [PostgresKind]?
    /// Whether the columns' types are known (a table's), else asked of the server first.
    private let knowsTypes: Bool
    /// The columns' catalog types as given (PostgreSQL), to ask the catalog about those their
    /// name does not place (``typesToClassify()``).
    private let declaredTypes: [String]
    /// On SQLite, the collation each column (by position in `columns`) is ordered by, where it is
    /// one of reef's (``StoreTextOrders``: PostgreSQL's exact decimals, amounts, intervals,
    /// addresses and log positions in reef's copy of a statement's results, ``ResultStore``), so
    /// that `min`, `max` and the groups follow the server's order; empty on PostgreSQL.
    private let textOrders: [Int: String]
    /// On SQLite, how long values of the table summarised are read by rowid to make their keys
    /// (``LongValueReads/valueKey(of:limit:)``), never loaded whole; nil to read them in the rows.
    var longValues: LongValueReads?
    /// On PostgreSQL, what each column holds when it can hold a long value (a `text` or `bytea`
    /// summarised as it is): its values are read as their keys made on the server
    /// (``ORMCore/ServerValueKey``), never whole. Empty on SQLite.
    private let serverKinds: [LongValueKind?]
    /// The digest the server's keys end with (``ORMCore/ServerValueKey/Digest/of(_:)``, asked
    /// by the worker before the first key is read).
    var serverDigest: ServerValueKey.Digest = .sha256

    /// Whether any column's long values are read as keys made on the PostgreSQL server.
    var keysValuesOnServer: Bool {
        serverKinds.contains { $0 != nil }
    }

    /// The summary statements of `columns` over `relation`, filtered by `filter`.
    ///
    /// On PostgreSQL (`dialect`), each column is summarised by its catalog type (`declaredTypes`,
    /// as `format_type` writes them, in the order of `columns`): numbers, text, dates and times by
    /// their own order (a `numeric` or `money` by its exact value, its statistics as doubles;
    /// network addresses and enums too, an enum in the order of its labels), a `boolean` as 0 or 1,
    /// a `bytea` as bytes, and any other type (`jsonb`, arrays, `uuid`, a column of query results
    /// whose type is not known) by its text, which every
    /// type has and which can be ordered and grouped. Dates and timestamps have their Julian days.
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression.
    /// On SQLite, `textOrders` are the collations of reef's that order columns (by position)
    /// holding PostgreSQL's values as text; those holding exact decimals are summarised as a
    /// `numeric` is on PostgreSQL.
    /// `typeClasses` are what the catalog says of types their name does not place (``PostgresKind/init(declaredType:typeClass:)``).
    init(relation: SQL, columns: [String], filter: String?, dialect: SQLDialect.Kind = .sqlite,
         declaredTypes: [String] = [], textOrders: [Int: String] = [:], typeClasses: [String: String] = [:]) throws {
        self.textOrders = dialect == .postgres ? [:] : textOrders
        self.relation = relation
        self.columns = columns
        let trimmed = filter?.trimmedWhitespace ?? ""
        self.filter = trimmed.isEmpty ? nil : trimmed
        condition = try self.filter.map { try SQL.userExpression($0, in: dialect == .postgres ? .postgres : .sqlite) }
        knowsTypes = declaredTypes.contains { !$0.isEmpty }
        self.declaredTypes = declaredTypes
        postgresKinds = dialect == .postgres
            ? columns.indices.map { index in
                let type = declaredTypes.indices.contains(index) ? declaredTypes[index] : ""
                return PostgresKind(declaredType: type, typeClass: typeClasses[type])
            }
            : nil
        serverKinds = postgresKinds.map { kinds in
            kinds.indices.map { index in
                guard kinds[index] == .ordered || kinds[index] == .bytes, declaredTypes.indices.contains(index) else { return nil }
                return PostgresLongValueType.kind(of: declaredTypes[index])
            }
        } ?? []
    }

    /// One row: the number of rows, then for each column in `range` five values: how many are not
    /// NULL, the smallest, the largest, and those two as Julian days (NULL unless they read as
    /// dates), or for an exact decimal (``isExactDecimal(_:)``) as doubles.
    func overview(of range: Range<Int>) -> SQL {
        var sql: SQL = "SELECT count(*)"
        for index in range {
            let value = self.value(of: index)
            if postgresKinds?[index] == .bytes {
                // No min or max of bytea: its groups, in order, give them (SummaryWorker).
                sql.append(", count(\(identifier: columns[index])), CAST(NULL AS bytea), CAST(NULL AS bytea), ")
            } else {
                sql.append(", count(\(identifier: columns[index])), min(")
                sql.append(value)
                sql.append("), max(")
                sql.append(value)
                sql.append("), ")
            }
            if let number = number(of: index) {
                // An exact decimal's range as doubles, where a date's Julian days go.
                sql.append("min(")
                sql.append(number)
                sql.append("), max(")
                sql.append(number)
                sql.append(")")
            } else {
                sql.append(julianDay(of: index, "min(", value, ")"))
                sql.append(", ")
                sql.append(julianDay(of: index, "max(", value, ")"))
            }
        }
        sql.append(from(where: [], reading: Array(range)))
        return sql
    }

    /// Each distinct value of column `index` that is not NULL, in the database's order, with how
    /// many rows hold it, and with `julianDays` its Julian day (NULL unless it reads as a date); an
    /// exact decimal's with its double instead (``isExactDecimal(_:)``). `numbersOnly` keeps the
    /// integers and reals.
    func groups(of index: Int, julianDays: Bool = false, numbersOnly: Bool = false) -> SQL {
        let name = columns[index]
        var sql: SQL = "SELECT "
        sql.append(value(of: index))
        sql.append(", count(*)")
        if let number = number(of: index) {
            sql.append(", ")
            sql.append(number)
        } else if julianDays {
            sql.append(", ")
            sql.append(julianDay(of: index, "", value(of: index), ""))
        }
        var conditions: [SQL] = ["\(identifier: name) IS NOT NULL"]
        if numbersOnly {
            if let kinds = postgresKinds {
                // A column holds one type there: numbers, or none.
                conditions.append(kinds[index] == .number || kinds[index] == .decimal ? "TRUE" : "FALSE")
            } else {
                conditions.append("typeof(")
                conditions[conditions.count - 1].append(number(of: index) ?? value(of: index))
                conditions[conditions.count - 1].append(") IN ('integer', 'real')")
            }
        }
        sql.append(from(where: conditions, reading: [index]))
        sql.append(" GROUP BY 1 ORDER BY 1")
        return sql
    }

    // MARK: - PostgreSQL

    /// On PostgreSQL when the columns' types are not known (query results): the statement whose one
    /// row names each column's type (`pg_typeof`), for ``typed(_:)``. Nil otherwise.
    func typesQuery() -> SQL? {
        guard postgresKinds != nil, !knowsTypes, !columns.isEmpty else {
            return nil
        }
        var sql: SQL = "SELECT "
        for (index, name) in columns.enumerated() {
            sql.append(index == 0 ? "" : ", ")
            sql.append("CAST(pg_typeof(\(identifier: name)) AS text)")
        }
        sql.append(from(where: [], reading: []))
        sql.append(" LIMIT 1")
        return sql
    }

    /// These statements with the columns' types as the server named them.
    func typed(_ types: [String]) throws -> SummaryQuery {
        try SummaryQuery(relation: relation, columns: columns, filter: filter, dialect: .postgres, declaredTypes: types)
    }

    /// On PostgreSQL, the column types whose name does not say how to summarise them (an enum's
    /// name is the user's), once each, for ``classified(_:)``; empty on SQLite.
    func typesToClassify() -> [String] {
        guard let kinds = postgresKinds else {
            return []
        }
        var seen = Set<String>()
        return columns.indices.compactMap { index in
            let type = declaredTypes.indices.contains(index) ? declaredTypes[index] : ""
            guard kinds[index] == .text, !type.isEmpty, !type.hasSuffix("]"), seen.insert(type).inserted else {
                return nil
            }
            return type
        }
    }

    /// The statement that reads what the catalog says of `type` (one row: `pg_type`'s `typtype`
    /// and `typcategory`, none for a type it does not know).
    static func typeClassQuery(_ type: String) -> SQL {
        "SELECT CAST(typtype AS text) || CAST(typcategory AS text) FROM pg_catalog.pg_type WHERE oid = pg_catalog.to_regtype(\(type))"
    }

    /// These statements with what the catalog says of the types ``typesToClassify()`` named:
    /// `typtype` then `typcategory`, `eE` for an enum.
    func classified(_ classes: [String: String]) throws -> SummaryQuery {
        try SummaryQuery(relation: relation, columns: columns, filter: filter, dialect: .postgres, declaredTypes: declaredTypes,
                         typeClasses: classes)
    }

    /// How a PostgreSQL column is summarised.
    enum PostgresKind: Equatable, Sendable {
        /// Ordered and grouped as it is: integers and floating-point numbers.
        case number
        /// A `numeric` or `money`: its smallest, largest and most common values exact, its other
        /// statistics of its values as doubles (approximate beyond 15 digits).
        case decimal
        /// Ordered and grouped as it is: text, times, intervals.
        case ordered
        /// A date or timestamp: as it is, with its Julian day.
        case date
        /// A boolean: as 0 or 1.
        case boolean
        /// A `bytea`: as bytes (BLOBs), grouped and ordered as they are; it has no `min` or `max`.
        case bytes
        /// Anything else: its text.
        case text

        /// The kind of a column whose catalog type is `declaredType` (empty when not known), with
        /// what the catalog says of it when its name does not tell (`typeClass`: `typtype` then
        /// `typcategory`): an enum (`e`) is ordered as it is, in the order of its labels.
        init(declaredType: String, typeClass: String? = nil) {
            let type = declaredType.trimmedWhitespace.lowercased()
            if type.hasSuffix("]") {
                self = .text
            } else if type == "bytea" {
                self = .bytes
            } else if type == "inet" || type == "cidr" || typeClass?.first == "e" {
                // In their own order, and as they are written: an address without its `/32`.
                self = .ordered
            } else if ["smallint", "integer", "bigint", "real", "double precision"].contains(type) {
                self = .number
            } else if type.hasPrefix("numeric") || type == "money" {
                self = .decimal
            } else if type == "date" || type.hasPrefix("timestamp") {
                self = .date
            } else if type == "text" || type.hasPrefix("character") || type.hasPrefix("time") || type.hasPrefix("interval") {
                self = .ordered
            } else if type == "boolean" {
                self = .boolean
            } else {
                self = .text
            }
        }
    }

    /// Column `index` as it is summarised: itself on SQLite, on PostgreSQL as its kind says.
    /// The bytes of a long value the summary keeps (the grid's): on SQLite a longer value is
    /// read as its ``ORMCore/ValueKey``.
    static let keptBytes = GridValue.keptTextBytes

    /// Whether the statements read long values as keys (SQLite): the values they give are never
    /// longer than a key.
    var readsValueKeys: Bool {
        postgresKinds == nil
    }

    /// The most bytes a value read from column `index` holds when the statements read long
    /// values there as keys (SQLite's, or those made on the PostgreSQL server); nil when they
    /// read the column's values as they are.
    func keyBytes(column index: Int) -> Int? {
        if readsValueKeys {
            return Self.keptBytes + ValueKey.longestTail
        }
        guard serverKinds.indices.contains(index), serverKinds[index] != nil else {
            return nil
        }
        return 4 * Self.keptBytes + ServerValueKey.longestTail  // a text's start is its first characters
    }

    /// The start and full size in bytes of the long value that `value`, read from column
    /// `index`, stands for when it is a key; nil for a value as itself.
    func decodeKey(_ value: SQLValue, column index: Int) -> (start: SQLValue, size: Int)? {
        if readsValueKeys {
            return ValueKey.decode(value, limit: Self.keptBytes)
        }
        guard serverKinds.indices.contains(index), let kind = serverKinds[index] else {
            return nil
        }
        return ServerValueKey.decode(value, kind: kind, limit: Self.keptBytes, digest: serverDigest).map { ($0.start, $0.size) }
    }

    private func value(of index: Int) -> SQL {
        let name = columns[index]
        if serverKinds.indices.contains(index), let kind = serverKinds[index] {
            return ServerValueKey.select(name, kind: kind, limit: Self.keptBytes, digest: serverDigest)
        }
        switch postgresKinds?[index] {
        case .boolean?: return "CAST(\(identifier: name) AS integer)"
        case .text?: return "CAST(\(identifier: name) AS text)"
        default: return "\(identifier: name)"
        }
    }

    /// Whether column `index` holds exact decimals: PostgreSQL's `numeric` and `money`, and on
    /// SQLite a `numeric` or `money` of a statement's results in reef's copy of them. Its smallest, largest
    /// and most common values are its own (`1000000000000000000001`, `$4.99`); its other
    /// statistics are of its values as doubles.
    func isExactDecimal(_ index: Int) -> Bool {
        [DecimalTextOrder.name, MoneyTextOrder.name].contains(textOrders[index]) || postgresKinds?[index] == .decimal
    }

    /// Column `index` as a double when it holds exact decimals (``isExactDecimal(_:)``), else nil.
    private func number(of index: Int) -> SQL? {
        guard isExactDecimal(index) else {
            return nil
        }
        let name = columns[index]
        if postgresKinds != nil {
            // `money` has no cast to a double but has one to `numeric`.
            return "CAST(CAST(\(identifier: name) AS numeric) AS double precision)"
        }
        return textOrders[index] == MoneyTextOrder.name
            ? "\(raw: MoneyAmountFunction.name)(\(identifier: name))" : "CAST(\(identifier: name) AS REAL)"
    }

    /// The Julian day of `open value close` (`min(…)`): SQLite's `julianday`; on PostgreSQL the
    /// day of a date or timestamp (from its epoch seconds), NULL for any other type.
    private func julianDay(of index: Int, _ open: String, _ value: SQL, _ close: String) -> SQL {
        var sql: SQL
        switch postgresKinds?[index] {
        case nil:
            sql = SQL(stringLiteral: "julianday(\(open)")
            sql.append(value)
            sql.append(SQL(stringLiteral: "\(close))"))
        case .date?:
            sql = SQL(stringLiteral: "(CAST(extract(epoch FROM \(open)")
            sql.append(value)
            sql.append(SQL(stringLiteral: "\(close)) AS double precision) / 86400 + 2440587.5)"))
        default:
            sql = "CAST(NULL AS double precision)"
        }
        return sql
    }

    /// ` FROM relation WHERE filter AND conditions…`.
    ///
    /// On SQLite the columns at `indexes` are read from a subquery that hands a long text or blob
    /// on as its key (``ORMCore/ValueKey``) under the column's own name, so that `min`, `max` and
    /// the sorted groups hold a kilobyte of it. `LIMIT -1` keeps SQLite from flattening it: it
    /// would put the whole values in its sorter and compute the keys after.
    private func from(where conditions: [SQL], reading indexes: [Int]) -> SQL {
        var sql: SQL = " FROM "
        var all = conditions
        if readsValueKeys {
            sql.append("(SELECT ")
            sql.append(SQL.joined(indexes.map { index -> SQL in
                let name = columns[index]
                var key: SQL = longValues.map { $0.valueKey(of: name, limit: Self.keptBytes) } ?? """
                    CASE WHEN typeof(\(identifier: name)) IN ('text', 'blob') \
                    THEN \(raw: ValueKey.functionName)(\(identifier: name), \(raw: String(Self.keptBytes))) \
                    ELSE \(identifier: name) END
                    """
                if let collation = textOrders[index] {
                    // Through the subquery's column: `min`, `max` and the groups order by it.
                    key.append(" COLLATE \(identifier: collation)")
                }
                key.append(" AS \(identifier: name)")
                return key
            }, separator: ", "))
            sql.append(" FROM ")
            sql.append(relation)
            if let condition {
                sql.append(" WHERE ")
                sql.append(condition)
            }
            sql.append(" LIMIT -1) AS \(identifier: "reef keys")")
        } else {
            sql.append(relation)
            all = (condition.map { [$0] } ?? []) + conditions
        }
        for (index, condition) in all.enumerated() {
            sql.append(index == 0 ? " WHERE " : " AND ")
            sql.append(condition)
        }
        return sql
    }
}
