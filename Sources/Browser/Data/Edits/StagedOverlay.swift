import ORMCore

/// What the grid draws over the rows its source gives: staged cell values (marked edited), rows
/// staged for deletion, marked rows, and the new rows staged for insert, shown after the last
/// stored row.
///
/// The source reads rows by position and knows nothing of staged changes; the overlay knows
/// nothing of SQL. The grid asks the source for a window of rows and the overlay for what to
/// change in it, so staged changes stay visible over fresh data after every reload.
struct StagedOverlay: Sendable {
    /// The staged changes of the grid's table.
    var edits = StagedEdits() {
        didSet {
            // A new row that is gone (undone, committed, reverted) takes its mark with it.
            let edits = self.edits
            marks.keep { row in
                if case .new(let number) = row {
                    return edits.newRow(number) != nil
                }
                return true
            }
        }
    }
    /// The rows marked for a bulk action (deletion).
    var marks = RowMarks()
    /// The key column SQLite generates on insert (see `DynamicTable.generatedKeyColumn`), so new
    /// rows that leave it out show the keys they would get in turn rather than one key each.
    var generatedKeyColumn: String?

    /// How many new rows follow the stored rows.
    var newRowCount: Int {
        edits.newRows.count
    }

    /// Whether rows carry signs in the gutter (marks, new rows, deletions): the grid then gives
    /// the gutter a column for them, as long as any exist, so it does not shift while scrolling.
    var showsRowSigns: Bool {
        !marks.isEmpty || newRowCount > 0 || edits.hasDeletions
    }

    /// The rows at positions `firstRow..<(firstRow + height)` as the grid shows them.
    ///
    /// - Parameters:
    ///   - stored: The source's rows from `firstRow` (fewer at the end of the data).
    ///   - storedCount: How many rows the source has, needed only when new rows may show
    ///     (`stored` is shorter than `height`); new row `i` is at position `storedCount + i`.
    ///   - columns: The grid's columns.
    func window(stored: [SourceRow], firstRow: Int, height: Int, storedCount: Int?, columns: [GridColumn]) -> OverlaidRows {
        var window = OverlaidRows()
        for (index, row) in stored.enumerated() {
            let position = firstRow + index
            var values = row.values
            window.references.append(row.key.map(RowRef.stored))
            if let key = row.key {
                if edits.isDeleted(key) {
                    window.deleted.insert(position)
                }
                if marks.contains(.stored(key)) {
                    window.marked.insert(position)
                }
                for (column, gridColumn) in columns.enumerated() where column < values.count {
                    if let value = edits.value(key: key, column: gridColumn.name) {
                        values[column] = GridValue(value)
                        window.edited.insert(CellAddress(row: position, column: column))
                    }
                }
            }
            window.values.append(values)
        }
        guard let storedCount, stored.count < height else {
            return window
        }
        let newRows = edits.newRows
        let start = max(firstRow + stored.count, storedCount)
        for position in start..<(firstRow + height) {
            let index = position - storedCount
            guard newRows.indices.contains(index) else {
                break
            }
            let row = newRows[index]
            window.values.append(values(of: row, among: newRows, columns: columns))
            window.references.append(.new(row.number))
            window.inserted.insert(position)
            if row.refusal != nil {
                window.refused.insert(position)
            }
            if marks.contains(.new(row.number)) {
                window.marked.insert(position)
            }
            for (column, gridColumn) in columns.enumerated() where row.values[gridColumn.name] != nil {
                window.edited.insert(CellAddress(row: position, column: column))
            }
        }
        return window
    }

    /// The values of a stored row with its staged cells over them.
    func values(of row: SourceRow, columns: [GridColumn]) -> [GridValue] {
        guard let key = row.key else {
            return row.values
        }
        var values = row.values
        for (column, gridColumn) in columns.enumerated() where column < values.count {
            if let value = edits.value(key: key, column: gridColumn.name) {
                values[column] = GridValue(value)
            }
        }
        return values
    }

    /// The values of new row `row` (one of `newRows`) under `columns`: the values given, else
    /// SQLite's from its last trial; a generated key left out is counted on from the new rows
    /// before it that leave it out too (each trial alone sees the same next key).
    func values(of row: NewRow, among newRows: [NewRow], columns: [GridColumn]) -> [GridValue] {
        columns.map { GridValue(value(of: row, column: $0.name, among: newRows)) }
    }

    /// The value shown in `column` of new row `row` (see ``values(of:among:columns:)``).
    func value(of row: NewRow, column: String, among newRows: [NewRow]) -> SQLValue {
        let value = row.value(of: column) ?? .null
        guard column == generatedKeyColumn, row.values[column] == nil, case .integer(let key) = value else {
            return value
        }
        let before = newRows.prefix { $0.number != row.number }
        return .integer(key + Int64(before.filter { $0.values[column] == nil }.count))
    }
}

/// A window of rows as the grid shows them, with what the overlay changed in it. Row indexes
/// count positions in the whole grid, like ``GridViewport``'s.
struct OverlaidRows: Sendable {
    /// One array of values per row shown.
    var values: [[GridValue]] = []
    /// What each row shown is (nil for rows without a key: views, query results).
    var references: [RowRef?] = []
    /// Cells whose value is staged.
    var edited: Set<CellAddress> = []
    /// Stored rows staged for deletion.
    var deleted: Set<Int> = []
    /// New rows staged for insert.
    var inserted: Set<Int> = []
    /// New rows SQLite refuses as they are.
    var refused: Set<Int> = []
    /// Marked rows.
    var marked: Set<Int> = []
}
