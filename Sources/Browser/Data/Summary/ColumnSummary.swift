/// What the column summary (`I`) knows of one column of the view, filled in as it is computed:
/// first the overview every column gets from one pass over the rows (``rows``, ``nonNull``,
/// ``minimum``, ``maximum``), then the distribution, column by column (the rest). A value not
/// known yet is nil.
struct ColumnSummary: Sendable, Equatable {
    /// What the column's values are taken for, which decides the statistics it gets.
    enum Kind: Sendable, Equatable {
        /// It holds numbers (and maybe other values: the statistics are of its numbers).
        case number
        /// Every value is a date (``DateText``).
        case date
        /// Text, BLOBs, or a mix without numbers: no mean, quartiles or histogram.
        case other
    }

    /// The column's name.
    let name: String
    /// Its declared type (`INTEGER`, `varchar(20)`), empty when it has none (query results).
    let declaredType: String

    // MARK: - The overview

    /// The rows of the view (the filter applied).
    var rows: Int?
    /// The rows whose value is not NULL.
    var nonNull: Int?
    /// The smallest value in SQLite's order (numbers, then text, then BLOBs).
    var minimum: GridValue?
    /// The largest value in SQLite's order.
    var maximum: GridValue?
    /// The Julian days of ``minimum`` and ``maximum`` when both read as dates: a date
    /// histogram's range.
    var dayRange: ClosedRange<Double>?
    /// ``minimum`` and ``maximum`` as doubles when they are exact decimals (``GridValue/decimal(_:)``):
    /// the range of the numbers' histogram.
    var numberRange: ClosedRange<Double>?

    // MARK: - The distribution

    /// How many values each storage class holds.
    var stored: StorageClasses?
    /// How many distinct values there are (NULL not counted).
    var distinct: Int?
    /// The most common value (of those most common, the smallest).
    var mode: GridValue?
    /// How many rows hold ``mode``.
    var modeCount: Int?
    /// What the values are taken for.
    var kind: Kind?
    /// The mean: a real for numbers, a date for dates.
    var mean: GridValue?
    /// The sample standard deviation: a real for numbers, `12.5 days` for dates.
    var deviation: GridValue?
    /// The first quartile, the median and the third quartile.
    var quartiles: [GridValue]?
    /// The histogram in block characters (``Histogram``).
    var histogram: String?
    /// Whether the distribution is complete (everything known that the column gets).
    var isComplete = false

    /// A summary with nothing known yet.
    init(name: String, declaredType: String) {
        self.name = name
        self.declaredType = declaredType
    }

    /// The NULLs: the rows less those with a value.
    var nulls: Int? {
        guard let rows, let nonNull else {
            return nil
        }
        return rows - nonNull
    }
}
