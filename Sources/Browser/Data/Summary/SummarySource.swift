import ORMCore

/// The rows of the column summary (`I`): one a column of the view summarised, read from a
/// ``SummaryTask`` as it computes them, so each draw shows what is known. A statistic still
/// being computed shows `…`, one the work was stopped or failed before shows `?`, and one the
/// column does not get (the mean of text) shows nothing.
final class SummarySource: RowSource {
    /// The summary's columns, in order.
    static let columnNames = ["column", "type", "stored", "nulls", "null %", "distinct", "min", "p25", "median", "p75", "max",
                              "histogram", "mean", "stddev", "mode", "mode #"]
    /// What a statistic still being computed shows.
    static let pending = "…"
    /// What a statistic shows when its computation was stopped or failed.
    static let unknown = "?"

    /// The status-bar title: the view summarised, and its filter.
    let title: String
    /// The summary's columns.
    let columns: [GridColumn]
    /// The work computing the summaries.
    let task: SummaryTask
    /// What the work was started with, to start it again (``reloaded()``).
    private let database: Database
    private let query: SummaryQuery
    private let declaredTypes: [String]
    private let wakeup: Wakeup?

    /// Starts summarising `query`'s columns in `database` (declared types `declaredTypes`), titled
    /// `title`; `wakeup` is signalled as parts are known.
    init(database: Database, query: SummaryQuery, declaredTypes: [String], title: String, wakeup: Wakeup?) {
        self.database = database
        self.query = query
        self.declaredTypes = declaredTypes
        self.title = title
        self.wakeup = wakeup
        columns = Self.columnNames.enumerated().map { index, name in
            let kind: ColumnKind = switch index {
            case 0, 1, 2, 11: .text
            case 3, 5, 15: .integer
            case 4: .real
            default: .other
            }
            // The mean and standard deviation are computed, not stored values: two decimals and
            // thousands grouped, as the frequency table's aggregates (and VisiData's) show them.
            let computed = index == 12 || index == 13
            return GridColumn(name: name, kind: kind, decimals: computed ? 2 : nil, groupsDigits: computed)
        }
        task = SummaryTask(database: database, query: query, declaredTypes: declaredTypes, wakeup: wakeup)
    }

    /// The names of the columns summarised, one a row.
    var summarised: [String] {
        query.columns
    }

    /// One row a column.
    var knownCount: Int? {
        query.columns.count
    }

    /// Whether the summary is still being computed.
    var isCounting: Bool {
        task.isRunning
    }

    /// When the work started.
    var countingSince: ContinuousClock.Instant {
        task.started
    }

    /// Why the work was stopped, once it was.
    var countStopped: String? {
        task.stopReason
    }

    /// Stops the work: the statistics not known yet show `?`.
    func stopCounting(_ reason: String) {
        task.stop(reason)
    }

    /// The number of rows: the columns summarised.
    func count() throws -> Int {
        query.columns.count
    }

    /// The rows at `range`, as known now.
    func rows(_ range: Range<Int>) throws -> [SourceRow] {
        let summaries = task.columns
        let stopped = !task.isRunning
        return summaries.indices.clamped(to: range).map { index in
            SourceRow(values: Self.values(of: summaries[index], stopped: stopped), key: nil)
        }
    }

    /// The summary as the grid shows it now (values not in yet `…`, those a stop left out `?`),
    /// for `X`, `gY` and `gy`.
    func rowsToExport() -> (any ExportRows)? {
        let shown = (try? rows(0..<query.columns.count)) ?? []
        return HeldRows(rows: shown.map { row in row.values.map { $0.sqlValue.map(ExportValue.init) ?? .null } })
    }

    /// Rows have no key.
    func index(ofKey key: RowKey) throws -> Int? {
        nil
    }

    /// The first row in `rows` that `search` matches, searched in the summaries as shown.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int? {
        let searched = Set(search.searched(columns.map(\.name)))
        let shown = try self.rows(0..<(query.columns.count))
        let inRange = shown.indices.clamped(to: rows)
        let positions = forward ? Array(inRange) : inRange.reversed()
        let expression = search.kind == .regex ? try RegularExpression(search.regexPattern) : nil
        return positions.first { position in
            shown[position].values.indices.contains { index in
                guard columns.indices.contains(index), searched.contains(columns[index].name) else {
                    return false
                }
                let text = CellFormatter.format(shown[position].values[index], kind: columns[index].kind).text
                return expression.map { $0.matches(text) } ?? search.matches(text)
            }
        }
    }

    /// Itself: a summary is neither sorted nor filtered.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource {
        self
    }

    /// The same summary computed afresh (`r`).
    func reloaded() throws -> RowSource {
        SummarySource(database: database, query: query, declaredTypes: declaredTypes, title: title, wakeup: wakeup)
    }

    /// Whether the summary's cell shows `…` or `?` in place of its statistic.
    func isPending(row: Int, column: Int) -> Bool {
        let summaries = task.columns
        guard summaries.indices.contains(row) else {
            return false
        }
        return !Self.isKnown(column: column, of: summaries[row])
    }

    // MARK: - Cells

    /// Whether cell `column` of `summary`'s row holds its statistic: the name and type always, the
    /// counts, share and range once the overview is read, the rest once the column is complete.
    static func isKnown(column: Int, of summary: ColumnSummary) -> Bool {
        switch column {
        case 0, 1: true
        case 3, 4, 6, 10: summary.rows != nil
        default: summary.isComplete
        }
    }

    /// The cells of one column's summary; `stopped` when the work no longer runs.
    static func values(of summary: ColumnSummary, stopped: Bool) -> [GridValue] {
        let missing = GridValue.text(stopped ? unknown : pending)
        func integer(_ value: Int?) -> GridValue? {
            value.map { .integer(Int64($0)) }
        }
        let share: GridValue? = summary.nulls.flatMap { nulls in
            guard let rows = summary.rows, rows > 0 else {
                return nil
            }
            return .real((Double(nulls) / Double(rows) * 1000).rounded() / 10)
        }
        let quartiles = summary.quartiles
        var stored = summary.stored?.description
        if summary.kind == .date, let classes = stored {
            stored = classes + " (dates)"
        }
        let statistics: [GridValue?] = [
            .text(summary.name),
            .text(summary.declaredType),
            stored.map { .text($0) },
            integer(summary.nulls),
            share,
            integer(summary.distinct),
            summary.minimum,
            quartiles?[0],
            quartiles?[1],
            quartiles?[2],
            summary.maximum,
            summary.histogram.map { .text($0) },
            summary.mean,
            summary.deviation,
            summary.mode,
            integer(summary.modeCount),
        ]
        return statistics.indices.map { index in
            isKnown(column: index, of: summary) ? statistics[index] ?? .text("") : missing
        }
    }
}
