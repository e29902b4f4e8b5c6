import FoundationEssentials
import ORMCore

/// A ``RowSource`` over a statement's results while their rows still arrive: the rows stored so
/// far in reef's copy (``ResultStore``), read by position (a row's rowid is its position plus one:
/// the copy is only ever appended to). The count is not known until the last row has come
/// (``isCounting``); stopping the count (`Esc`) stops the statement, keeping what arrived. Sorting
/// and filtering wait for the last row: the grid then reads the copy as a table (``TableSource``).
final class FillingSource: RowSource {
    /// The store the rows come into.
    let store: ResultStore
    /// How far they have come.
    let fill: ResultFill
    /// Stops the statement (from the main loop).
    private let stop: () -> Void
    /// Why the statement was stopped, once it was.
    private(set) var countStopped: String?
    /// When the statement started.
    let countingSince = ContinuousClock.now

    /// The rows of `store` as `fill` tells them; `stop` stops the statement.
    init(store: ResultStore, fill: ResultFill, stop: @escaping () -> Void) {
        self.store = store
        self.fill = fill
        self.stop = stop
    }

    /// `query`, as a statement's results are titled.
    var title: String {
        ResultStore.tableName
    }

    /// The statement's columns, shown by their kinds.
    var columns: [GridColumn] {
        store.columnNames.indices.map { GridColumn(name: store.columnNames[$0], kind: store.kinds[$0]) }
    }

    /// Unknown until the last row has come.
    var knownCount: Int? {
        nil
    }

    /// Whether rows are still arriving.
    var isCounting: Bool {
        !fill.isFinished
    }

    /// None while rows arrive.
    var sort: GridSort? {
        nil
    }

    /// None while rows arrive.
    var filter: String? {
        nil
    }

    /// Asked for, sorting and filtering say to wait for the last row (``applying(sort:filter:)``).
    var supportsSortAndFilter: Bool {
        true
    }

    /// Stops the statement: the rows that arrived stay.
    func stopCounting(_ reason: String) {
        guard isCounting else {
            return
        }
        countStopped = countStopped ?? reason
        stop()
    }

    /// The rows stored so far (the count grows until the last row has come).
    func count() throws -> Int {
        fill.stored
    }

    /// The stored rows at positions `range`, their long values cut as a table's are in the grid
    /// (``GridValue/keptTextBytes``): a 50 MB value is not read whole to show its first line.
    func rows(_ range: Range<Int>) throws -> [SourceRow] {
        let clamped = range.clamped(to: 0..<fill.stored)
        guard !clamped.isEmpty else {
            return []
        }
        let table = try store.database.table(ResultStore.tableName)
        let width = store.columnNames.count
        let records = try table.query(cuttingValuesAt: GridValue.keptTextBytes)
            .where("rowid > \(clamped.lowerBound) AND rowid <= \(clamped.upperBound)").fetch()
        return records.map { record in
            // The rowid (the table's key) comes before the stored columns.
            let first = max(0, record.values.count - width)
            return SourceRow(values: (first..<record.values.count).map { GridValue(record.values[$0], fullSize: record.fullSizes[$0]) },
                             key: nil)
        }
    }

    /// The stored rows at positions `range`, whole (a search compares whole values).
    private func wholeRows(_ range: Range<Int>) throws -> [SourceRow] {
        let clamped = range.clamped(to: 0..<fill.stored)
        guard !clamped.isEmpty else {
            return []
        }
        let table = quoteIdentifier(ResultStore.tableName)
        let sql = SQL("SELECT * FROM " + table + " WHERE rowid > ? AND rowid <= ? ORDER BY rowid",
                      arguments: [clamped.lowerBound, clamped.upperBound])
        return try store.database.fetchAll(sql).map { values in
            SourceRow(values: values.map { GridValue($0) }, key: nil)
        }
    }

    /// Rows have no key here.
    func index(ofKey key: RowKey) throws -> Int? {
        nil
    }

    /// The first stored row in `rows` that `search` matches, looked for a thousand rows at a time.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int? {
        let searched = Set(search.searched(columns.map(\.name)))
        let expression = search.kind == .regex ? try RegularExpression(search.regexPattern) : nil
        let inRange = rows.clamped(to: 0..<fill.stored)
        var start = forward ? inRange.lowerBound : inRange.upperBound
        while forward ? start < inRange.upperBound : start > inRange.lowerBound {
            let chunk = forward ? start..<min(start + 1_000, inRange.upperBound) : max(start - 1_000, inRange.lowerBound)..<start
            let found = try wholeRows(chunk)
            let positions = forward ? Array(found.indices) : found.indices.reversed()
            for position in positions {
                let values = found[position].values
                let matches = values.indices.contains { index in
                    guard columns.indices.contains(index), searched.contains(columns[index].name) else {
                        return false
                    }
                    let text = CellFormatter.format(values[index], in: columns[index]).text
                    return expression.map { $0.matches(text) } ?? search.matches(text)
                }
                if matches {
                    return chunk.lowerBound + position
                }
            }
            start = forward ? chunk.upperBound : chunk.lowerBound
        }
        return nil
    }

    /// Sorting and filtering wait for the last row.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource {
        throw StillArriving()
    }

    /// Itself: the rows are read as they are stored.
    func reloaded() throws -> RowSource {
        self
    }

    /// Sorting or filtering asked for before the last row came.
    struct StillArriving: Error, CustomStringConvertible {
        var description: String {
            "the rows are still arriving: sort and filter once the last has come (Esc stops the statement)"
        }
    }

    // MARK: - Capabilities (RowSource+Capabilities.swift)

    var resultStore: ResultStore? {
        store
    }

    var isFilling: Bool {
        true
    }

}
