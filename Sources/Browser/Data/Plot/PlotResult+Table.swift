/// A plot's reduced rows as a table (`X`, `gY`, `gy` on the plot): a row a dot that holds rows,
/// which the grid exports and copies as any view's rows.
extension PlotResult {
    /// The dots holding rows, left to right and bottom to top: each dot's part of x (`x from`,
    /// `x to`) and of `y` (`y from`, `y to`; none when the plot has one axis), its `rows`, and
    /// with a colour column the value most of them have (`colour`), titled `title`. Dates are
    /// written as the axes write them, numbers as they are.
    func table(title: String, y axis: PlotAxisColumn?) -> MaterializedSource {
        let hasY = axis != nil
        let y = axis ?? x
        let legend = self.legend
        let coloured = !colourValues.isEmpty
        var names = ["\(x.name) from", "\(x.name) to"]
        if hasY { names += ["\(y.name) from", "\(y.name) to"] }
        names.append("rows")
        if coloured { names.append("colour") }
        let kinds: [ColumnKind] = [x.isDate ? .text : .real, x.isDate ? .text : .real]
            + (hasY ? [y.isDate ? .text : .real, y.isDate ? .text : .real] : []) + [.integer] + (coloured ? [.text] : [])
        let columns = zip(names, kinds).map { GridColumn(name: $0, kind: $1) }
        let xSpan = (window.x.upperBound - window.x.lowerBound) / Double(pixels.columns)
        let ySpan = (window.y.upperBound - window.y.lowerBound) / Double(pixels.rows)
        var shown: [[GridValue]] = []
        var exported: [[ExportValue]] = []
        for column in 0..<pixels.columns {
            for row in 0..<pixels.rows where pixels.count(x: column, y: row) > 0 {
                let xLow = window.x.lowerBound + Double(column) * xSpan
                var values = [Self.bound(xLow, of: x, step: xSpan), Self.bound(xLow + xSpan, of: x, step: xSpan)]
                if hasY {
                    let yLow = window.y.lowerBound + Double(row) * ySpan
                    values += [Self.bound(yLow, of: y, step: ySpan), Self.bound(yLow + ySpan, of: y, step: ySpan)]
                }
                values.append(.integer(Int64(pixels.count(x: column, y: row))))
                if coloured {
                    let colour = pixels.colour(x: column, y: row)
                    values.append(.text(legend.indices.contains(colour) ? legend[colour] : "other"))
                }
                shown.append(values)
                exported.append(values.map { $0.sqlValue.map(ExportValue.init) ?? .null })
            }
        }
        return MaterializedSource(title: title, columns: columns, rows: shown, exported: exported)
    }

    /// A dot's bound on `axis`: a date as the axis writes it, a number as it is.
    private static func bound(_ value: Double, of axis: PlotAxisColumn, step: Double) -> GridValue {
        axis.isDate ? .text(axis.text(of: value, step: step)) : .real(value)
    }
}
