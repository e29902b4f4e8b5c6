import ORMCore
import XCTest
@testable import Browser

/// The plan screen alone (``PlanController``, ``PlanView``): the tree drawn into a memory buffer
/// with its guides and aligned figures, the slowest step marked in the theme's highlight,
/// scrolling, and what it asks of its host (analyze, back to the editor).
final class PlanScreenTests: XCTestCase {
    /// What the screen asked of its host.
    private final class RecordingHost: PlanHost {
        /// The plans asked for.
        var shown: [PlanRequest] = []
        /// The requests whose editor was asked back.
        var returned: [PlanRequest] = []

        func showPlan(_ request: PlanRequest) {
            shown.append(request)
        }

        func returnToEditor(from request: PlanRequest) {
            returned.append(request)
        }
    }

    private let statement = "SELECT ar.name, count(*), sum(t.ms)\nFROM track t JOIN album al ON al.id = t.album_id"
    private let host = RecordingHost()

    /// A plan screen of `plan`, its editor's cursor at 7.
    private func controller(_ plan: QueryPlan) -> PlanController {
        let request = PlanRequest(statement: statement, origin: StatementOrigin(buffer: statement, start: 0), cursor: 7, analyze: plan.analyzed)
        return PlanController(plan: plan, request: request, host: host)
    }

    /// The rows `controller` draws in `area`, trailing blanks cut.
    private func drawn(_ controller: PlanController, in area: Rect) -> [String] {
        var buffer = ScreenBuffer(width: area.width, height: area.height)
        controller.render(in: area, into: &buffer, theme: .builtinDefault)
        return buffer.lines().map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The analyzed join: one line a step, `tree` guides, the figures in columns to the right of
    /// the widest step, the step that took longest by itself marked.
    func testAnAnalyzedPlanIsATreeWithAlignedFigures() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedJoin, analyzed: true)
        XCTAssertEqual(PlanView(plan: plan, statement: statement).textLines(width: 100), [
            "Plan (EXPLAIN ANALYZE) of SELECT ar.name, count(*), sum(t.ms) FROM track t JOIN album al ON al.id =…",
            "planning 1.089 ms, execution 53.789 ms; ▶ longest by itself",
            "  step                                                 est rows   rows  loops  time ms  self ms",
            "  Sort  by (count(*)) DESC                                  200    200      1   53.611   12.225",
            "  └─ HashAggregate  by ar.name                              200    200      1   41.386   11.648",
            "     └─ Hash Join  (al.artist_id = ar.id)                 19000  19000      1   29.738    2.832",
            "        ├─ Hash Join  (t.album_id = al.id)                19000  19000      1   26.798    3.490",
            "▶       │  ├─ Seq Scan  on track t filter (ms > 1000)     19000  19000      1   23.055   23.055",
            "        │  └─ Hash                                         1000   1000      1    0.253    0.140",
            "        │     └─ Seq Scan  on album al                     1000   1000      1    0.113    0.113",
            "        └─ Hash                                             200    200      1    0.108    0.038",
            "           └─ Seq Scan  on artist ar                        200    200      1    0.070    0.070",
        ])
    }

    /// Without ANALYZE: the planner's cost, its own part and the rows it expects; the step costing
    /// most by itself marked.
    func testAnEstimatedPlanShowsCosts() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.estimatedJoin, analyzed: false)
        let lines = PlanView(plan: plan, statement: "SELECT 1").textLines(width: 90)
        XCTAssertEqual(Array(lines.prefix(4)), [
            "Plan of SELECT 1",
            "estimates, nothing ran; ▶ costs most by itself; <C-p>: EXPLAIN ANALYZE runs it",
            "  step                                                   cost  self cost  est rows",
            "  Sort  by (count(*)) DESC                             646.66       8.14       200",
        ])
        XCTAssertEqual(lines.filter { $0.hasPrefix("▶") }, [
            "▶       │  ├─ Seq Scan  on track t filter (ms > 1000)  359.00     359.00     19000",
        ])
    }

    /// The slowest step's row is drawn in the theme's highlight, marker and all; the others in
    /// the text style, their guides in the border's.
    func testTheSlowestStepIsInTheHighlight() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedJoin, analyzed: true)
        let controller = controller(plan)
        let area = Rect(x: 0, y: 0, width: 100, height: 14)
        var buffer = ScreenBuffer(width: area.width, height: area.height)
        controller.render(in: area, into: &buffer, theme: .builtinDefault)
        let theme = Theme.builtinDefault
        XCTAssertEqual(buffer.cell(x: 0, y: 7)?.symbol, "▶")
        for x in [0, 8, 20, 60, 95] {
            XCTAssertEqual(buffer.cell(x: x, y: 7)?.style, theme[.match], "column \(x) of the slowest row")
        }
        XCTAssertEqual(buffer.cell(x: 5, y: 5)?.style, theme[.border], "a guide")
        XCTAssertEqual(buffer.cell(x: 10, y: 5)?.style, theme[.text], "a step's name")
        XCTAssertEqual(buffer.cell(x: 92, y: 5)?.style, theme[.number], "a figure")
    }

    /// A plan longer than the screen scrolls a step, a page, to the ends, never past the last step.
    func testALongPlanScrolls() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.analyzedJoin, analyzed: true)
        let controller = controller(plan)
        let area = Rect(x: 0, y: 0, width: 100, height: 6)
        XCTAssertEqual(drawn(controller, in: area)[3], "  Sort  by (count(*)) DESC                                  200    200      1   53.611   12.225")
        XCTAssertEqual(controller.perform(.down, in: area), .redraw)
        XCTAssertTrue(drawn(controller, in: area)[3].hasPrefix("  └─ HashAggregate"))
        _ = controller.perform(.pageDown, in: area)
        XCTAssertEqual(controller.view.scroll, 4, "a page is the three rows under the header")
        XCTAssertTrue(drawn(controller, in: area)[3].hasPrefix("▶       │  ├─ Seq Scan"))
        _ = controller.perform(.bottom, in: area)
        XCTAssertEqual(controller.view.scroll, 6)
        XCTAssertTrue(drawn(controller, in: area)[5].hasPrefix("           └─ Seq Scan  on artist ar"), "the last step at the bottom")
        _ = controller.perform(.pageDown, in: area)
        XCTAssertEqual(controller.view.scroll, 6, "no further")
        _ = controller.perform(.pageUp, in: area)
        _ = controller.perform(.pageUp, in: area)
        _ = controller.perform(.up, in: area)
        XCTAssertEqual(controller.view.scroll, 0, "not above the first step")
        XCTAssertEqual(drawn(controller, in: area)[0], "Plan (EXPLAIN ANALYZE) of SELECT ar.name, count(*), sum(t.ms) FROM track t JOIN album al ON al.id =…",
                       "the title stays")
    }

    /// `q` and Esc go back to the editor as it was; `Ctrl-P` asks for the plan analyzed; other
    /// keys mean nothing here.
    func testTheKeysOfThePlanScreen() throws {
        let plan = try QueryPlan.postgres(json: PlanSamples.estimatedJoin, analyzed: false)
        let controller = controller(plan)
        let area = Rect(x: 0, y: 0, width: 80, height: 10)
        XCTAssertEqual(controller.perform(.analyzePlan, in: area), .redraw)
        XCTAssertEqual(host.shown.map(\.analyze), [true])
        XCTAssertEqual(host.shown.first?.statement, statement)
        XCTAssertEqual(controller.perform(.sort, in: area), .notAKey)
        XCTAssertEqual(controller.perform(.back, in: area), .close)
        XCTAssertEqual(controller.perform(.cancel, in: area), .close)
        XCTAssertEqual(host.returned.map(\.cursor), [7, 7])
        XCTAssertEqual(controller.mode, .plan)
    }

    /// A plan whose steps all took no measurable time marks none, and does not say it does.
    func testAPlanWithNothingSlowMarksNothing() throws {
        let json = #"[{"Plan": {"Node Type": "Result", "Total Cost": 0.01, "Plan Rows": 1, "Actual Total Time": 0.0,"#
            + #" "Actual Rows": 1, "Actual Loops": 1}, "Planning Time": 0.004, "Execution Time": 0.003}]"#
        let lines = PlanView(plan: try QueryPlan.postgres(json: json, analyzed: true), statement: "SELECT 1").textLines(width: 60)
        XCTAssertEqual(lines, [
            "Plan (EXPLAIN ANALYZE) of SELECT 1",
            "planning 0.004 ms, execution 0.003 ms",
            "  step    est rows  rows  loops  time ms  self ms",
            "  Result         1     1      1    0.000    0.000",
        ])
    }

    /// SQLite's plan: no figures, nothing marked, and `Ctrl-P` says SQLite cannot analyze.
    func testSQLitesPlanHasNoFigures() {
        let plan = QueryPlan.sqlite(rows: [.init(id: 2, parent: 0, detail: "SCAN t"), .init(id: 5, parent: 2, detail: "SEARCH u USING INDEX u_t (t=?)")])
        let controller = controller(plan)
        XCTAssertEqual(drawn(controller, in: Rect(x: 0, y: 0, width: 60, height: 6)), [
            "Plan of SELECT ar.name, count(*), sum(t.ms) FROM track t JO…",
            "SQLite's plan: what each step reads, without costs or timin…",
            "  step",
            "  QUERY PLAN",
            "  └─ SCAN t",
            "     └─ SEARCH u USING INDEX u_t (t=?)",
        ])
        XCTAssertEqual(controller.perform(.analyzePlan, in: Rect(x: 0, y: 0, width: 60, height: 6)),
                       .say(.info("SQLite has no EXPLAIN ANALYZE: its plan is all it tells")))
        XCTAssertTrue(host.shown.isEmpty)
    }
}
