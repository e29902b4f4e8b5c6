import ORMCore

extension QueryPlan {
    /// One row of SQLite's `EXPLAIN QUERY PLAN`: the step's number, its parent's (0 at the top)
    /// and what it does.
    struct SQLiteRow: Sendable, Equatable {
        /// The step's number.
        var id: Int
        /// The number of the step it is part of; 0 for a step at the top.
        var parent: Int
        /// What it does: `SCAN t`, `SEARCH al USING INTEGER PRIMARY KEY (rowid=?)`.
        var detail: String
    }

    /// A plan whose SQLite rows do not have the columns `EXPLAIN QUERY PLAN` gives.
    struct UnreadablePlan: Error, Equatable, CustomStringConvertible {
        /// What was wrong with it.
        var reason: String

        var description: String {
            "the plan could not be read: \(reason)"
        }
    }

    /// The rows of `EXPLAIN QUERY PLAN` as run: columns `id`, `parent`, `notused`, `detail`.
    ///
    /// - Throws: ``UnreadablePlan`` when a row has not those columns.
    static func sqliteRows(_ rows: [[SQLValue]]) throws -> [SQLiteRow] {
        try rows.map { values in
            guard values.count >= 4, case .integer(let id) = values[0], case .integer(let parent) = values[1],
                  case .text(let detail) = values[3]
            else {
                throw UnreadablePlan(reason: "a row of EXPLAIN QUERY PLAN is not id, parent, notused, detail")
            }
            return SQLiteRow(id: Int(id), parent: Int(parent), detail: detail)
        }
    }

    /// SQLite's plan from its `EXPLAIN QUERY PLAN` rows, as the `sqlite3` shell draws it: a
    /// `QUERY PLAN` step over the steps at the top, each over the steps that name it as their
    /// parent, in the order of the rows. A step whose parent is not among the rows goes to the top.
    static func sqlite(rows: [SQLiteRow]) -> QueryPlan {
        let ids = Set(rows.map(\.id))
        var childrenOf: [Int: [SQLiteRow]] = [:]
        for row in rows {
            childrenOf[ids.contains(row.parent) && row.parent != row.id ? row.parent : 0, default: []].append(row)
        }
        var visited: Set<Int> = []
        func node(_ row: SQLiteRow) -> PlanNode {
            visited.insert(row.id)
            let children = (childrenOf[row.id] ?? []).filter { !visited.contains($0.id) }
            return PlanNode(title: row.detail, children: children.map(node))
        }
        let top = (childrenOf[0] ?? []).map(node)
        return QueryPlan(root: PlanNode(title: "QUERY PLAN", children: top))
    }
}
