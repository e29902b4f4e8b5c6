import ORMCore

extension Editing {
    /// Stages a new row after the table's rows and moves the cursor to it.
    ///
    /// It names no column, so SQLite fills in every default and the key (a rowid is chosen at
    /// commit); the grid shows what SQLite's trial gave. A row SQLite refuses as it is (a NOT
    /// NULL column without a default) is staged anyway, marked `!` with SQLite's message: its
    /// cells are edited like any others, and a commit waits until SQLite takes it.
    func insertRow(into table: DynamicTable, grid: GridModel) throws {
        let row = NewRow(number: nextNewRowNumber(in: table.name), values: [:])
            .checked(in: table, after: stagedCompany(for: table, withoutNewRows: true))
        try stageNewRow(row, in: table, grid: grid)
        if let refusal = row.refusal {
            host.say(.error("new row \(row.number) staged, but \(refusal) · fill it in before w"))
        } else {
            host.say(.info("staged: new row \(row.number) · w commits, u undoes"))
        }
    }

    /// Stages a copy of the cursor row (as shown, staged values included) after the table's rows,
    /// and moves the cursor to it.
    ///
    /// A generated key (a rowid or INTEGER PRIMARY KEY) is left out for SQLite to choose, as are
    /// generated columns. Any other key (composite, text) is copied: SQLite refuses the copy as
    /// a duplicate, which is staged anyway, marked `!` with SQLite's UNIQUE message, for the
    /// key to be changed before a commit.
    func duplicateRow(of grid: GridModel, in table: DynamicTable) throws {
        var values: [String: SQLValue]
        let source: String
        switch try grid.row(at: grid.cursorRow) {
        case nil:
            host.say(.info("no row to duplicate"))
            return
        case .new(let row):
            values = row.values
            source = "new row \(row.number)"
        case .stored(let row):
            guard let key = row.key else {
                host.say(.error("read-only: \(table.name) has no key to find rows by"))
                return
            }
            guard let original = try originalValues(of: key, in: table) else {
                return
            }
            values = original.merging(staging.edits[table.name]?.cells(of: key) ?? [:]) { _, staged in staged }
            source = "row \(ListWidget.formatCount(grid.cursorRow + 1))"
        }
        let settable = Set(table.info.columns.filter { $0.generated == .no }.map(\.name))
        values = values.filter { settable.contains($0.key) && $0.key != table.generatedKeyColumn }
        let row = NewRow(number: nextNewRowNumber(in: table.name), values: values)
            .checked(in: table, after: stagedCompany(for: table, withoutNewRows: true))
        try stageNewRow(row, in: table, grid: grid)
        guard let refusal = row.refusal else {
            host.say(.info("\(source) duplicated as new row \(row.number) · w commits, u undoes"))
            return
        }
        let fix = table.generatedKeyColumn == nil && !table.info.primaryKey.isEmpty
            ? "change its key (\(table.info.primaryKey.joined(separator: ", "))) before w" : "edit it before w"
        host.say(.error("\(source) duplicated as new row \(row.number), but \(refusal) · \(fix)"))
    }

    /// Tries every staged new row again after the data changed: the key SQLite would choose, the
    /// defaults, and whether it refuses the row (a key taken meanwhile) follow the fresh data.
    /// Each is tried after the staged changes ``stagedCompany(for:withoutNewRows:)`` lists.
    func recheckNewRows() {
        for (name, edits) in staging.edits where !edits.newRows.isEmpty {
            guard let table = try? host.database.table(name) else {
                continue
            }
            let company = stagedCompany(for: table, withoutNewRows: true)
            staging.edits[name]?.recheckNewRows { $0.checked(in: table, after: company) }
        }
    }

    /// The number the next new row of `table` gets.
    private func nextNewRowNumber(in table: String) -> Int {
        staging.edits[table]?.nextNewRowNumber ?? 1
    }

    /// Stages `row` as a new row of `table` and puts the grid's cursor on it.
    private func stageNewRow(_ row: NewRow, in table: DynamicTable, grid: GridModel) throws {
        staging.stage(.insert(row), in: table.name)
        if let position = try grid.position(ofNewRow: row.number) {
            grid.cursorRow = position
        }
    }
}
