/// The plan screen's page (``PlanController``): a title naming the statement, a line saying what
/// the figures are, a header, then one line a step of the plan, drawn as a tree with `├─ └─ │`
/// guides, its figures in aligned columns to the right of the widest step.
///
/// ```
/// Plan (EXPLAIN ANALYZE) of SELECT ar.name, count(*), sum(t.ms) FROM track t JOIN album al ON …
/// ran in a transaction rolled back: nothing it wrote stays; planning 1.089 ms, execution 53.789 ms; ▶ …
///   step                                                 est rows   rows  loops  time ms  self ms
///   Sort  by (count(*)) DESC                                  200    200      1   53.611   12.225
///   └─ HashAggregate  by ar.name                              200    200      1   41.386   11.648
///      └─ Hash Join  (al.artist_id = ar.id)                 19000  19000      1   29.738    2.832
///         ├─ Hash Join  (t.album_id = al.id)                19000  19000      1   26.798    3.490
/// ▶       │  ├─ Seq Scan  on track t filter (ms > 1000)     19000  19000      1   23.055   23.055
/// ```
///
/// The step that took longest by itself (with `ANALYZE`), else the one costing most by itself,
/// is marked `▶` and drawn in the theme's highlight (`match`).
struct PlanView: Sendable {
    /// The plan shown.
    let plan: QueryPlan
    /// The statement explained, named in the title.
    let statement: String
    /// The first step shown.
    var scroll = 0

    /// The marker of the slowest step, in the gutter left of the tree.
    static let slowestMarker = "▶"
    /// The rows above the steps: the title, the note and the header.
    static let headerRows = 3

    /// The steps, each with its guides, in the order drawn.
    var lines: [(guides: String, node: PlanNode)] {
        plan.root.lines()
    }

    /// The columns of figures: their headings and each step's values.
    var columns: [(heading: String, value: (PlanNode) -> String)] {
        if plan.analyzed {
            return [
                ("est rows", { Self.count($0.estimatedRows) }),
                ("rows", { $0.loops == 0 ? "never" : Self.count($0.actualRows) }),
                ("loops", { Self.count($0.loops) }),
                ("time ms", { $0.loops == 0 ? "-" : Self.milliseconds($0.actualTime) }),
                ("self ms", { $0.loops == 0 ? "-" : Self.milliseconds($0.exclusiveTime) }),
            ]
        }
        guard plan.hasCosts else {
            return []
        }
        return [
            ("cost", { Self.cost($0.totalCost) }),
            ("self cost", { Self.cost($0.exclusiveCost) }),
            ("est rows", { Self.count($0.estimatedRows) }),
        ]
    }

    /// The title: what was run, and the statement on one line.
    var title: String {
        let oneLine = statement.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (plan.analyzed ? "Plan (EXPLAIN ANALYZE) of " : "Plan of ") + oneLine
    }

    /// What the figures are, and whether the statement ran and was rolled back.
    var note: String {
        guard plan.hasCosts else {
            return "SQLite's plan: what each step reads, without costs or timings (SQLite has no EXPLAIN ANALYZE)"
        }
        guard plan.analyzed else {
            let marked = plan.slowestLine == nil ? "" : "\(Self.slowestMarker) costs most by itself; "
            return "estimates, nothing ran; " + marked + "<C-p>: EXPLAIN ANALYZE runs it"
        }
        var parts: [String] = []
        if plan.rolledBack {
            parts.append("ran in a transaction rolled back: nothing it wrote stays")
        }
        if let planning = plan.planningTime, let execution = plan.executionTime {
            parts.append("planning \(Self.milliseconds(planning)) ms, execution \(Self.milliseconds(execution)) ms")
        }
        if plan.slowestLine != nil {
            parts.append("\(Self.slowestMarker) longest by itself")
        }
        return parts.joined(separator: "; ")
    }

    /// The steps' rows in an area `height` rows high: all but the title, the note and the header.
    static func bodyHeight(of height: Int) -> Int {
        max(1, height - headerRows)
    }

    /// The largest ``scroll`` that still fills an area `height` rows high.
    func maximumScroll(height: Int) -> Int {
        max(0, lines.count - Self.bodyHeight(of: height))
    }

    /// The page as plain lines for an area `width` columns wide, all steps (what tests compare).
    func textLines(width: Int) -> [String] {
        var buffer = ScreenBuffer(width: width, height: Self.headerRows + lines.count)
        var unscrolled = self
        unscrolled.scroll = 0
        unscrolled.render(in: Rect(x: 0, y: 0, width: width, height: buffer.height), into: &buffer, theme: .monochrome)
        return buffer.lines().map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// Draws the page into `area`, the steps from ``scroll``.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        buffer.fill(area, style: theme[.background])
        let (titleRow, rest) = area.splitTop(1)
        TitleLine(text: title).render(in: titleRow, into: &buffer, theme: theme)
        let (noteRow, table) = rest.splitTop(1)
        buffer.put(TextLayout.truncate(note, toWidth: noteRow.width), x: noteRow.x, y: noteRow.y, style: theme[.help],
                   maxWidth: noteRow.width)
        let (headerRow, body) = table.splitTop(1)
        let lines = self.lines
        let columns = self.columns
        let values = lines.map { line in columns.map { $0.value(line.node) } }
        let widths = columns.indices.map { index in
            values.reduce(TextWidth.of(columns[index].heading)) { max($0, TextWidth.of($1[index])) }
        }
        let figuresWidth = widths.reduce(0) { $0 + $1 + 2 }
        let widest = lines.reduce(TextWidth.of("step")) { max($0, TextWidth.of($1.guides + $1.node.label)) }
        let stepWidth = max(1, min(widest, area.width - 2 - figuresWidth))
        let header = "  " + TextLayout.padRight("step", toWidth: stepWidth)
            + zip(columns, widths).map { "  " + TextLayout.padLeft($0.heading, toWidth: $1) }.joined()
        buffer.put(header, x: headerRow.x, y: headerRow.y, style: theme[.header], maxWidth: headerRow.width)
        let slowest = plan.slowestLine
        for row in 0..<max(0, body.height) {
            let index = scroll + row
            guard lines.indices.contains(index) else {
                break
            }
            let isSlowest = index == slowest
            let y = body.y + row
            let text = isSlowest ? theme[.match] : theme[.text]
            var x = body.x + buffer.put(isSlowest ? Self.slowestMarker + " " : "  ", x: body.x, y: y, style: text, maxWidth: body.width)
            let step = TextLayout.truncate(lines[index].guides + lines[index].node.label, toWidth: stepWidth)
            let guidesWidth = min(TextWidth.of(lines[index].guides), TextWidth.of(step))
            let guides = String(step.prefix(lines[index].guides.count))
            x += buffer.put(guides, x: x, y: y, style: isSlowest ? text : theme[.border], maxWidth: guidesWidth)
            x += buffer.put(TextLayout.padRight(String(step.dropFirst(guides.count)), toWidth: stepWidth - guidesWidth),
                            x: x, y: y, style: text, maxWidth: body.right - x)
            for (value, width) in zip(values[index], widths) where x < body.right {
                x += buffer.put("  " + TextLayout.padLeft(value, toWidth: width), x: x, y: y,
                                style: isSlowest ? text : theme[.number], maxWidth: body.right - x)
            }
            if isSlowest && x < body.right {
                buffer.fill(Rect(x: x, y: y, width: body.right - x, height: 1), style: text)  // the whole row highlighted
            }
        }
    }

    /// A count of rows or loops: `19000`, `0.5`; empty when unknown.
    static func count(_ value: Double?) -> String {
        value.map { cFormat("%.15g", $0) } ?? ""
    }

    /// Milliseconds as PostgreSQL gives them: `53.611`; empty when unknown.
    static func milliseconds(_ value: Double?) -> String {
        value.map { cFormat("%.3f", $0) } ?? ""
    }

    /// A planner's cost as PostgreSQL gives it: `646.66`; empty when unknown.
    static func cost(_ value: Double?) -> String {
        value.map { cFormat("%.2f", $0) } ?? ""
    }
}
