/// The distribution of one column's values, taken from its distinct values in SQLite's order,
/// each with how many rows hold it (`GROUP BY` the column): distinct values, the most common one,
/// the storage classes, and for numbers and dates the mean, spread, quartiles and histogram.
///
/// Only the values at the quartiles' positions and the bins are kept, so any number of distinct
/// values takes the same memory. The quartiles and histogram need the number of values and their
/// range before the first arrives: a ``Plan`` from the overview (a column of numbers only, a column
/// whose smallest and largest values are dates), or from a first pass over a column that mixes
/// numbers with other values (its numbers then get a pass of their own).
struct ValueDistribution {
    /// How many values the quartiles are over and the range the histogram spans.
    struct Plan: Sendable, Equatable {
        /// How many values arrive.
        var count: Int
        /// The smallest and largest (as Julian days for dates).
        var range: ClosedRange<Double>
        /// Whether the range's ends are integers (a short range then gets a bin an integer).
        var integers: Bool
    }

    /// How many rows hold each storage class.
    private(set) var stored = StorageClasses()
    /// How many distinct values arrived.
    private(set) var distinct = 0
    /// The most common value so far, and how many rows hold it.
    private(set) var mode: GridValue?
    private(set) var modeCount = 0
    /// The numbers' moments, largest, quartiles and histogram (the last two with a plan).
    private(set) var numbers = Moments()
    private(set) var largestNumber: Double?
    private var numberQuantiles: Quantiles<Double>?
    private var numberHistogram: Histogram?
    /// The dates' moments (in Julian days), quartiles and histogram, while every text is a date.
    private var days = Moments()
    private var dayQuantiles: Quantiles<GridValue>?
    private var dayHistogram: Histogram?
    /// Whether every text value so far is a date, and whether some have a time of day.
    private(set) var allDates = true
    private var datesHaveTimes = false

    /// A distribution to take values into; `numbers` plans the numbers' quartiles and histogram,
    /// `dates` the dates'.
    init(numbers: Plan? = nil, dates: Plan? = nil) {
        if let numbers {
            numberQuantiles = Quantiles(total: numbers.count)
            numberHistogram = Histogram(range: numbers.range, integers: numbers.integers)
        }
        if let dates {
            dayQuantiles = Quantiles(total: dates.count)
            dayHistogram = Histogram(range: dates.range, integers: false)
        }
    }

    // MARK: - Taking values, in SQLite's order

    /// Takes a number held by `count` rows; `value` makes its grid value (called only when needed).
    mutating func add(number: Double, isInteger: Bool, count: Int, value: () -> GridValue) {
        if isInteger {
            stored.integer += count
        } else {
            stored.real += count
        }
        note(count, value)
        numbers.add(number, count: count)
        largestNumber = max(largestNumber ?? number, number)
        numberQuantiles?.add(number, count: count)
        numberHistogram?.add(number, count: count)
    }

    /// Takes a text held by `count` rows: `julianDay` is SQLite's reading of it as a date, when it
    /// has the shape of one (``DateText/hasDateShape(_:)``) and SQLite reads it, else nil.
    mutating func add(text count: Int, julianDay: Double?, hasTime: Bool, value: () -> GridValue) {
        stored.text += count
        let shown = note(count, value)
        guard allDates else {
            return
        }
        guard let julianDay else {
            allDates = false
            return
        }
        datesHaveTimes = datesHaveTimes || hasTime
        days.add(julianDay, count: count)
        dayQuantiles?.add(count: count) { shown ?? value() }
        dayHistogram?.add(julianDay, count: count)
    }

    /// Takes a BLOB held by `count` rows.
    mutating func add(blob count: Int, value: () -> GridValue) {
        stored.blob += count
        note(count, value)
    }

    /// Counts a distinct value and keeps it when it is the most common so far (ties keep the
    /// first, the smallest); returns its grid value when it was made.
    @discardableResult
    private mutating func note(_ count: Int, _ value: () -> GridValue) -> GridValue? {
        distinct += 1
        guard count > modeCount else {
            return nil
        }
        let shown = value()
        mode = shown
        modeCount = count
        return shown
    }

    // MARK: - Results

    /// Whether the column mixes numbers with other values: its numbers need a pass of their own
    /// for their quartiles and histogram (``numberPlan``).
    var needsNumberPass: Bool {
        stored.numbers > 0 && numberQuantiles == nil
    }

    /// The plan of a pass over the numbers alone, from what this pass saw: their count, and their
    /// range from `smallest` (the column's smallest value: numbers come first) to the largest seen.
    func numberPlan(smallest: Double) -> Plan? {
        guard stored.numbers > 0, let largestNumber else {
            return nil
        }
        return Plan(count: stored.numbers, range: smallest...max(smallest, largestNumber),
                    integers: smallest.rounded() == smallest && largestNumber.rounded() == largestNumber)
    }

    /// Writes the distribution into `summary`: its numbers' statistics from `numberPass` when the
    /// numbers had a pass of their own, else from this one.
    func finish(into summary: inout ColumnSummary, numberPass: ValueDistribution? = nil) {
        summary.stored = stored
        summary.distinct = distinct
        summary.mode = mode
        summary.modeCount = mode == nil ? nil : modeCount
        if stored.numbers > 0 {
            let source = numberPass ?? self
            summary.kind = .number
            summary.mean = .real(source.numbers.mean)
            summary.deviation = source.numbers.standardDeviation.map { .real($0) }
            let integers = stored.real == 0
            summary.quartiles = source.numberQuantiles?.interpolated.map { values in
                values.map { value in
                    integers && value.rounded() == value && abs(value) < 9e15 ? .integer(Int64(value)) : .real(value)
                }
            }
            summary.histogram = source.numberHistogram?.bars
        } else if stored.text > 0 && stored.blob == 0 && allDates {
            summary.kind = .date
            summary.mean = DateText.text(julianDay: days.mean, withTime: datesHaveTimes).map { .text($0) }
            summary.deviation = days.standardDeviation.map { .text(cFormat("%.1f days", $0)) }
            summary.quartiles = dayQuantiles?.bounds?.map(\.lower)
            summary.histogram = dayHistogram?.bars
        } else {
            summary.kind = .other
        }
        summary.isComplete = true
    }
}
