import ORMCore

/// A plot of two columns of a grid's view (`.`: the cursor column up, the key column marked with
/// `!` across), drawn in braille dots from the pixels the database reduced the rows to; a text key
/// column colours the points. Points are joined into lines when x holds dates or the view is sorted by x. The arrows move a cursor cell, `=` zooms in around it (the database
/// reads the smaller window again), `-` or `q` go back out, `L` switches between points and lines,
/// `Enter` opens the rows of the cursor cell's region, `X`, `gY` and `gy` open its dots as a table
/// and export or copy it there, `Esc` closes the plot.
final class PlotController: ScreenController {
    /// The statements that read the plot.
    let query: PlotQuery
    /// The database they run on.
    let database: Database
    /// The grid plotted, whose rows `Enter` opens.
    let origin: GridModel
    /// What the title says is plotted ("Milliseconds against Bytes in Track").
    let title: String
    unowned let host: any PlotHost
    /// The plots shown, the whole extent first, then each zoom.
    private(set) var results: [PlotResult]
    /// The cursor cell in the canvas: its column from the left, its row from the top.
    private(set) var cursor = (column: 0, row: 0)
    /// Whether the cursor has been put in the middle of the canvas (at the first frame).
    private var cursorPlaced = false
    /// Whether the points are joined by lines (the default when x holds dates).
    private(set) var drawsLines: Bool

    /// A plot of `result`, read by `query` from `database`, of `origin`'s rows; its points are
    /// joined when x holds dates or the view is sorted by x first (`ordered`).
    init(query: PlotQuery, database: Database, origin: GridModel, title: String, result: PlotResult, ordered: Bool = false,
         host: any PlotHost) {
        self.query = query
        self.database = database
        self.origin = origin
        self.title = title
        self.host = host
        results = [result]
        drawsLines = query.x.isDate || ordered
    }

    var mode: Mode {
        .plot
    }

    /// The plot shown.
    var shown: PlotResult {
        results[results.count - 1]
    }

    /// The parts of the screen in `area`.
    func layout(in area: Rect) -> PlotLayout {
        PlotLayout(area: area, hasLegend: query.colour != nil)
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        let canvas = layout(in: area).canvas
        switch command {
        case .cancel: return .close
        case .back, .hideColumn:
            guard results.count > 1 else {
                return command == .back ? .close : .say(.info("not zoomed: = zooms in around the cursor"))
            }
            results.removeLast()
            return .say(.info(results.count > 1 ? "zoomed out" : "the whole plot"))
        case .up: moveCursor(by: (0, -1), in: canvas)
        case .down: moveCursor(by: (0, 1), in: canvas)
        case .left: moveCursor(by: (-1, 0), in: canvas)
        case .right: moveCursor(by: (1, 0), in: canvas)
        case .firstColumn: cursor.column = 0
        case .lastColumn: cursor.column = max(0, canvas.width - 1)
        case .plotLines:
            drawsLines.toggle()
            return .say(.info(drawsLines ? "lines: each colour's mean per column, joined" : "points"))
        case .computeColumn: return .carriedOut(zoom(in: canvas))
        case .open: return .carriedOut(openRows(in: canvas))
        case .export, .yankView, .yankColumn:
            // The dots as a table, which the grid exports and copies.
            let table = shown.table(title: "dots of \(title)", y: query.y)
            return .carriedOut(host.openPictureTable(table, back: "the plot", then: command))
        default: return .notAKey
        }
        return .redraw
    }

    func prepare(in area: Rect) -> StatusMessage? {
        let canvas = layout(in: area).canvas
        if !cursorPlaced {
            cursorPlaced = true
            cursor = (canvas.width / 2, canvas.height / 2)
        }
        moveCursor(by: (0, 0), in: canvas)  // kept inside a smaller screen
        return nil
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let parts = layout(in: area)
        buffer.fill(area, style: theme[.background])
        let zoom = results.count > 1 ? " (zoom \(results.count - 1); - back)" : ""
        let heading = "\(title): \(CellFormatter.groupingThousands(String(shown.pixels.total))) rows\(zoom)"
        TitleLine(text: heading).render(in: parts.title, into: &buffer, theme: theme)
        var view = PlotView(result: shown, x: results[0].x, y: query.y ?? query.x, drawsLines: drawsLines)
        view.cursor = cursor
        view.titleWidth = TextWidth.of(Sanitizer.sanitize(heading))
        view.render(parts, into: &buffer, theme: theme)
    }

    /// The values under cursor cell of `canvas`: its part of the window's x and y ranges.
    func cursorRegion(in canvas: Rect) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let window = shown.window
        let xSpan = (window.x.upperBound - window.x.lowerBound) / Double(max(1, canvas.width))
        let ySpan = (window.y.upperBound - window.y.lowerBound) / Double(max(1, canvas.height))
        let fromBottom = max(0, canvas.height - 1 - cursor.row)
        let xLow = window.x.lowerBound + Double(cursor.column) * xSpan
        let yLow = window.y.lowerBound + Double(fromBottom) * ySpan
        return (xLow...(xLow + xSpan), yLow...(yLow + ySpan))
    }

    // MARK: - Private

    private func moveCursor(by delta: (Int, Int), in canvas: Rect) {
        cursor.column = min(max(0, cursor.column + delta.0), max(0, canvas.width - 1))
        cursor.row = min(max(0, cursor.row + delta.1), max(0, canvas.height - 1))
    }

    /// `=`: the window halved around the cursor cell's centre, read again by the database.
    private func zoom(in canvas: Rect) -> Outcome {
        let region = cursorRegion(in: canvas)
        let centre = ((region.x.lowerBound + region.x.upperBound) / 2, (region.y.lowerBound + region.y.upperBound) / 2)
        let window = shown.window.zoomed(around: centre)
        let pixels = (canvas.width * 2, canvas.height * 4)
        let colours = (shown.colourValues, shown.hasOtherColours)
        let query = query
        let database = database
        return host.runPlotWork(label: "zooming in", empty: "no rows there", work: { progress in
            try PlotResult.compute(query, in: database, columns: pixels.0, rows: pixels.1, window: window, colours: colours,
                                   step: progress)
        }, done: { [weak self] result in
            self?.results.append(result)
        })
    }

    /// `Enter`: the rows of the cursor cell's region, in a grid of their own.
    private func openRows(in canvas: Rect) -> Outcome {
        let region = cursorRegion(in: canvas)
        let y = query.y ?? query.x
        let x = results[0].x
        let label = "\(x.name) BETWEEN \(x.text(of: region.x)) AND \(y.name) BETWEEN \(y.text(of: region.y))"
        let group = query.group(x: region.x, closed: true, y: region.y, label: label)
        return host.openPlotRows(of: group, from: origin, back: "the plot")
    }
}
