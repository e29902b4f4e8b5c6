import ORMCore

/// The record view's lines: the fields of the grid's cursor row laid out at a width, the field
/// under the cursor, and the scroll that shows it.
extension RecordController {
    /// The record view of the grid's cursor row at `width` (one line saying so when it is gone):
    /// a line or more per column, the cursor column's selected, scrolled to ``scroll``.
    func view(width: Int) -> TextView {
        let grid = gridShown
        var view = TextView(text: "", scroll: scroll, highlight: grid.searchText)
        do {
            guard let shown = try grid.shownValues(at: grid.cursorRow) else {
                view.lines = ["(no row)"]
                return view
            }
            let values = try recordValues(shown)
            let (fields, indexes) = shownFields(values: values, width: width)
            view.lines = fields.flatMap(\.self)
            if let field = indexes.firstIndex(of: grid.cursorColumn) {
                let start = fields[..<field].reduce(0) { $0 + $1.count }
                view.selected = start..<(start + fields[field].count)
            }
        } catch {
            view.lines = ["error: " + UserMessage.describe(error)]
        }
        return view
    }

    /// The field (column) drawn on display line `line` at `width`: after a page key, the field
    /// cursor goes to the top of the page.
    func field(at line: Int, width: Int) -> Int? {
        let grid = gridShown
        guard let shown = try? grid.shownValues(at: grid.cursorRow), let values = try? recordValues(shown) else {
            return nil
        }
        let (fields, indexes) = shownFields(values: values, width: width)
        let view = view(width: width)
        var start = 0
        for (index, field) in fields.enumerated() {
            let rows = view.displayRange(of: start..<(start + field.count), width: width)
            if rows.upperBound > line {
                return indexes[index]
            }
            start += field.count
        }
        return indexes.last
    }

    /// The scroll, moved only when no line of the current field is in view (the grid's cursor
    /// moved under it: a search, a sort, a refresh), to show it.
    func scrollRevealingField(width: Int, height: Int) -> Int {
        let view = view(width: width)
        guard let selected = view.selected else {
            return scroll
        }
        let rows = view.displayRange(of: selected, width: width)
        guard rows.upperBound <= scroll || rows.lowerBound >= scroll + height else {
            return scroll
        }
        return scrollShowingField(width: width, height: height)
    }

    /// The scroll position that shows the current field, moving as little as it can.
    func scrollShowingField(width: Int, height: Int) -> Int {
        let view = view(width: width)
        guard let selected = view.selected else {
            return scroll
        }
        let rows = view.displayRange(of: selected, width: width)
        if rows.lowerBound < scroll || rows.count > height {
            return rows.lowerBound
        }
        return max(scroll, rows.upperBound - height)
    }

    /// The fields of the columns the grid shows (hidden columns are left out, as in the grid),
    /// with the grid's index of each.
    private func shownFields(values: [GridValue], width: Int) -> (fields: [[String]], indexes: [Int]) {
        let grid = gridShown
        let indexes = grid.shownIndexes
        let columns = indexes.map { grid.source.columns[$0] }
        let shown = indexes.map { values.indices.contains($0) ? values[$0] : GridValue.null }
        return (fields(columns: columns, values: shown, width: width), indexes)
    }

    /// The values shown: the grid's, with those it keeps only the start of read again with more
    /// of them (``GridValue/recordTextBytes``), once per row shown. A staged value stays as staged.
    private func recordValues(_ values: [GridValue]) throws -> [GridValue] {
        let grid = gridShown
        guard values.contains(where: \.isCut), let table = grid.source.keyedTable,
              case .stored(let stored)? = try grid.row(at: grid.cursorRow), let key = stored.key else {
            return values
        }
        let longer: [GridValue]?
        if let cached = cache.row, cached.source === table, cached.key == key {
            longer = cached.values
        } else {
            longer = try table.longerValues(stored.values, key: key, textBytes: GridValue.recordTextBytes)
            cache.row = RecordRow(source: table, key: key, values: longer)
        }
        guard let longer, longer.count == values.count, stored.values.count == values.count else {
            return values
        }
        return values.indices.map { index in
            values[index].isCut && values[index] == stored.values[index] ? longer[index] : values[index]
        }
    }

    /// ``RecordView/fields(columns:values:width:)`` at `width`, laid out again only when the
    /// values, columns or width changed.
    private func fields(columns: [GridColumn], values: [GridValue], width: Int) -> [[String]] {
        if let layout = cache.layout, layout.width == width, layout.columns == columns, layout.values == values {
            return layout.fields
        }
        let fields = RecordView.fields(columns: columns, values: values, width: width)
        cache.layout = (values, width, columns, fields)
        return fields
    }
}
