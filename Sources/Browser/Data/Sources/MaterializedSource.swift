import FoundationEssentials

/// A ``RowSource`` over rows already in memory: the results of a `PRAGMA` or `EXPLAIN`, which
/// cannot be wrapped as a subquery, or a histogram's bins. It cannot be sorted or filtered.
final class MaterializedSource: RowSource {
    /// The status-bar title.
    let title: String
    /// The columns.
    let columns: [GridColumn]
    /// Every row.
    private let allRows: [SourceRow]
    /// The rows as an export writes them, when they can be exported.
    private let exported: HeldRows?

    /// Creates a source over `rows`; with `exported` (the same rows as an export writes them),
    /// it exports and copies them.
    init(title: String, columns: [GridColumn], rows: [[GridValue]], exported: [[ExportValue]]? = nil) {
        self.title = title
        self.columns = columns
        allRows = rows.map { SourceRow(values: $0, key: nil) }
        self.exported = exported.map(HeldRows.init)
    }

    /// The rows held, when they were given as an export writes them.
    func rowsToExport() -> (any ExportRows)? {
        exported
    }

    /// The number of rows, always known.
    var knownCount: Int? {
        allRows.count
    }

    /// Never counting.
    var isCounting: Bool {
        false
    }

    /// The number of rows.
    func count() throws -> Int {
        allRows.count
    }

    /// The rows at `range`, clamped to the rows held.
    func rows(_ range: Range<Int>) throws -> [SourceRow] {
        let clamped = range.clamped(to: 0..<allRows.count)
        return Array(allRows[clamped])
    }

    /// Rows have no key.
    func index(ofKey key: RowKey) throws -> Int? {
        nil
    }

    /// The first row in `rows` that `search` matches, searched in memory.
    func find(_ search: GridSearch, in rows: Range<Int>, forward: Bool) throws -> Int? {
        let searched = Set(search.searched(columns.map(\.name)))
        let inRange = allRows.indices.clamped(to: rows)
        let positions = forward ? Array(inRange) : inRange.reversed()
        let expression = search.kind == .regex ? try RegularExpression(search.regexPattern) : nil
        return positions.first { position in
            allRows[position].values.indices.contains { index in
                guard columns.indices.contains(index), searched.contains(columns[index].name) else {
                    return false
                }
                let text = CellFormatter.format(allRows[position].values[index], kind: .other).text
                return expression.map { $0.matches(text) } ?? search.matches(text)
            }
        }
    }

    /// Itself: the options cannot change.
    func applying(sort: GridSort?, filter: String?) throws -> RowSource {
        self
    }

    /// Itself: the rows were read once.
    func reloaded() throws -> RowSource {
        self
    }
}
