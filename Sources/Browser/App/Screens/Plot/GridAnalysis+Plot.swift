import ORMCore

/// `.` and `H` on a grid: a plot of two columns and the histogram of one, over the rows the view's
/// filter keeps, reduced by the database to what the screen can show.
extension GridAnalysis {
    /// `.`: plots the cursor column (up) against the first key column (`!`) holding numbers or
    /// dates (across); the first key column holding anything else colours the points by its most
    /// frequent values; the points are joined into lines when x holds dates or the view is sorted
    /// by x first. The database measures, colours and bins in the background (a spinner and
    /// its step, `Esc` stops it); the plot opens on a screen of its own.
    func openPlot() {
        if app.waits.waitsForLastRow(of: grid, then: { openPlot() }) {
            return
        }
        let source = grid.source
        let index = grid.cursorColumn
        guard source.columns.indices.contains(index), let relation = source.relation else {
            app.say(.error("these rows cannot be plotted: run the query at the SQL prompt (e) again"))
            return
        }
        let keys = grid.groupKeyIndexes.filter { $0 != index }
        guard let y = axis(of: index) else {
            app.say(.error("\(Sanitizer.sanitize(source.columns[index].name)) holds neither numbers nor dates: . plots a column of numbers or dates"))
            return
        }
        guard let xIndex = keys.first(where: { axis(of: $0) != nil }), let x = axis(of: xIndex) else {
            app.say(.info("no x column: mark the x column with ! (numbers or dates), then . on the y column"))
            return
        }
        let colour = keys.first { axis(of: $0) == nil }.map { source.columns[$0].name }
        let query: PlotQuery
        do {
            query = try PlotQuery(relation: relation, x: x, y: y, colour: colour, filter: source.filter, dialect: sourceDatabase.dialect)
        } catch {
            app.report(error, doing: "plot")
            return
        }
        let pixels = PlotLayout(area: app.screenLayout.content, hasLegend: colour != nil).pixels
        let database = sourceDatabase
        let title = "\(y.name) against \(x.name) in \(source.title)" + (colour.map { " by \($0)" } ?? "")
        let ordered = source.sort?.keys.first?.column == xIndex
        let grid = grid
        let app = app
        _ = app.runPlotWork(label: "plotting \(Sanitizer.sanitize(y.name))", empty: "no row has both \(x.name) and \(y.name)", work: { progress in
            try PlotResult.compute(query, in: database, columns: pixels.columns, rows: pixels.rows, window: nil, colours: nil, step: progress)
        }, done: { result in
            app.state.screens.append(PlotController(query: query, database: database, origin: grid, title: title, result: result,
                                                    ordered: ordered, host: app))
            app.say(.info("arrows: cursor; =: zoom in, -: out; L: lines; Enter: the rows there; X, gY: the dots; q: back"))
        })
    }

    /// `H`: the histogram of the cursor column (numbers or dates), its bins counted by the database
    /// in the background; it opens on a screen of its own.
    func openHistogram() {
        if app.waits.waitsForLastRow(of: grid, then: { openHistogram() }) {
            return
        }
        let source = grid.source
        let index = grid.cursorColumn
        guard source.columns.indices.contains(index), let relation = source.relation else {
            app.say(.error("these rows cannot be counted: run the query at the SQL prompt (e) again"))
            return
        }
        guard let column = axis(of: index) else {
            app.say(.error("\(Sanitizer.sanitize(source.columns[index].name)) holds neither numbers nor dates: F counts its values"))
            return
        }
        let query: PlotQuery
        do {
            query = try PlotQuery(relation: relation, x: column, y: nil, filter: source.filter, dialect: sourceDatabase.dialect)
        } catch {
            app.report(error, doing: "histogram")
            return
        }
        let maximum = HistogramController.maximumBins(in: app.screenLayout.content)
        let database = sourceDatabase
        let title = "\(column.name) in \(source.title)"
        let grid = grid
        let app = app
        _ = app.runPlotWork(label: "counting the bins of \(Sanitizer.sanitize(column.name))", empty: "\(column.name) has no value to count",
                            work: { progress in
            try HistogramBins.compute(query, in: database, maximumBins: maximum, width: nil, step: progress)
        }, done: { bins in
            app.state.screens.append(HistogramController(query: query, database: database, origin: grid, title: title, bins: bins, host: app))
            app.say(.info("arrows: bar; =: finer bins, -: coarser; Enter: the bar's rows; X, gY: the bins; q: back"))
        })
    }

    /// Column `index` as an axis: numbers (integers, reals; PostgreSQL's numeric types) or dates
    /// (a declared date or time type; on SQLite also text shaped like an ISO date in the cursor row);
    /// nil for anything else.
    func axis(of index: Int) -> PlotAxisColumn? {
        let source = grid.source
        guard source.columns.indices.contains(index) else {
            return nil
        }
        let column = source.columns[index]
        let declared = source.declaredColumnTypes.indices.contains(index) ? source.declaredColumnTypes[index] : ""
        if sourceDatabase.dialect.kind == .postgres {
            switch SummaryQuery.PostgresKind(declaredType: declared) {
            case .number: return PlotAxisColumn(name: column.name, isDate: false, isInteger: column.kind == .integer)
            case .decimal: return PlotAxisColumn(name: column.name, isDate: false)
            case .date: return PlotAxisColumn(name: column.name, isDate: true)
            default: break
            }
        }
        switch column.kind {
        case .integer: return PlotAxisColumn(name: column.name, isDate: false, isInteger: true)
        case .real, .decimal: return PlotAxisColumn(name: column.name, isDate: false)
        case .blob, .boolean: return nil
        case .text, .other: break
        }
        let upper = declared.uppercased()
        if upper.contains("DATE") || upper.contains("TIME") {
            return PlotAxisColumn(name: column.name, isDate: true)
        }
        guard sourceDatabase.dialect.kind == .sqlite, case .stored(let row)? = try? grid.row(at: grid.cursorRow),
              row.values.indices.contains(index) else {
            return nil
        }
        switch row.values[index] {
        case .integer: return PlotAxisColumn(name: column.name, isDate: false, isInteger: true)
        case .real: return PlotAxisColumn(name: column.name, isDate: false)
        case .text(let text) where DateText.hasDateShape(text.utf8): return PlotAxisColumn(name: column.name, isDate: true)
        default: return nil
        }
    }
}
