/// A statement's plan as the database explains it: the tree of its steps (``PlanNode``), whether
/// the statement ran to measure it (`EXPLAIN ANALYZE`) and, if so, in a transaction rolled back.
/// Made from SQLite's `EXPLAIN QUERY PLAN` rows (``sqlite(rows:)``) or PostgreSQL's
/// `EXPLAIN (FORMAT JSON)` text (``postgres(json:analyzed:)``).
struct QueryPlan: Sendable, Equatable {
    /// The first step: PostgreSQL's top node, or SQLite's `QUERY PLAN` over its steps.
    var root: PlanNode
    /// Whether the statement ran (`EXPLAIN ANALYZE`): the steps have actual rows, time and loops.
    var analyzed = false
    /// Whether it ran inside a transaction that was then rolled back, so nothing it wrote stays.
    var rolledBack = false
    /// The milliseconds PostgreSQL took to plan it (`ANALYZE`).
    var planningTime: Double?
    /// The milliseconds PostgreSQL took to run it (`ANALYZE`).
    var executionTime: Double?
    /// Whether the database gives costs and can run the statement to measure it (PostgreSQL);
    /// SQLite's plan has neither.
    var hasCosts = false

    /// The index in ``PlanNode/lines()`` of the step that took longest by itself (with
    /// `ANALYZE`), else of the step costing most by itself; nil when the plan has no costs or
    /// every step is free.
    var slowestLine: Int? {
        let lines = root.lines()
        let weights = lines.map { analyzed ? ($0.node.exclusiveTime ?? 0) : ($0.node.exclusiveCost ?? 0) }
        guard let largest = weights.max(), largest > 0 else {
            return nil
        }
        return weights.firstIndex(of: largest)
    }
}
