import ORMCore

/// The rows a frequency table's row stands for (`Enter` on it): a condition with the group's values
/// bound (`"region" = ?`, `"year" IS NULL`), kept apart from the view's own filter, which the
/// user types and edits as text; and how the status bar names it (`region = 'north'`).
///
/// ```swift
/// let group = query.group(keeping: [.text("north"), .null])
/// // group.condition: "region" = ? AND "year" IS NULL, bound to 'north'
/// ```
struct RowGroup: Sendable {
    /// The condition, its values bound.
    let condition: SQL
    /// The condition as the status bar shows it, values written as literals (never run).
    let label: String

    /// `relation` (a quoted name or a named subquery) restricted to the group, as a named
    /// subquery: what counts, summaries and exports of the group's rows read from.
    func restricting(_ relation: SQL) -> SQL {
        var sql: SQL = "(SELECT * FROM "
        sql.append(relation)
        sql.append(" WHERE ")
        sql.append(condition)
        sql.append(") AS \(identifier: "reef group")")
        return sql
    }
}
