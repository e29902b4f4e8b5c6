import ORMCore

extension App {
    /// Runs an editing command on a grid: only a table's grid can be edited.
    func performEdit(_ command: Command, grid: GridModel, isTable: Bool) throws {
        switch command {
        case .undoEdit:
            undoEdit(in: grid.source.title)
            return
        case .revertEdits:
            revertEdits()
            return
        case .commitEdits:
            _ = commitEdits(policy: .cancel)
            return
        case .showPending:
            showPending()
            return
        default:
            break
        }
        guard isTable else {
            state.message = .error("read-only: query results cannot be edited; open a table")
            return
        }
        guard let (table, key, original) = try editableRow(of: grid) else {
            return
        }
        switch command {
        case .editCell:
            try openCellEditor(table: table, key: key, original: original, grid: grid)
        case .setNull:
            guard let column = cursorColumnName(of: grid) else {
                return
            }
            stageCell(.null, table: table, key: key, column: column, original: original)
        case .deleteRow:
            try stage(.delete(key: key, original: original), checking: .delete(key: key.values, original: original),
                      in: table)
        default:
            break
        }
    }

    /// The table, key and current values of the grid's cursor row, or nil (with the reason in the
    /// status bar) when it cannot be edited.
    private func editableRow(of grid: GridModel) throws -> (DynamicTable, RowKey, [String: SQLValue])? {
        if database.configuration.readOnly {
            state.message = .error("read-only: the database is open with --readonly")
            return nil
        }
        let table = try database.table(grid.source.title)
        guard table.isWritable else {
            let reason = table.info.kind == .view ? "\(table.name) is a view" : "\(table.name) has no key to find rows by"
            state.message = .error("read-only: \(reason)")
            return nil
        }
        guard let row = try grid.source.rows(grid.cursorRow..<(grid.cursorRow + 1)).first else {
            state.message = .info("no row to edit")
            return nil
        }
        guard let key = row.key else {
            state.message = .error("read-only: \(table.name) has no key to find rows by")
            return nil
        }
        if stagedEdits[table.name]?.isDeleted(key) == true {
            state.message = .error("the row is marked for deletion; u to undo that")
            return nil
        }
        if let original = stagedEdits[table.name]?.original(of: key) {
            return (table, key, original)
        }
        guard let record = try table.record(key: key.values) else {
            state.message = .error("the row is gone; r to reload")
            return nil
        }
        var original: [String: SQLValue] = [:]
        for (column, value) in zip(record.columns, record.values) {
            original[column] = value
        }
        return (table, key, original)
    }

    /// The name of the grid's cursor column.
    private func cursorColumnName(of grid: GridModel) -> String? {
        let columns = grid.source.columns
        return columns.indices.contains(grid.cursorColumn) ? columns[grid.cursorColumn].name : nil
    }

    /// Opens the cell editor on the cursor cell, prefilled with its (staged) value.
    private func openCellEditor(table: DynamicTable, key: RowKey, original: [String: SQLValue], grid: GridModel) throws {
        guard let column = cursorColumnName(of: grid) else {
            return
        }
        let current = stagedEdits[table.name]?.value(key: key, column: column) ?? original[column] ?? .null
        let declaredType = table.info.column(named: column)?.declaredType ?? ""
        state.editing = EditTarget(table: table.name, key: key, column: column, declaredType: declaredType,
                                   current: current, original: original)
        openPrompt(.editCell(column: column), text: CellValueParser.editText(for: current))
    }

    /// Takes the text typed in the cell editor: parses it, checks it and stages it.
    func submitCellEdit(_ text: String) {
        guard let target = state.editing else {
            return
        }
        state.editing = nil
        do {
            let value = try CellValueParser.parse(text, declaredType: target.declaredType)
            guard value != target.current else {
                state.message = .info("unchanged")
                return
            }
            let table = try database.table(target.table)
            stageCell(value, table: table, key: target.key, column: target.column, original: target.original)
        } catch {
            report(error)
        }
    }

    /// Checks a new cell value with SQLite and stages it when SQLite takes it.
    private func stageCell(_ value: SQLValue, table: DynamicTable, key: RowKey, column: String,
                           original: [String: SQLValue]) {
        do {
            try stage(.cell(key: key, column: column, value: value, original: original),
                      checking: .update(key: key.values, original: original, changes: [column: value]), in: table)
        } catch {
            report(error)
        }
    }

    /// Stages `change` once SQLite accepts `edit` (tried in a savepoint rolled back at once).
    private func stage(_ change: StagedEdit, checking edit: RowEdit, in table: DynamicTable) throws {
        try table.check(edit)
        stagedEdits[table.name, default: StagedEdits()].stage(change)
        state.message = .info("staged: \(change.summary) · w commits, u undoes")
    }

    /// Takes back the last staged change of `table`.
    private func undoEdit(in table: String) {
        guard let change = stagedEdits[table]?.undo() else {
            state.message = .info("nothing to undo in \(table)")
            return
        }
        if stagedEdits[table]?.isEmpty == true {
            stagedEdits[table] = nil
        }
        state.message = .info("undone: \(change.summary)")
    }

    /// Drops every staged change.
    func revertEdits() {
        let count = pendingEditCount
        stagedEdits = [:]
        state.message = .info(count == 0 ? "nothing to revert" : "reverted \(Self.changes(count))")
    }

    /// How many changes are staged, over all tables.
    var pendingEditCount: Int {
        stagedEdits.values.reduce(0) { $0 + $1.count }
    }

    /// `1 change`, `3 changes`.
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }
}
