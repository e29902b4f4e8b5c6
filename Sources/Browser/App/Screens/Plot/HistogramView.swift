/// Draws a histogram: the counts' axis on the left, a bar of block characters a bin (eighths of a
/// cell high), each bar's count above it where it fits, the bin edges' values under the bars, the
/// cursor bar in the cursor's style and what it holds on the title row.
struct HistogramView {
    /// The bins drawn.
    let bins: HistogramBins
    /// The bar under the cursor.
    let cursor: Int

    /// The width of the counts' labels.
    static let labelWidth = 9
    /// The eighths of a block, lowest first.
    static let eighths: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Where the bars go in `body` (everything under the title): right of the labels, above the axis.
    static func barArea(in body: Rect) -> Rect {
        body.inset(top: 1, left: labelWidth + 1, bottom: 2)
    }

    /// The columns each bar takes in `area` (at least one).
    func barWidth(in area: Rect) -> Int {
        max(1, area.width / max(1, bins.counts.count))
    }

    /// Draws into `body`, the cursor bar's range and count on the right of `title` (the title row's
    /// part the title leaves free) where it fits.
    func render(in body: Rect, title: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = Self.barArea(in: body)
        guard area.width > 0, area.height > 0 else {
            return
        }
        let width = barWidth(in: area)
        let gap = width >= 3 ? 1 : 0
        let largest = max(1, bins.counts.max() ?? 1)
        let axisX = area.x - 1
        for row in 0..<area.height {
            buffer.put("│", x: axisX, y: area.y + row, style: theme[.border])
        }
        // Counts are whole: ticks at least 1 apart.
        let step = max(1, PlotScale.step(span: Double(largest), count: max(1, area.height / 3)).rounded(.up))
        for tick in PlotScale.ticks(in: 0...Double(largest), step: step) where tick > 0 {
            let fromBottom = Int((tick / Double(largest) * Double(area.height)).rounded(.up)) - 1
            let row = area.y + area.height - 1 - min(area.height - 1, max(0, fromBottom))
            let text = PlotNumberText.text(tick, step: 1)
            buffer.put(text, x: axisX - TextWidth.of(text), y: row, style: theme[.rowNumber])
            buffer.put("┤", x: axisX, y: row, style: theme[.border])
        }
        for (index, count) in bins.counts.enumerated() {
            let x = area.x + index * width
            guard x + width - gap <= area.x + area.width else {
                break
            }
            let style = index == cursor ? theme[.cursorCell] : theme[.number]
            let eighths = count == 0 ? 0 : max(1, Int((Double(count) / Double(largest) * Double(area.height * 8)).rounded()))
            let full = eighths / 8
            for row in 0..<full {
                buffer.put(String(repeating: "█", count: width - gap), x: x, y: area.y + area.height - 1 - row, style: style)
            }
            if eighths % 8 > 0 {
                buffer.put(String(repeating: Self.eighths[eighths % 8 - 1], count: width - gap), x: x, y: area.y + area.height - 1 - full, style: style)
            }
            if index == cursor && count == 0 {
                buffer.put(String(repeating: "▁", count: width - gap), x: x, y: area.y + area.height - 1, style: style)
            }
            // The count above the bar, where it fits.
            let label = PlotNumberText.text(Double(count), step: 1)
            let top = area.y + area.height - 1 - (eighths + 7) / 8
            if count > 0, TextWidth.of(label) <= width - gap, top >= body.y {
                buffer.put(label, x: x + (width - gap - TextWidth.of(label)), y: top, style: theme[.text])
            }
        }
        renderAxis(area: area, width: width, into: &buffer, theme: theme)
        let range = bins.range(of: cursor)
        let last = cursor == bins.counts.count - 1
        let text = "[\(bins.column.text(of: range.lowerBound, step: bins.width)), \(bins.column.text(of: range.upperBound, step: bins.width))\(last ? "]" : ")"): "
            + "\(CellFormatter.groupingThousands(String(bins.counts[min(cursor, bins.counts.count - 1)]))) rows; Enter opens them"
        if title.width >= TextWidth.of(text) {
            buffer.put(text, x: title.x + title.width - TextWidth.of(text), y: title.y, style: theme[.rowNumber])
        }
    }

    /// The axis under the bars, a tick at each bar's start, and the bin edges' values where they fit.
    private func renderAxis(area: Rect, width: Int, into buffer: inout ScreenBuffer, theme: Theme) {
        let axisY = area.y + area.height
        let shown = min(bins.counts.count, area.width / width)
        buffer.put("└" + String(repeating: "─", count: shown * width), x: area.x - 1, y: axisY, style: theme[.border])
        var free = area.x - 1
        for edge in 0...shown {
            let x = area.x + edge * width
            if edge < shown {
                buffer.put("┬", x: x, y: axisY, style: theme[.border])
            }
            let text = bins.column.text(of: bins.start + Double(edge) * bins.width, step: bins.width)
            let start = min(max(area.x - 1, x - TextWidth.of(text) / 2), area.x + area.width - TextWidth.of(text))
            if start >= free {
                buffer.put(text, x: start, y: axisY + 1, style: theme[.rowNumber])
                free = start + TextWidth.of(text) + 2
            }
        }
    }
}
