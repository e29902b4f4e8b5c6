import ORMCore

/// What a plot shows once the database has reduced its rows: the window, the pixels, and the
/// legend of the colour column's values.
struct PlotResult: Sendable, Equatable {
    /// The ranges shown.
    let window: PlotWindow
    /// The rows per pixel and each pixel's colour.
    let pixels: PlotPixels
    /// The colour column's values, most frequent first (bound again by a zoom).
    let colourValues: [SQLValue]
    /// Whether values beyond ``colourValues`` were found (drawn as "other").
    let hasOtherColours: Bool
    /// The horizontal axis, knowing whether its dates have times.
    let x: PlotAxisColumn

    /// The legend's names: each value as text, "∅" for NULL, then "other" when some are left.
    var legend: [String] {
        colourValues.map { value in
            value == .null ? "∅" : Sanitizer.sanitize(CellFormatter.format(GridValue(value), kind: .other).text)
        } + (hasOtherColours ? ["other"] : [])
    }

    /// Reduces the rows of `query` in `database` to `columns` × `rows` pixels over `window` (the
    /// whole extent when nil), the colours found first unless `colours` are given (a zoom keeps
    /// them). `step` is told what runs (the status bar shows it). Nil when no row has both values.
    static func compute(_ query: PlotQuery, in database: Database, columns: Int, rows: Int, window: PlotWindow?,
                        colours: (values: [SQLValue], other: Bool)?, step: PlotProgress) throws -> PlotResult? {
        var x = query.x
        var shown = window
        if shown == nil {
            step.tell("measuring the range")
            guard let extent = try database.fetchAll(query.extent()).first, let count = extent.first?.plotInteger, count > 0,
                  extent.count >= 3, let xLow = extent[1].plotDouble, let xHigh = extent[2].plotDouble else {
                return nil
            }
            var yRange = 0.0...0.0
            if query.y != nil, extent.count >= 5, let yLow = extent[3].plotDouble, let yHigh = extent[4].plotDouble {
                yRange = yLow...max(yLow, yHigh)
            }
            if x.isDate, let times = extent.last?.plotInteger {
                x.hasTimes = times > 0
            }
            shown = PlotWindow(x: xLow...max(xLow, xHigh), y: yRange)
        }
        guard let shown else {
            return nil
        }
        var found = colours
        if found == nil, let sql = query.colourValues() {
            step.tell("finding the colours")
            let values = try database.fetchAll(sql).compactMap(\.first)
            found = (Array(values.prefix(PlotQuery.colourLimit)), values.count > PlotQuery.colourLimit)
        }
        let colourValues = found?.values ?? []
        step.tell("binning the points")
        // Streamed into the pixels: a screen's worth of counts, never a list of the rows read.
        var pixels = PlotPixels(columns: columns, rows: rows, colourCount: colourValues.count + 1)
        let key = PixelKey(rows: rows, colours: colourValues.count + 1)
        try database.forEachRow(query.pixels(in: shown, columns: columns, rows: rows, colours: colourValues)) { row in
            pixels.add(row: row, key: key)
        }
        pixels.finish()
        return PlotResult(window: shown, pixels: pixels, colourValues: colourValues, hasOtherColours: found?.other ?? false, x: x)
    }
}
