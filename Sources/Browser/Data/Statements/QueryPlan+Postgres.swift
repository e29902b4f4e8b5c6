import FoundationEssentials

extension QueryPlan {
    /// PostgreSQL's plan from the text of `EXPLAIN (FORMAT JSON)` (with `ANALYZE` when
    /// `analyzed`): one node a step, its type with what it works on in short (``PlanNode/detail``),
    /// the planner's rows and cost and, analyzed, the actual rows, time and loops.
    ///
    /// - Throws: ``UnreadablePlan`` when the text is not such a plan.
    static func postgres(json: String, analyzed: Bool) throws -> QueryPlan {
        let entries: [PostgresPlanEntry]
        do {
            entries = try JSONDecoder().decode([PostgresPlanEntry].self, from: Data(json.utf8))
        } catch {
            throw UnreadablePlan(reason: "PostgreSQL's JSON is not a plan (\(error))")
        }
        guard let entry = entries.first else {
            throw UnreadablePlan(reason: "PostgreSQL's JSON holds no plan")
        }
        return QueryPlan(root: entry.plan.node, analyzed: analyzed, planningTime: entry.planningTime,
                         executionTime: entry.executionTime, hasCosts: true)
    }
}

/// One statement's entry in PostgreSQL's `EXPLAIN (FORMAT JSON)`: its top node and, with
/// `ANALYZE`, the time taken to plan and to run it.
private struct PostgresPlanEntry: Decodable {
    /// The top node.
    var plan: PostgresPlanNode
    /// Milliseconds spent planning (`ANALYZE`, or `SUMMARY`).
    var planningTime: Double?
    /// Milliseconds spent running (`ANALYZE`).
    var executionTime: Double?

    /// PostgreSQL's names of the fields.
    enum CodingKeys: String, CodingKey {
        case plan = "Plan"
        case planningTime = "Planning Time"
        case executionTime = "Execution Time"
    }
}

/// One node of PostgreSQL's JSON plan: the fields reef shows, by PostgreSQL's names.
private struct PostgresPlanNode: Decodable {
    /// `Seq Scan`, `Hash Join`, `Aggregate`, `ModifyTable`…
    var nodeType: String
    /// `Inner`, `Left`, `Semi`… for joins.
    var joinType: String?
    /// `Plain`, `Sorted`, `Hashed`, `Mixed` for aggregates.
    var strategy: String?
    /// `Insert`, `Update`, `Delete`, `Merge` for `ModifyTable`.
    var operation: String?
    /// The table scanned or written.
    var relationName: String?
    /// The name the statement gives it.
    var alias: String?
    /// The index scanned.
    var indexName: String?
    /// The function scanned.
    var functionName: String?
    /// The common table expression scanned.
    var cteName: String?
    /// `InitPlan 1 (returns $0)`, `SubPlan 2`.
    var subplanName: String?
    /// The conditions, in the order one is chosen to show.
    var hashCondition, mergeCondition, indexCondition, joinFilter, recheckCondition, filter: String?
    /// The sort's and the grouping's keys.
    var sortKey, groupKey: [String]?
    /// The planner's total cost and rows.
    var totalCost, planRows: Double?
    /// What `ANALYZE` measured: a loop's total time and rows, and the loops.
    var actualTotalTime, actualRows, actualLoops: Double?
    /// The nodes it reads from.
    var plans: [PostgresPlanNode]?

    /// PostgreSQL's names of the fields.
    enum CodingKeys: String, CodingKey {
        case nodeType = "Node Type", joinType = "Join Type", strategy = "Strategy", operation = "Operation"
        case relationName = "Relation Name", alias = "Alias", indexName = "Index Name", functionName = "Function Name"
        case cteName = "CTE Name", subplanName = "Subplan Name"
        case hashCondition = "Hash Cond", mergeCondition = "Merge Cond", indexCondition = "Index Cond"
        case joinFilter = "Join Filter", recheckCondition = "Recheck Cond", filter = "Filter"
        case sortKey = "Sort Key", groupKey = "Group Key"
        case totalCost = "Total Cost", planRows = "Plan Rows"
        case actualTotalTime = "Actual Total Time", actualRows = "Actual Rows", actualLoops = "Actual Loops"
        case plans = "Plans"
    }

    /// The node as reef shows it.
    var node: PlanNode {
        PlanNode(title: title, detail: detail, estimatedRows: planRows, totalCost: totalCost, actualRows: actualRows,
                 actualTime: actualTotalTime, loops: actualLoops, children: (plans ?? []).map(\.node))
    }

    /// The node type as PostgreSQL's text format names it: `Hash Left Join`, `HashAggregate`,
    /// `Insert`; after the subplan's name when it is one.
    var title: String {
        var name = nodeType
        if let joinType, joinType != "Inner" {
            name = nodeType.hasSuffix(" Join") ? String(nodeType.dropLast(5)) + " \(joinType) Join" : "\(nodeType) \(joinType) Join"
        }
        switch (nodeType, strategy) {
        case ("Aggregate", "Hashed"?): name = "HashAggregate"
        case ("Aggregate", "Sorted"?): name = "GroupAggregate"
        case ("Aggregate", "Mixed"?): name = "MixedAggregate"
        case ("SetOp", "Hashed"?): name = "HashSetOp"
        default: break
        }
        if nodeType == "ModifyTable", let operation {
            name = operation
        }
        return subplanName.map { "\($0): \(name)" } ?? name
    }

    /// What the node works on, in short: `using album_pkey on album al (id < 4)`, `(ms > 1000)`,
    /// `by ar.name`.
    var detail: String {
        var parts: [String] = []
        if let indexName {
            parts.append("using \(indexName)")
        }
        if let target = relationName ?? functionName ?? cteName {
            parts.append("on " + (alias.map { $0 == target ? target : "\(target) \($0)" } ?? target))
        } else if nodeType == "Subquery Scan", let alias {
            parts.append("on \(alias)")
        }
        if let condition = hashCondition ?? mergeCondition ?? indexCondition ?? joinFilter ?? recheckCondition {
            parts.append(condition)
        }
        if let filter {
            parts.append("filter \(filter)")
        }
        if let keys = sortKey ?? groupKey, !keys.isEmpty {
            parts.append("by " + keys.joined(separator: ", "))
        }
        return parts.joined(separator: " ")
    }
}
