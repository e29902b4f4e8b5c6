import ORMCore
import XCTest
@testable import Browser

/// Plans read into one tree: SQLite's `EXPLAIN QUERY PLAN` rows and PostgreSQL's
/// `EXPLAIN (FORMAT JSON)` (samples a real server gave, ``PlanSamples``), the steps' own time and
/// cost, and the step marked slowest.
final class QueryPlanTests: XCTestCase {
    /// The tree's lines as the plan screen draws them: guides and label.
    private func tree(_ plan: QueryPlan) -> [String] {
        plan.root.lines().map { $0.guides + $0.node.label }
    }

    /// SQLite's rows become the tree the `sqlite3` shell draws, a subquery's steps under it.
    func testSQLiteRowsBecomeATree() throws {
        let rows = try QueryPlan.sqliteRows([
            [.integer(3), .integer(0), .integer(0), .text("SEARCH t USING INDEX IFK_TrackGenreId (GenreId=?)")],
            [.integer(7), .integer(0), .integer(0), .text("LIST SUBQUERY 1")],
            [.integer(9), .integer(7), .integer(0), .text("SCAN Genre")],
            [.integer(21), .integer(0), .integer(0), .text("SEARCH al USING INTEGER PRIMARY KEY (rowid=?)")],
            [.integer(44), .integer(0), .integer(0), .text("USE TEMP B-TREE FOR GROUP BY")],
        ])
        let plan = QueryPlan.sqlite(rows: rows)
        XCTAssertEqual(tree(plan), [
            "QUERY PLAN",
            "├─ SEARCH t USING INDEX IFK_TrackGenreId (GenreId=?)",
            "├─ LIST SUBQUERY 1",
            "│  └─ SCAN Genre",
            "├─ SEARCH al USING INTEGER PRIMARY KEY (rowid=?)",
            "└─ USE TEMP B-TREE FOR GROUP BY",
        ])
        XCTAssertFalse(plan.hasCosts)
        XCTAssertNil(plan.slowestLine, "SQLite's plan has no costs to compare")
    }

    /// A row whose parent is not among the rows goes to the top rather than being lost.
    func testASQLiteStepWithAnUnknownParentGoesToTheTop() {
        let plan = QueryPlan.sqlite(rows: [.init(id: 2, parent: 0, detail: "SCAN a"), .init(id: 5, parent: 4, detail: "SCAN b")])
        XCTAssertEqual(tree(plan), ["QUERY PLAN", "├─ SCAN a", "└─ SCAN b"])
    }

    /// Rows without EXPLAIN QUERY PLAN's columns are refused with a clear error.
    func testRowsOfAnotherShapeAreRefused() {
        XCTAssertThrowsError(try QueryPlan.sqliteRows([[.integer(1), .text("x")]])) { error in
            XCTAssertTrue("\(error)".contains("not id, parent, notused, detail"), "\(error)")
        }
    }

    /// PostgreSQL's analyzed join: node types with their relation, condition and keys in short,
    /// the estimates and the measures, the timings of the whole.
    func testPostgresJSONBecomesATree() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedJoin, analyzed: true)
        XCTAssertEqual(tree(plan), [
            "Sort  by (count(*)) DESC",
            "└─ HashAggregate  by ar.name",
            "   └─ Hash Join  (al.artist_id = ar.id)",
            "      ├─ Hash Join  (t.album_id = al.id)",
            "      │  ├─ Seq Scan  on track t filter (ms > 1000)",
            "      │  └─ Hash",
            "      │     └─ Seq Scan  on album al",
            "      └─ Hash",
            "         └─ Seq Scan  on artist ar",
        ])
        XCTAssertEqual(plan.planningTime, 1.089)
        XCTAssertEqual(plan.executionTime, 53.789)
        let scan = plan.root.lines()[4].node
        XCTAssertEqual(scan.estimatedRows, 19000)
        XCTAssertEqual(scan.actualRows, 19000)
        XCTAssertEqual(scan.actualTime, 23.055)
        XCTAssertEqual(scan.loops, 1)
        XCTAssertEqual(scan.totalCost, 359)
    }

    /// With ANALYZE the slowest step is the one whose own time (its time less its children's)
    /// is largest: the scan of track (23.055 ms), not the sort at the top (53.611 ms in all,
    /// 12.225 ms its own).
    func testTheSlowestStepIsTheLargestOwnTime() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedJoin, analyzed: true)
        let lines = plan.root.lines()
        XCTAssertEqual(plan.slowestLine, 4)
        XCTAssertEqual(lines[4].node.label, "Seq Scan  on track t filter (ms > 1000)")
        XCTAssertEqual(try XCTUnwrap(lines[0].node.exclusiveTime), 53.611 - 41.386, accuracy: 1e-9)
    }

    /// Without ANALYZE the slowest step is the one costing most by itself.
    func testWithoutAnalyzeTheSlowestStepIsTheLargestOwnCost() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.estimatedJoin, analyzed: false)
        XCTAssertFalse(plan.analyzed)
        XCTAssertNil(plan.root.actualTime)
        let lines = plan.root.lines()
        let costs = lines.map { $0.node.exclusiveCost ?? 0 }
        XCTAssertEqual(plan.slowestLine, costs.firstIndex(of: costs.max() ?? 0))
        XCTAssertEqual(lines[plan.slowestLine ?? 0].node.title, "Seq Scan")
    }

    /// A step run several times counts its time over every loop: the inner index scan ran three
    /// times, 0.007 ms each.
    func testAStepsTimeCountsEveryLoop() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedNestedLoop, analyzed: true)
        XCTAssertEqual(tree(plan), [
            "Nested Loop",
            "├─ Index Scan  using album_pkey on album al (id < 4)",
            "└─ Index Only Scan  using track_pkey on track t (id = al.id)",
        ])
        let inner = plan.root.children[1]
        XCTAssertEqual(inner.loops, 3)
        XCTAssertEqual(try XCTUnwrap(inner.timeOverLoops), 0.021, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(plan.root.exclusiveTime), 0.036 - 0.008 - 0.021, accuracy: 1e-9)
    }

    /// Joins other than inner, aggregates' strategies and writes are named as PostgreSQL's text
    /// format names them.
    func testNodeTitlesFollowPostgresTextFormat() throws {
        let json = #"""
        [{"Plan": {"Node Type": "ModifyTable", "Operation": "Insert", "Relation Name": "t", "Alias": "t",
          "Total Cost": 1, "Plan Rows": 0, "Plans": [
            {"Node Type": "Hash Join", "Join Type": "Left", "Hash Cond": "(a.x = b.x)", "Total Cost": 1, "Plan Rows": 1},
            {"Node Type": "Nested Loop", "Join Type": "Anti", "Total Cost": 1, "Plan Rows": 1},
            {"Node Type": "Aggregate", "Strategy": "Sorted", "Group Key": ["a", "b"], "Subplan Name": "SubPlan 1",
             "Total Cost": 1, "Plan Rows": 1}]}}]
        """#
        let plan = try QueryPlan.postgres(json: json, analyzed: false)
        XCTAssertEqual(tree(plan), [
            "Insert  on t",
            "├─ Hash Left Join  (a.x = b.x)",
            "├─ Nested Loop Anti Join",
            "└─ SubPlan 1: GroupAggregate  by a, b",
        ])
    }

    /// Text that is not a plan is refused with a clear error, not a crash.
    func testTextThatIsNotAPlanIsRefused() {
        XCTAssertThrowsError(try QueryPlan.postgres(json: "[]", analyzed: false)) { error in
            XCTAssertEqual("\(error)", "the plan could not be read: PostgreSQL's JSON holds no plan")
        }
        XCTAssertThrowsError(try QueryPlan.postgres(json: "{\"Plan\": 1}", analyzed: false)) { error in
            XCTAssertTrue("\(error)".hasPrefix("the plan could not be read: PostgreSQL's JSON is not a plan"), "\(error)")
        }
    }

    /// The text run is `EXPLAIN` and the statement as typed, its final `;` dropped, nothing else.
    func testTheExplainTextIsTheStatementAsTyped() {
        XCTAssertEqual(PlanReader.explainText(of: "SELECT 'a;b' FROM t;\n", dialect: .sqlite, analyze: true),
                       "EXPLAIN QUERY PLAN SELECT 'a;b' FROM t")
        XCTAssertEqual(PlanReader.explainText(of: "SELECT 1", dialect: .postgres, analyze: false), "EXPLAIN (FORMAT JSON) SELECT 1")
        XCTAssertEqual(PlanReader.explainText(of: "INSERT INTO t VALUES (1);", dialect: .postgres, analyze: true),
                       "EXPLAIN (ANALYZE, FORMAT JSON) INSERT INTO t VALUES (1)")
    }
}
