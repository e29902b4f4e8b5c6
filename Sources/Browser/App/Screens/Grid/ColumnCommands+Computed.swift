import ORMCore

/// Computed columns (`=`): a column of a table's view computed by an SQL expression, part of the
/// view's query (``TableSource/computed``), so it sorts, filters, counts and exports like any
/// other; `-` on it drops it again.
extension ColumnCommands {
    /// `=`: opens the prompt for a computed column's expression, on a table's or a view's grid,
    /// a frequency or a pivot table (``pagedTable``), or a statement's results (computed by SQLite over reef's copy of them, decision 0010: the
    /// statement is not run again), once their last row has come (as a sort waits for it).
    /// Elsewhere the status line says why not (``refusal``).
    func openComputePrompt() {
        if app.waits.waitsForLastRow(of: grid, then: { openComputePrompt() }) {
            return
        }
        if let reason = refusal {
            app.say(.error(reason))
            app.prompts.holdTextAfterRefusal()
            return
        }
        app.openPrompt(.computeColumn)
        if let store = grid.source.resultStore, store.isFromPostgres {
            app.prompt.current?.note = "SQLite's SQL: computed over reef's copy of the results"
        }
    }

    /// Why `=` cannot add a column to this grid, nil when it can.
    var refusal: String? {
        if grid.source.isFilling {
            return "the results are still arriving: = adds a column once the last row has come"
        }
        if pagedTable != nil {
            return nil
        }
        if app.state.top.mode == .summary {
            return "a summary's rows are columns: add the column to the rows summarised (= there), then I summarises it"
        }
        guard grid.source.keyedTable != nil, grid.frequency == nil, grid.summary == nil else {
            return "these rows are reef's own, computed from others: add the column to the rows they come from (= there)"
        }
        return nil
    }

    /// Adds the column `text` asks for (``ComputedColumnText``) to the view, after checking it with
    /// the database; a bad expression is refused at the prompt again, with the database's reason,
    /// and nothing is added. The rows are read again in the background, in the same order and
    /// filter, the cursor on the new column.
    func addComputedColumn(_ text: String) {
        if let paged = pagedTable {
            addComputedColumn(text, to: paged)
            return
        }
        guard refusal == nil, let table = grid.source.keyedTable else {
            app.say(.error(refusal ?? "computed columns are added to a table's rows: open a table or a view"))
            return
        }
        let column: ComputedColumn
        do {
            let read = try ComputedColumnText.read(text, in: table.table.database.dialect)
            // A statement's `money` columns computed with as amounts, never as text SQLite reads as 0.
            column = grid.source.resultStore?.readingAmounts(in: read) ?? read
            try ComputedColumnCheck.check(column, adding: table)
        } catch {
            app.report(error, doing: "computed column")
            let reason = UserMessage.describe(error)
            app.openPrompt(.computeColumn, text: text)
            app.prompt.current?.note = reason
            return
        }
        changeComputed(of: table, to: table.computed + [column], label: "computing \(Sanitizer.sanitize(column.name))") { source in
            grid.moveCursor(toColumn: source.columns.count - 1)
            app.say(.info("computed column \(Sanitizer.sanitize(column.name)) added; - on it drops it"))
        }
    }

    /// `-` on computed column `index`: the view without it (the sort keys on it dropped). Refused
    /// when the filter names it (the database says so): the view stays as it was.
    func dropComputedColumn(_ index: Int) {
        if let paged = pagedTable {
            dropComputedColumn(index, of: paged)
            return
        }
        guard let table = grid.source.keyedTable, table.columns.indices.contains(index) else {
            return
        }
        let name = table.columns[index].name
        let computed = table.computed.filter { $0.name != name }
        changeComputed(of: table, to: computed, label: "dropping \(Sanitizer.sanitize(name))") { _ in
            grid.moveCursor(toColumn: index - 1)
            app.say(.info("computed column \(Sanitizer.sanitize(name)) dropped"))
        }
    }

    /// Shows `table`'s view with the `computed` columns instead of its own, read in the background
    /// (the first rows of a sorted, filtered view can take a while), the cursor kept on its row;
    /// `done` runs once it is shown. An error (a filter naming a column dropped) leaves the view.
    private func changeComputed(of table: TableSource, to computed: [ComputedColumn], label: String,
                                done: @escaping (TableSource) -> Void) {
        let sort = ComputedColumnCheck.sort(table.sort, keepingColumnsOf: table, computing: computed)
        replaceView(of: table, label: label, doing: "computed column", make: { interruption in
            try table.changed(sort: sort, filter: table.filter, computing: computed, interruption: interruption)
        }, done: done)
    }
}
