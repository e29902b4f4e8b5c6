import ORMCore

/// A histogram of one column (`H`): bins of one round width from a round start, and how many rows
/// of the view fall in each, counted by the database in one `GROUP BY`. The first width is the one
/// the square-root rule asks for (√n bins, at most as many as fit the screen), a round number
/// (whole for integers and dates); `=` and `-` make it finer or coarser.
///
/// ```swift
/// let bins = try HistogramBins.compute(query, in: database, maximumBins: 60, width: nil, step: step)
/// bins?.range(of: 0)  // 0.0...0.5: the first bar's values (the upper bound left out but in the last)
/// ```
struct HistogramBins: Sendable, Equatable {
    /// The column binned, knowing whether its dates have times.
    let column: PlotAxisColumn
    /// Where the first bin starts.
    let start: Double
    /// The width of every bin.
    let width: Double
    /// How many rows fall in each bin, lowest first.
    let counts: [Int]
    /// The smallest and largest value.
    let extent: ClosedRange<Double>

    /// How many rows the bins hold.
    var total: Int {
        counts.reduce(0, +)
    }

    /// The values of bin `index`: from its start to the next one's (which the last bin keeps).
    func range(of index: Int) -> ClosedRange<Double> {
        (start + Double(index) * width)...(start + Double(index + 1) * width)
    }

    /// The bins of `query`'s column in `database`: `width` wide (nil: the square-root rule's round
    /// width, for at most `maximumBins` bins). Nil when no row has a value.
    static func compute(_ query: PlotQuery, in database: Database, maximumBins: Int, width asked: Double?,
                        step: PlotProgress) throws -> HistogramBins? {
        step.tell("measuring the range")
        guard let extent = try database.fetchAll(query.extent()).first, let count = extent.first?.plotInteger, count > 0,
              extent.count >= 3, let low = extent[1].plotDouble, let high = extent[2].plotDouble else {
            return nil
        }
        var column = query.x
        if column.isDate, let times = extent.last?.plotInteger {
            column.hasTimes = times > 0
        }
        let width = Self.width(asked: asked, span: high - low, rows: count, maximumBins: maximumBins, column: column, value: low)
        let start = (low / width).rounded(.down) * width
        let binCount = min(10_000, Int(((high - start) / width).rounded(.down)) + 1)
        step.tell("counting \(binCount) bins")
        var counts = Array(repeating: 0, count: max(1, binCount))
        for row in try database.fetchAll(query.bins(start: start, width: width)) where row.count >= 2 {
            guard let bin = row[0].plotInteger, let rows = row[1].plotInteger else {
                continue
            }
            counts[min(max(0, bin), counts.count - 1)] += rows  // the largest value ends the last bin
        }
        return HistogramBins(column: column, start: start, width: width, counts: counts, extent: low...max(low, high))
    }

    /// The width asked for, or √`rows` bins' round width (at most `maximumBins`); whole for
    /// integers and dates (without times). Where every value is `value` (no span), a tenth of it.
    static func width(asked: Double?, span: Double, rows: Int, maximumBins: Int, column: PlotAxisColumn, value: Double = 0) -> Double {
        let whole = column.isInteger || (column.isDate && !column.hasTimes)
        if let asked, asked > 0 {
            return whole ? max(1, asked) : asked
        }
        guard span > 0 else {
            // One value: one bar about a tenth of it wide (0.99 in 0.9 to 1.0), whole for integers.
            let width = PlotScale.step(span: value == 0 ? 1 : abs(value), count: 10)
            return whole ? max(1, width.rounded(.up)) : width
        }
        let bins = max(1, min(maximumBins, Int(Double(rows).squareRoot().rounded(.up))))
        // A round width at least span / bins, so no more bins than fit.
        var width = column.isDate ? PlotScale.dateStep(span: span, count: bins) : PlotScale.step(span: span, count: bins)
        while span / width >= Double(maximumBins) {
            width = coarser(width)
        }
        return whole ? max(1, width.rounded(.up)) : width
    }

    /// The next round width below `width` (5 → 2 → 1 → 0.5).
    static func finer(_ width: Double) -> Double {
        let (mantissa, power) = split(width)
        return mantissa >= 5 ? 2 * power : mantissa >= 2 ? power : power / 2
    }

    /// The next round width above `width` (1 → 2 → 5 → 10).
    static func coarser(_ width: Double) -> Double {
        let (mantissa, power) = split(width)
        return mantissa >= 5 ? 10 * power : mantissa >= 2 ? 5 * power : 2 * power
    }

    /// `width` as a mantissa from 1 to 10 and its power of ten.
    private static func split(_ width: Double) -> (mantissa: Double, power: Double) {
        guard width > 0, width.isFinite else {
            return (1, 1)
        }
        var power = 1.0
        while power * 10 <= width * (1 + 1e-9) {
            power *= 10
        }
        while power > width * (1 + 1e-9) {
            power /= 10
        }
        return (width / power, power)
    }
}
