import ORMCore

/// Computed columns (`=`) on a frequency or a pivot table: a column computed by the database from
/// each row's values (`count * 100 / 3503 AS share`), added to the table's own statement
/// (``PagedSource/computing(_:)``), so it sorts, filters, searches and exports like the others;
/// `-` on it drops it.
extension ColumnCommands {
    /// The frequency or pivot table on top, read through a ``PagedSource``, that `=` adds to; nil
    /// for any other grid.
    var pagedTable: PagedSource? {
        guard app.state.top.mode == .frequency || app.state.top.mode == .pivot else {
            return nil
        }
        return grid.source as? PagedSource
    }

    /// Adds the column `text` asks for to `paged`, checked with the database; a bad expression is
    /// refused at the prompt again with the reason, and nothing is added.
    func addComputedColumn(_ text: String, to paged: PagedSource) {
        do {
            let column = try ComputedColumnText.read(text, in: paged.database.dialect)
            let source = try paged.computing(paged.computed + [column])
            grid.replaceSource(source, cursorRow: grid.cursorRow)
            grid.moveCursor(toColumn: source.columns.count - 1)
            app.say(.info("computed column \(Sanitizer.sanitize(column.name)) added; - on it drops it"))
        } catch {
            app.report(error, doing: "computed column")
            let reason = UserMessage.describe(error)
            app.openPrompt(.computeColumn, text: text)
            app.prompt.current?.note = reason
        }
    }

    /// `-` on `paged`'s computed column `index`: the table without it (its sort key dropped). Refused
    /// when the filter names it (the database says so): the table stays as it was.
    func dropComputedColumn(_ index: Int, of paged: PagedSource) {
        guard paged.columns.indices.contains(index) else {
            return
        }
        let name = paged.columns[index].name
        do {
            let source = try paged.computing(paged.computed.filter { $0.name != name })
            grid.replaceSource(source, cursorRow: grid.cursorRow)
            grid.moveCursor(toColumn: index - 1)
            app.say(.info("computed column \(Sanitizer.sanitize(name)) dropped"))
        } catch {
            app.report(error, doing: "computed column")
        }
    }
}
