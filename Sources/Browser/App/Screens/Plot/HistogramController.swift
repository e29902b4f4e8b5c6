import ORMCore

/// The histogram of one column of a grid's view (`H`): bins of one round width counted by the
/// database, drawn as bars of block characters with their counts. Left and right move the cursor
/// bar, `=` makes the bins finer and `-` coarser (the database counts them again), `Enter` opens
/// the rows of the cursor bar, `X`, `gY` and `gy` open the bins as a table and export or copy
/// it there, `q` or `Esc` closes the histogram.
final class HistogramController: ScreenController {
    /// The statements that count the bins.
    let query: PlotQuery
    /// The database they run on.
    let database: Database
    /// The grid whose column is binned, whose rows `Enter` opens.
    let origin: GridModel
    /// What the title says is binned ("UnitPrice in Track").
    let title: String
    unowned let host: any PlotHost
    /// The bins shown.
    private(set) var bins: HistogramBins
    /// The bar under the cursor.
    private(set) var cursor = 0

    /// The histogram `bins` of `query`'s column in `database`, of `origin`'s rows.
    init(query: PlotQuery, database: Database, origin: GridModel, title: String, bins: HistogramBins, host: any PlotHost) {
        self.query = query
        self.database = database
        self.origin = origin
        self.title = title
        self.bins = bins
        self.host = host
        cursor = bins.counts.indices.max { bins.counts[$0] < bins.counts[$1] } ?? 0
    }

    var mode: Mode {
        .histogram
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        switch command {
        case .back, .cancel: return .close
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(bins.counts.count - 1, cursor + 1)
        case .firstColumn: cursor = 0
        case .lastColumn: cursor = bins.counts.count - 1
        case .computeColumn: return rebin(width: HistogramBins.finer(bins.width), in: area)
        case .hideColumn: return rebin(width: HistogramBins.coarser(bins.width), in: area)
        case .open: return .carriedOut(openRows())
        case .export, .yankView, .yankColumn:
            // The bins as a table, which the grid exports and copies.
            return .carriedOut(host.openPictureTable(bins.table(title: "bins of \(title)"), back: "the histogram", then: command))
        default: return .notAKey
        }
        return .redraw
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        buffer.fill(area, style: theme[.background])
        let (titleRow, body) = area.splitTop(1)
        // A date's bins are so many days wide.
        let width = bins.column.isDate
            ? PlotNumberText.text(bins.width, step: bins.width) + (bins.width == 1 ? " day" : " days")
            : bins.column.text(of: bins.width, step: bins.width)
        let heading = "histogram of \(title): \(CellFormatter.groupingThousands(String(bins.total))) rows, \(bins.counts.count) \(bins.counts.count == 1 ? "bin" : "bins") of \(width)"
        TitleLine(text: heading).render(in: titleRow, into: &buffer, theme: theme)
        let free = titleRow.splitLeft(TextWidth.of(Sanitizer.sanitize(heading)) + 2).rest
        HistogramView(bins: bins, cursor: cursor).render(in: body, title: free, into: &buffer, theme: theme)
    }

    /// The bars that fit `area`: the most bins a histogram may have there.
    static func maximumBins(in area: Rect) -> Int {
        max(1, min(200, HistogramView.barArea(in: area.splitTop(1).rest).width))
    }

    // MARK: - Private

    /// `=` or `-`: the bins `width` wide, counted again by the database.
    private func rebin(width: Double, in area: Rect) -> ScreenReply {
        let whole = bins.column.isInteger || (bins.column.isDate && !bins.column.hasTimes)
        let span = bins.extent.upperBound - bins.extent.lowerBound
        let maximum = Self.maximumBins(in: area)
        if (whole && width < 1) || (span / width >= Double(maximum)) {
            return .say(.info("as many bins as fit: \(bins.counts.count)"))
        }
        if width > span * 2 && bins.counts.count == 1 {
            return .say(.info("one bin already"))
        }
        let query = query
        let database = database
        return .carriedOut(host.runPlotWork(label: "counting the bins", empty: "no values to count", work: { progress in
            try HistogramBins.compute(query, in: database, maximumBins: maximum, width: width, step: progress)
        }, done: { [weak self] bins in
            guard let self else {
                return
            }
            let value = self.bins.range(of: self.cursor).lowerBound
            self.bins = bins
            self.cursor = min(bins.counts.count - 1, max(0, Int(((value - bins.start) / bins.width).rounded(.down))))
        }))
    }

    /// `Enter`: the rows of the cursor bar (its upper bound left out, but for the last bar).
    private func openRows() -> Outcome {
        let range = bins.range(of: cursor)
        let last = cursor == bins.counts.count - 1
        let column = bins.column
        let label = "\(column.name) >= \(column.text(of: range.lowerBound, step: bins.width)) AND \(column.name) "
            + (last ? "<= " : "< ") + column.text(of: range.upperBound, step: bins.width)
        return host.openPlotRows(of: query.group(x: range, closed: last, label: label), from: origin, back: "the histogram")
    }
}
