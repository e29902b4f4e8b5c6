import ORMCore

/// Builds every statement a ``PagedSource`` runs over the results of a query the user typed,
/// wrapped as a subquery, with a filter and an order.
///
/// Tables and views are read through ORMCore (``TableSource``); this is only for statements typed
/// at the SQL prompt, which ORMCore cannot describe as an entity. Identifiers are always quoted;
/// searched text is bound. The filter is the user's own SQL expression, typed at the filter
/// prompt: checked to be one expression (``ORMCore/SQL/userExpression(_:in:)``), then inserted as
/// written, in parentheses, the closing one on a line of its own.
///
/// ```swift
/// let query = try RelationQuery(relation: "(SELECT * FROM users)", columnNames: ["id", "name"],
///                               sort: GridSort(column: 1, descending: true)).filtered(by: "id > 30")
/// query.window(offset: 100, limit: 50)
/// // SELECT * FROM (SELECT * FROM users) WHERE (id > 30
/// // ) ORDER BY "name" DESC LIMIT ? OFFSET ?
/// ```
struct RelationQuery: Sendable {
    /// The relation after `FROM`: a table's quoted name, or a parenthesised query with a name
    /// (`(SELECT …) AS "reef query"`: PostgreSQL names every subquery in `FROM`).
    var relation: SQL
    /// The names of the result's columns, for `ORDER BY` and search.
    var columnNames: [String]
    /// The user's `WHERE` expression as typed, nil for none.
    private(set) var filter: String?
    /// The sort order, nil for the query's own order.
    var sort: GridSort?
    /// The SQL of the database the query runs on (how a search is written).
    var dialect: SQLDialect = .sqlite
    /// ``filter`` checked as one expression, parenthesised.
    private var condition: SQL?
    /// A column of the relation not shown (not among ``columnNames``) that every order starts
    /// with, before the sort's keys or, with no sort, the first column: a pivot table's totals
    /// row (`1` there, `0` in the others) stays last however the table is sorted. Nil for none:
    /// every column of the relation is shown, in the query's own order when unsorted.
    var pinnedColumn: String?

    /// A query over `relation`, unfiltered.
    init(relation: SQL, columnNames: [String], sort: GridSort? = nil, dialect: SQLDialect = .sqlite) {
        self.relation = relation
        self.columnNames = columnNames
        self.sort = sort
        self.dialect = dialect
    }

    /// The same query filtered by `text` (nil or blank for no filter).
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the text is not one SQL expression.
    func filtered(by text: String?) throws -> RelationQuery {
        var changed = self
        let trimmed = text?.trimmedWhitespace ?? ""
        changed.filter = trimmed.isEmpty ? nil : trimmed
        changed.condition = trimmed.isEmpty ? nil : try SQL.userExpression(trimmed, in: dialect)
        return changed
    }

    /// The rows at positions `offset..<offset+limit`, each with its ``pinnedColumn`` as one more
    /// value at its end when there is one (so a page tells the totals row without a statement of
    /// its own: one over a pivot table groups every row again).
    func window(offset: Int, limit: Int) -> SQL {
        var sql: SQL = "SELECT \(sql: pageList()) FROM "
        sql.append(relation)
        sql.append(whereClause())
        sql.append(orderBy())
        sql.append(" LIMIT \(limit) OFFSET \(offset)")
        return sql
    }

    /// The first `limit` rows as ``window(offset:limit:)`` reads them, each with the count of every
    /// row as one more value at its end (`count(*) OVER ()`): the first window and the count in one
    /// pass, for a relation whose first window reads every row anyway (grouped, then ordered by the
    /// groups' counts).
    func firstWindowCounting(limit: Int) -> SQL {
        var sql: SQL = "SELECT \(sql: pageList()), count(*) OVER () AS \(identifier: Self.countAlias) FROM "
        sql.append(relation)
        sql.append(whereClause())
        sql.append(orderBy())
        sql.append(" LIMIT \(limit) OFFSET 0")
        return sql
    }

    /// Every row, in the view's order.
    func all() -> SQL {
        var sql = select()
        sql.append(orderBy())
        return sql
    }

    /// `SELECT count(*)` of the filtered relation.
    func count() -> SQL {
        var sql: SQL = "SELECT count(*) FROM "
        sql.append(relation)
        sql.append(whereClause())
        return sql
    }

    /// A statement that fails to prepare when the filter or order is invalid, and reads no row.
    func validation() -> SQL {
        var sql = select()
        sql.append(orderBy())
        sql.append(" LIMIT 0")
        return sql
    }

    /// The position of the first row in `rows` (upwards, or downwards when `forward` is false)
    /// with `text` in any column.
    func find(text: String, in rows: Range<Int>, forward: Bool) -> SQL {
        find(GridSearch(text: text), in: rows, forward: forward)
    }

    /// The position of the first row in `rows` (upwards, or downwards when `forward` is false)
    /// that `search` matches.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) -> SQL {
        var inner: SQL = "SELECT \(raw: rowNumber()) AS \(identifier: Self.positionAlias), "
        inner.append(SQL.joined(columnNames.map { "\(identifier: $0)" }, separator: ", "))
        inner.append(" FROM ")
        inner.append(relation)
        inner.append(whereClause())
        var sql: SQL = "SELECT \(identifier: Self.positionAlias) FROM ("
        sql.append(inner)
        sql.append(") AS \(identifier: "reef numbered") WHERE \(identifier: Self.positionAlias) >= \(rows.lowerBound) AND \(identifier: Self.positionAlias) < \(rows.upperBound) AND (")
        sql.append(search.condition(columns: columnNames, in: dialect))
        sql.append(forward ? ") ORDER BY 1 LIMIT 1" : ") ORDER BY 1 DESC LIMIT 1")
        return sql
    }

    /// One flag per column of the row at `position`: whether `search` matches it as
    /// ``find(_:in:forward:)`` compares.
    func columns(matching search: GridSearch, at position: Int) -> SQL {
        let tests = search.tests(columns: columnNames, in: dialect)
        var sql: SQL = "SELECT \(sql: SQL.joined(tests, separator: ", ")) FROM ("
        sql.append(window(offset: position, limit: 1))
        sql.append(") AS \(identifier: "reef row")")
        return sql
    }

    // MARK: - Private

    /// The column alias of the count in ``firstWindowCounting(limit:)``.
    private static let countAlias = "reef count"
    /// The column alias of a row's position in ``find(text:from:forward:)``.
    private static let positionAlias = "reef position"

    /// `SELECT * FROM relation WHERE filter`.
    private func select() -> SQL {
        var sql: SQL = "SELECT \(sql: selectList()) FROM "
        sql.append(relation)
        sql.append(whereClause())
        return sql
    }

    /// `*`, or the columns shown when the relation has a ``pinnedColumn`` it does not show.
    private func selectList() -> SQL {
        guard pinnedColumn != nil else {
            return "*"
        }
        return SQL.joined(columnNames.map { "\(identifier: $0)" }, separator: ", ")
    }

    /// ``selectList()`` then the ``pinnedColumn``, if any: what a page reads.
    private func pageList() -> SQL {
        guard let pinnedColumn else {
            return selectList()
        }
        return "\(sql: selectList()), \(identifier: pinnedColumn)"
    }

    /// ` WHERE (filter)`, or nothing.
    private func whereClause() -> SQL {
        guard let condition else {
            return ""
        }
        return " WHERE \(sql: condition)"
    }

    /// The sorted columns, first key first, if any (query results have no key to add after them).
    /// Led by the ``pinnedColumn`` when there is one (then, unsorted, by the first column after it).
    private func orderTerm() -> String? {
        let sorted = sort?.keeping(columnNames.indices)?.keys.map {
            quoteIdentifier(columnNames[$0.column]) + ($0.descending ? " DESC" : "")
        }.joined(separator: ", ")
        guard let pinnedColumn, let first = columnNames.first else {
            return sorted
        }
        return quoteIdentifier(pinnedColumn) + ", " + (sorted ?? quoteIdentifier(first))
    }

    /// ` ORDER BY ...`, or nothing for the query's own order.
    private func orderBy() -> SQL {
        orderTerm().map { " ORDER BY \(raw: $0)" } ?? ""
    }

    /// `row_number() OVER (ORDER BY ...) - 1`, numbering rows in the window's order from 0.
    private func rowNumber() -> String {
        "row_number() OVER (\(orderTerm().map { "ORDER BY " + $0 } ?? "")) - 1"
    }
}
