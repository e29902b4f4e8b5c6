/// Hiding columns (`-`) and showing them all again (`gv`), as VisiData does: a hidden column is
/// not drawn, the cursor skips it, and the record view, `Y`, the copies and the export leave it
/// out. Columns are hidden by name, so hiding survives a sort, a filter and a refresh that reads
/// the table again (a column dropped meanwhile is simply no longer there to hide).
extension GridModel {
    /// The indexes of the hidden columns among the source's columns.
    var hiddenIndexes: Set<Int> {
        guard !hiddenColumns.isEmpty else {
            return []
        }
        return Set(source.columns.indices.filter { hiddenColumns.contains(source.columns[$0].name) })
    }

    /// The indexes of the columns shown, in order.
    var shownIndexes: [Int] {
        let hidden = hiddenIndexes
        return source.columns.indices.filter { !hidden.contains($0) }
    }

    /// How many of the source's columns are hidden now.
    var hiddenCount: Int {
        hiddenIndexes.count
    }

    /// Whether column `index` is hidden.
    func isHidden(_ index: Int) -> Bool {
        source.columns.indices.contains(index) && hiddenColumns.contains(source.columns[index].name)
    }

    /// Hides the cursor column and moves the cursor to the next column shown (the previous one
    /// at the right end). Returns the hidden column's name, or nil when it is the last column
    /// shown, which stays (a grid with no column would show nothing to move back to).
    func hideCursorColumn() -> String? {
        let shown = shownIndexes
        guard shown.count > 1, source.columns.indices.contains(cursorColumn), !isHidden(cursorColumn) else {
            return nil
        }
        let name = source.columns[cursorColumn].name
        let next = shown.first { $0 > cursorColumn } ?? shown.last { $0 < cursorColumn } ?? cursorColumn
        hiddenColumns.insert(name)
        cursorColumn = next
        return name
    }

    /// Shows every hidden column again; returns how many were hidden.
    @discardableResult
    func showAllColumns() -> Int {
        let count = hiddenCount
        hiddenColumns = []
        return count
    }

    /// `column` if it is shown, else the nearest shown column in the direction the cursor moves
    /// to reach it (then the other way): the column a move to `column` lands on.
    func nearestShownColumn(to column: Int) -> Int {
        guard isHidden(column) else {
            return column
        }
        let shown = shownIndexes
        let onward = column >= cursorColumn
            ? shown.first { $0 > column } ?? shown.last { $0 < column }
            : shown.last { $0 < column } ?? shown.first { $0 > column }
        return onward ?? column
    }
}
