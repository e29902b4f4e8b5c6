/// Sorting a grid: `s` by the cursor column alone, `zs` by several.
extension GridCommands {
    /// `s`: sorts by the cursor column alone: ascending, then descending, then the natural order.
    /// On a sort by several columns it starts again from this column alone, ascending.
    func cycleSort() {
        let source = grid.source
        guard source.supportsSortAndFilter, !source.columns.isEmpty else {
            app.say(.error("these results cannot be sorted"))
            return
        }
        let column = grid.cursorColumn
        let next: GridSort?
        switch source.sort {
        case .some(let sort) where sort.keys.count == 1 && sort.column == column && !sort.descending:
            next = GridSort(column: column, descending: true)
        case .some(let sort) where sort.keys.count == 1 && sort.column == column:
            next = nil
        default:
            next = GridSort(column: column, descending: false)
        }
        let name = source.columns[column].name
        let label = next.map { _ in "sorting \(Sanitizer.sanitize(source.title)) by \(Sanitizer.sanitize(name))" } ?? "unsorting"
        // The cursor stays on its row, wherever the new order puts it (as after zs, q and r).
        app.waits.changeView(of: grid, sort: next, filter: source.filter, label: label, keepingRow: true) { _ in
            app.say(.info(next.map { "sorted by \(name) \($0.descending ? "descending" : "ascending")" + Self.note(on: $0, of: source) }
                ?? "sort off"))
        }
    }

    /// `zs`: adds the cursor column to the sort, after the columns sorted already (ascending);
    /// again, it turns descending in its place; a third time takes it out of the sort. The
    /// cursor stays on its row.
    func addToSort() {
        let source = grid.source
        guard source.supportsSortAndFilter, source.columns.indices.contains(grid.cursorColumn) else {
            app.say(.error("these results cannot be sorted"))
            return
        }
        let next = GridSort.adding(column: grid.cursorColumn, to: source.sort)
        let label = "sorting \(Sanitizer.sanitize(source.title))"
        app.waits.changeView(of: grid, sort: next, filter: source.filter, label: label, keepingRow: true) { sorted in
            app.say(.info(sorted.sort.map { "sorted by " + Self.describe($0, columns: sorted.columns) + Self.note(on: $0, of: sorted) }
                ?? "sort off"))
        }
    }

    /// `; ` and why a sort of a PostgreSQL statement's results on text orders it byte by byte where
    /// the server would not (``ServerTextCollation/unavailable``); empty otherwise.
    static func note(on sort: GridSort, of source: RowSource) -> String {
        guard let store = source.resultStore, let reason = store.textCollation?.unavailable else { return "" }
        let onText = sort.keys.contains { key in
            store.typeNames.indices.contains(key.column) && store.typeNames[key.column].map { type in
                ServerTextCollation.ordersText(ofType: type) || ArrayTextOrder.elements(ofType: type) == .text
            } ?? false
        }
        return onText ? "; " + reason : ""
    }

    /// `name ▲, total ▼`: the keys of `sort` in order.
    static func describe(_ sort: GridSort, columns: [GridColumn]) -> String {
        sort.keys.filter { columns.indices.contains($0.column) }.map {
            Sanitizer.sanitize(columns[$0.column].name) + " " + ($0.descending ? GridWidget.descending : GridWidget.ascending)
        }.joined(separator: ", ")
    }
}
