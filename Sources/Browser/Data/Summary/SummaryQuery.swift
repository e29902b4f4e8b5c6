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

    /// The summary statements of `columns` over `relation`, filtered by `filter`.
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the filter is not one SQL expression.
    init(relation: SQL, columns: [String], filter: String?) throws {
        self.relation = relation
        self.columns = columns
        let trimmed = filter?.trimmedWhitespace ?? ""
        self.filter = trimmed.isEmpty ? nil : trimmed
        condition = try self.filter.map { try SQL.userExpression($0) }
    }

    /// One row: the number of rows, then for each column in `range` five values: how many are not
    /// NULL, the smallest, the largest, and those two as Julian days (NULL unless they read as dates).
    func overview(of range: Range<Int>) -> SQL {
        var sql: SQL = "SELECT count(*)"
        for name in columns[range] {
            sql.append("""
                , count(\(identifier: name)), min(\(identifier: name)), max(\(identifier: name)), \
                julianday(min(\(identifier: name))), julianday(max(\(identifier: name)))
                """)
        }
        sql.append(from(where: []))
        return sql
    }

    /// Each distinct value of column `index` that is not NULL, in SQLite's order, with how many
    /// rows hold it, and with `julianDays` its Julian day (NULL unless it reads as a date);
    /// `numbersOnly` keeps the integers and reals.
    func groups(of index: Int, julianDays: Bool = false, numbersOnly: Bool = false) -> SQL {
        let name = columns[index]
        var sql: SQL = "SELECT \(identifier: name), count(*)"
        if julianDays {
            sql.append(", julianday(\(identifier: name))")
        }
        var conditions: [SQL] = ["\(identifier: name) IS NOT NULL"]
        if numbersOnly {
            conditions.append("typeof(\(identifier: name)) IN ('integer', 'real')")
        }
        sql.append(from(where: conditions))
        sql.append(" GROUP BY 1 ORDER BY 1")
        return sql
    }

    /// ` FROM relation WHERE filter AND conditions…`.
    private func from(where conditions: [SQL]) -> SQL {
        var sql: SQL = " FROM "
        sql.append(relation)
        let all = (condition.map { [$0] } ?? []) + conditions
        for (index, condition) in all.enumerated() {
            sql.append(index == 0 ? " WHERE " : " AND ")
            sql.append(condition)
        }
        return sql
    }
}
