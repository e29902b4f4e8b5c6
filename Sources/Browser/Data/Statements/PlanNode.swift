/// One step of a statement's plan, as the database explains it (``QueryPlan``): what it does, in
/// short, what the planner expected of it and, after `EXPLAIN ANALYZE`, what it did; the steps it
/// reads from are its ``children``.
///
/// SQLite's `EXPLAIN QUERY PLAN` says only what each step does (``title``); PostgreSQL's
/// `EXPLAIN (FORMAT JSON)` adds costs and row counts, and with `ANALYZE` the actual rows, time and
/// loops.
struct PlanNode: Sendable, Equatable {
    /// What the step does: PostgreSQL's node type (`Hash Join`, `Seq Scan`), SQLite's detail line
    /// (`SEARCH al USING INTEGER PRIMARY KEY (rowid=?)`).
    var title: String
    /// What it works on, in short: the relation and index (`using album_pkey on album al`), the
    /// join or filter condition, the sort or group key; empty when none.
    var detail: String = ""
    /// The rows the planner expects the step to return (a loop's), nil when the database does not say.
    var estimatedRows: Double?
    /// The planner's total cost of the step, its children's included (PostgreSQL's units).
    var totalCost: Double?
    /// The rows the step returned, a loop's on average (`ANALYZE`).
    var actualRows: Double?
    /// The milliseconds the step took, its children's included, a loop's on average (`ANALYZE`).
    var actualTime: Double?
    /// How many times the step ran (`ANALYZE`); 0 when it never ran.
    var loops: Double?
    /// The steps this one reads from, in the database's order.
    var children: [PlanNode] = []

    /// The line that names the step: its title, then its detail.
    var label: String {
        detail.isEmpty ? title : title + "  " + detail
    }

    /// The milliseconds the step took over all its loops, its children's included (`ANALYZE`).
    var timeOverLoops: Double? {
        actualTime.map { $0 * (loops ?? 1) }
    }

    /// The milliseconds spent in this step alone, over all its loops: its time less its
    /// children's (never below 0); nil without `ANALYZE`.
    var exclusiveTime: Double? {
        timeOverLoops.map { own in max(0, own - children.reduce(0) { $0 + ($1.timeOverLoops ?? 0) }) }
    }

    /// The planner's cost of this step alone: its total cost less its children's (never below 0).
    var exclusiveCost: Double? {
        totalCost.map { own in max(0, own - children.reduce(0) { $0 + ($1.totalCost ?? 0) }) }
    }

    /// The steps of the tree under and including this one, depth first, each with the guides that
    /// draw its place (`├─ `, `│  └─ `), as the `tree` command lists folders.
    func lines() -> [(guides: String, node: PlanNode)] {
        var result: [(guides: String, node: PlanNode)] = [("", self)]
        appendChildren(of: self, indent: "", to: &result)
        return result
    }

    /// Appends `node`'s children and theirs, under the guides `indent` of the levels above.
    private func appendChildren(of node: PlanNode, indent: String, to result: inout [(guides: String, node: PlanNode)]) {
        for (index, child) in node.children.enumerated() {
            let isLast = index == node.children.count - 1
            result.append((indent + (isLast ? "└─ " : "├─ "), child))
            appendChildren(of: child, indent: indent + (isLast ? "   " : "│  "), to: &result)
        }
    }
}
