/// Draws a plot: the y labels and axis on the left, the braille canvas of the pixels (points, or
/// each colour's line), the cursor cell, the x axis with its ticks and labels, the legend, and on
/// the title row what the cursor cell holds. Reads nothing but the result it is given.
struct PlotView {
    /// What the database reduced the rows to.
    let result: PlotResult
    /// The horizontal axis (whose dates know whether they have times).
    let x: PlotAxisColumn
    /// The vertical axis.
    let y: PlotAxisColumn
    /// Whether each colour's points are joined by a line.
    let drawsLines: Bool
    /// The cursor cell (column, row from the top of the canvas); nil for none.
    var cursor: (column: Int, row: Int)?
    /// How much of the title row the title takes: what the cursor cell holds goes after it, if it fits.
    var titleWidth = 0

    /// The canvas with the pixels drawn on it, `columns` × `rows` cells.
    func canvas(columns: Int, rows: Int) -> BrailleCanvas {
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let pixels = result.pixels
        // Pixels to dots: one to one when the screen is the size it was read for.
        func dot(_ pixel: Int, _ count: Int, _ dots: Int) -> Int {
            count == dots ? pixel : pixel * dots / max(1, count)
        }
        if drawsLines {
            for series in 0..<result.pixels.colourTotals.count {
                var last: (x: Int, y: Int)?
                for column in 0..<pixels.columns {
                    var weight = 0
                    var sum = 0
                    for row in 0..<pixels.rows where pixels.count(x: column, y: row) > 0 && pixels.colour(x: column, y: row) == series {
                        weight += pixels.count(x: column, y: row)
                        sum += row * pixels.count(x: column, y: row)
                    }
                    guard weight > 0 else {
                        continue
                    }
                    let point = (x: dot(column, pixels.columns, canvas.dotColumns), y: dot(sum / weight, pixels.rows, canvas.dotRows))
                    canvas.line(from: last ?? point, to: point, series: series)
                    last = point
                }
            }
            return canvas
        }
        for row in 0..<pixels.rows {
            for column in 0..<pixels.columns where pixels.count(x: column, y: row) > 0 {
                canvas.set(x: dot(column, pixels.columns, canvas.dotColumns), y: dot(row, pixels.rows, canvas.dotRows),
                           series: pixels.colour(x: column, y: row))
            }
        }
        return canvas
    }

    /// Draws the plot into the parts of `layout`.
    func render(_ layout: PlotLayout, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = layout.canvas
        guard area.width > 0, area.height > 0 else {
            return
        }
        let canvas = canvas(columns: area.width, rows: area.height)
        let seriesCount = result.pixels.colourTotals.count
        for row in 0..<area.height {
            for column in 0..<area.width where canvas.hasDots(column: column, row: row) {
                let style = PlotStyles.style(series: canvas.series(column: column, row: row), of: seriesCount, theme: theme)
                buffer.put(String(canvas.character(column: column, row: row)), x: area.x + column, y: area.y + row, style: style)
            }
        }
        if let cursor, cursor.column < area.width, cursor.row < area.height {
            let character = canvas.hasDots(column: cursor.column, row: cursor.row) ? String(canvas.character(column: cursor.column, row: cursor.row)) : "┼"
            buffer.put(character, x: area.x + cursor.column, y: area.y + cursor.row, style: theme[.cursorCell])
            renderCursorText(layout, into: &buffer, theme: theme)
        }
        renderYAxis(layout, into: &buffer, theme: theme)
        renderXAxis(layout, into: &buffer, theme: theme)
        renderLegend(layout, into: &buffer, theme: theme)
    }

    // MARK: - Private

    /// The y labels at round values, each on the row its value falls in, and the axis line.
    private func renderYAxis(_ layout: PlotLayout, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = layout.canvas
        let axisX = layout.yLabels.x + layout.yLabels.width - 1
        for row in 0..<area.height {
            buffer.put("│", x: axisX, y: area.y + row, style: theme[.border])
        }
        let range = result.window.y
        let span = range.upperBound - range.lowerBound
        let step = y.isDate ? PlotScale.dateStep(span: span, count: max(1, area.height / 3)) : PlotScale.step(span: span, count: max(1, area.height / 3))
        for tick in PlotScale.ticks(in: range, step: step) {
            let fromBottom = Int(((tick - range.lowerBound) / span * Double(area.height)).rounded(.down))
            let row = area.y + area.height - 1 - min(area.height - 1, max(0, fromBottom))
            let magnitude = max(abs(range.lowerBound), abs(range.upperBound))
            let text = TextLayout.truncate(y.text(of: tick, step: step, magnitude: magnitude), toWidth: layout.yLabels.width - 1)
            let width = TextWidth.of(text)
            buffer.put(text, x: axisX - width, y: row, style: theme[.rowNumber])
            buffer.put("┤", x: axisX, y: row, style: theme[.border])
        }
    }

    /// The x axis under the canvas, a `┬` at each round value, and its label under it where it fits.
    private func renderXAxis(_ layout: PlotLayout, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = layout.canvas
        guard layout.xAxis.height > 0 else {
            return
        }
        let axisX = layout.yLabels.x + layout.yLabels.width - 1
        buffer.put("└" + String(repeating: "─", count: area.width), x: axisX, y: layout.xAxis.y, style: theme[.border])
        let range = result.window.x
        let span = range.upperBound - range.lowerBound
        let magnitude = max(abs(range.lowerBound), abs(range.upperBound))
        let sample = x.text(of: range.upperBound, step: span / 5, magnitude: magnitude)
        let count = max(1, area.width / (TextWidth.of(sample) + 3))
        let step = x.isDate ? PlotScale.dateStep(span: span, count: count) : PlotScale.step(span: span, count: count)
        var free = layout.xLabels.x
        for tick in PlotScale.ticks(in: range, step: step) {
            let column = min(area.width - 1, Int(((tick - range.lowerBound) / span * Double(area.width)).rounded(.down)))
            buffer.put("┬", x: area.x + column, y: layout.xAxis.y, style: theme[.border])
            let text = x.text(of: tick, step: step, magnitude: magnitude)
            let width = TextWidth.of(text)
            let start = min(max(area.x + column - width / 2, layout.xLabels.x), layout.xLabels.x + layout.xLabels.width - width)
            if start >= free, layout.xLabels.height > 0 {
                buffer.put(text, x: start, y: layout.xLabels.y, style: theme[.rowNumber])
                free = start + width + 1
            }
        }
    }

    /// Each colour's dots and value, with its count of rows.
    private func renderLegend(_ layout: PlotLayout, into buffer: inout ScreenBuffer, theme: Theme) {
        let legend = layout.legend
        guard legend.width > 2 else {
            return
        }
        let names = result.legend
        for (index, name) in names.enumerated() where index < legend.height {
            let style = PlotStyles.style(series: index, of: result.pixels.colourTotals.count, theme: theme)
            buffer.put(" ⣿ ", x: legend.x, y: legend.y + index, style: style)
            buffer.put(TextLayout.truncate(name, toWidth: legend.width - 3), x: legend.x + 3, y: legend.y + index, style: theme[.text])
        }
    }

    /// What the cursor cell holds, at the right of the title row: its ranges and its rows.
    private func renderCursorText(_ layout: PlotLayout, into buffer: inout ScreenBuffer, theme: Theme) {
        guard let cursor else {
            return
        }
        let area = layout.canvas
        let pixels = result.pixels
        let fromBottom = area.height - 1 - cursor.row
        var rows = 0
        let left = cursor.column * pixels.columns / max(1, area.width)
        let right = (cursor.column + 1) * pixels.columns / max(1, area.width)
        let bottom = fromBottom * pixels.rows / max(1, area.height)
        let top = (fromBottom + 1) * pixels.rows / max(1, area.height)
        for column in left..<max(left + 1, right) {
            for row in bottom..<max(bottom + 1, top) {
                rows += pixels.count(x: column, y: row)
            }
        }
        let text = "cursor: \(CellFormatter.groupingThousands(String(rows))) rows; Enter opens them, = zooms"
        let width = TextWidth.of(text)
        guard layout.title.width >= titleWidth + 2 + width else {
            return
        }
        buffer.put(text, x: layout.title.x + layout.title.width - width, y: layout.title.y, style: theme[.rowNumber])
    }
}
