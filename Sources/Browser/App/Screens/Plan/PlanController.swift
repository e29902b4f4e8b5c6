/// The plan of a statement (`Ctrl-P` at the SQL prompt), drawn as a tree (``PlanView``). Up and
/// down scroll a step, the page keys a page, `g` and `G` go to the ends; `Ctrl-P` runs the
/// statement to measure the plan (PostgreSQL's `EXPLAIN ANALYZE`); `q` or Esc goes back to the
/// SQL editor, its text and cursor as they were.
final class PlanController: ScreenController {
    /// What was asked for: the statement, the editor's text and cursor.
    let request: PlanRequest
    /// The page drawn, scrolled.
    private(set) var view: PlanView
    /// The statements that read plans, and the way back into the editor.
    unowned let host: any PlanHost

    /// A screen showing `plan`, asked for by `request`, over the statements of `host`.
    init(plan: QueryPlan, request: PlanRequest, host: any PlanHost) {
        self.request = request
        self.host = host
        view = PlanView(plan: plan, statement: request.statement)
    }

    var mode: Mode {
        .plan
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let line = PageScroll.line(after: command, from: view.scroll, page: PlanView.bodyHeight(of: area.height)) {
            scroll(to: line, in: area)
            return .redraw
        }
        switch command {
        case .back, .cancel:
            host.returnToEditor(from: request)
            return .close
        case .analyzePlan:
            guard view.plan.hasCosts else {
                return .say(.info("SQLite has no EXPLAIN ANALYZE: its plan is all it tells"))
            }
            var analyzed = request
            analyzed.analyze = true
            host.showPlan(analyzed)
        default: return .notAKey
        }
        return .redraw
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        view.render(in: area, into: &buffer, theme: theme)
    }

    /// Scrolls to step `row`, within the plan.
    private func scroll(to row: Int, in area: Rect) {
        view.scroll = min(max(0, row), view.maximumScroll(height: area.height))
    }
}
