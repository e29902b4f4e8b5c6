/// Where a plot's parts go in the screen's area: the title on the first row, the y labels in a
/// margin of fixed width on the left (so the database bins for the same canvas the screen draws),
/// the axis, the braille canvas, the legend on the right when points are coloured, and the x axis
/// and its labels on the last two rows.
struct PlotLayout: Equatable {
    /// The width of the y labels' margin.
    static let labelWidth = 10
    /// The width of the legend, when there is one.
    static let legendWidth = 18

    /// The title row.
    let title: Rect
    /// The y labels' margin, beside the canvas.
    let yLabels: Rect
    /// The braille canvas: one cell is 2 × 4 pixels.
    let canvas: Rect
    /// The legend, empty without colours.
    let legend: Rect
    /// The x axis's row (its line and ticks) under the canvas.
    let xAxis: Rect
    /// The x labels' row.
    let xLabels: Rect

    /// The parts of `area`, with room for a legend when `hasLegend`.
    init(area: Rect, hasLegend: Bool) {
        let (title, rest) = area.splitTop(1)
        let (body, bottom) = rest.splitBottom(min(2, rest.height))
        let (left, right) = body.splitLeft(min(body.width, Self.labelWidth + 1))
        let legendWidth = hasLegend ? min(Self.legendWidth, max(0, right.width - 10)) : 0
        let (canvas, legend) = right.splitRight(legendWidth)
        self.title = title
        yLabels = left
        self.canvas = canvas
        self.legend = legend
        let (axis, labels) = bottom.splitTop(min(1, bottom.height))
        xAxis = axis
        xLabels = labels
    }

    /// The pixels the canvas has across and down (what the database bins into).
    var pixels: (columns: Int, rows: Int) {
        (max(1, canvas.width * 2), max(1, canvas.height * 4))
    }
}
