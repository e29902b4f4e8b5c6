import ORMCore

/// `z]`: a column of the table the cursor column's foreign key refers to, brought into the view
/// (the genre's name beside `GenreId`) as a computed column the database reads by the key.
extension GridCommands {
    /// Opens the `=` prompt with the subquery reading the referenced table's most telling column
    /// (``ReferencedColumn``), for the user to add with `Enter` or change first.
    func openReferencedColumnPrompt() {
        guard let table = grid.source.keyedTable, table.resultStore == nil, grid.frequency == nil, grid.summary == nil else {
            app.say(.error("columns of a referenced table are brought into a table's rows: open a table"))
            return
        }
        do {
            guard let reference = try cursorReference(from: table.table.name) else {
                return
            }
            guard let target = try app.database.tableInfo(reference.table) else {
                app.say(.error(Self.describe(.missingTable(reference.table))))
                return
            }
            let text = ReferencedColumn.promptText(
                for: reference, of: table.table.name, target: target, dialect: app.database.dialect)
            app.openPrompt(.computeColumn, text: text)
            app.prompt.current?.note = "Enter adds \(Sanitizer.sanitize(reference.table))'s column; edit the SELECT for another"
        } catch {
            app.report(error, doing: "foreign key")
        }
    }
}
