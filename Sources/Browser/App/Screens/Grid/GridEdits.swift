import ORMCore

/// Editing a table's rows from its grid: a cell (`Enter`, `E`, `^N` for NULL), marks (`m`, `M`),
/// new rows (`o`, `O`), deletions (`dd`), undo (`u`). What is staged, checked and committed is the
/// app's editing (``Editing/staging``), shared by every grid of the table. Made for each command
/// (``GridCommands/edits``, and the record view's edits of its row); it reaches the app's services
/// through ``app``.
///
/// ```swift
/// try GridEdits(app: app, grid: grid, isTable: true).performEdit(.toggleMark)
/// ```
struct GridEdits {
    /// The app: its services, which the grid's commands share with every screen.
    unowned let app: App
    /// The grid whose rows are edited.
    let grid: GridModel
    /// Whether the grid shows a table (or a view), rather than query results that cannot be edited.
    let isTable: Bool

    /// Runs an editing command on the grid: only a table's grid can be edited. From the record view
    /// (`oneRow`), `dd` deletes the row shown, not the marked rows. The outcome asks for the
    /// user's editor when `E` opens it.
    func performEdit(_ command: Command, oneRow: Bool = false) throws -> Outcome {
        switch command {
        case .undoEdit:
            app.editing.undoEdit(in: grid.source.title)
            return .redraw
        case .clearMarks:
            clearMarks()
            return .redraw
        default:
            break
        }
        guard let table = try writableTable() else {
            return .redraw
        }
        switch command {
        case .insertRow:
            try app.editing.insertRow(into: table, grid: grid)
        case .duplicateRow:
            try app.editing.duplicateRow(of: grid, in: table)
        case .toggleMark:
            try toggleMark()
        case .deleteRow:
            try app.editing.askToDelete(in: grid, table: table, ignoringMarks: oneRow)
        case .editCell, .setNull, .editInEditor:
            guard let row = try editableRow(in: table), let target = editTarget(row, table: table) else {
                return .redraw
            }
            switch command {
            case .editCell: app.editing.openCellEditor(on: target)
            case .setNull: app.editing.stageCell(.null, target: target, in: table)
            default: return app.editing.openExternalEditor(on: target)
            }
        default:
            break
        }
        return .redraw
    }

    /// The table the grid shows, when its rows may be changed; else nil, with the reason in the
    /// status bar (query results, a view, a table without a usable key, a read-only database).
    func writableTable() throws -> DynamicTable? {
        guard isTable else {
            app.say(.error("read-only: query results cannot be edited; open a table"))
            return nil
        }
        if let refusal = app.readOnlyReason ?? WriteAccess.refusal(for: app.database) {
            app.say(.error("read-only: \(refusal)"))
            return nil
        }
        if let refusal = grid.source.keyedTable?.joinRefusal {
            app.say(.error("read-only: \(Sanitizer.sanitize(refusal))"))
            return nil
        }
        let table = try app.editing.knownTable(named: grid.source.title)
        guard table.isWritable else {
            let reason = table.info.kind == .view ? "\(table.name) is a view" : "\(table.name) has no key to find rows by"
            app.say(.error("read-only: \(reason)"))
            return nil
        }
        return table
    }

    /// The grid's cursor row as an edit finds it, or nil (with the reason in the status bar) when
    /// it cannot be edited.
    private func editableRow(in table: DynamicTable) throws -> EditableRow? {
        switch try grid.row(at: grid.cursorRow) {
        case nil:
            app.say(.info("no row to edit"))
            return nil
        case .new(let row):
            return .new(number: row.number)
        case .stored(let row):
            guard let key = row.key else {
                app.say(.error("read-only: \(table.name) has no key to find rows by"))
                return nil
            }
            if app.editing.staging.edits[table.name]?.isDeleted(key) == true {
                app.say(.error("the row is marked for deletion; u to undo that"))
                return nil
            }
            guard let original = try app.editing.originalValues(of: key, in: table, shown: row, columns: grid.source.columns) else {
                return nil
            }
            return .stored(key: key, original: original)
        }
    }

    /// The cursor cell of `row` as an edit target, with the value shown there now.
    private func editTarget(_ row: EditableRow, table: DynamicTable) -> EditTarget? {
        let columns = grid.source.columns
        guard columns.indices.contains(grid.cursorColumn) else {
            return nil
        }
        let column = columns[grid.cursorColumn].name
        if columns[grid.cursorColumn].isComputed {
            app.say(.error("computed column: not editable"))
            return nil
        }
        if let other = columns[grid.cursorColumn].joinedFrom {
            app.say(.error("\(Sanitizer.sanitize(column)) is \(Sanitizer.sanitize(other))'s, joined: not editable (edit it in \(Sanitizer.sanitize(other)))"))
            return nil
        }
        if let info = table.info.column(named: column), info.generated != .no {
            app.say(.error("read-only: \(column) is a generated column (the app.database computes it)"))
            return nil
        }
        let current: SQLValue
        switch row {
        case .stored(let key, let original):
            // Missing only when the grid shows the value cut short and the file could not be read.
            guard let value = app.editing.staging.edits[table.name]?.value(key: key, column: column) ?? original[column] else {
                app.say(.error("\(column) is shown cut short and another connection locks the file: its whole"
                           + " value cannot be read now; try again once the lock is free"))
                return nil
            }
            current = value
        case .new(let number):
            let newRows = grid.overlay.edits.newRows
            current = newRows.first { $0.number == number }
                .map { grid.overlay.value(of: $0, column: column, among: newRows) } ?? .null
        }
        let declaredType = table.info.column(named: column)?.declaredType ?? ""
        return EditTarget(table: table.name, row: row, column: column, declaredType: declaredType, current: current)
    }

    /// Marks the cursor row, or unmarks it, and moves down (so `mmm` marks three rows).
    func toggleMark() throws {
        guard let row = try grid.row(at: grid.cursorRow)?.reference else {
            app.say(.info("no row to mark"))
            return
        }
        grid.overlay.marks.toggle(row)
        try grid.moveCursor(byRows: 1)
        let count = grid.overlay.marks.count
        app.say(.info(count == 0 ? "no rows marked" : "\(Editing.rows(count)) marked · dd deletes them, M clears the marks"))
    }

    /// Unmarks every row of the grid.
    func clearMarks() {
        let count = grid.overlay.marks.count
        grid.overlay.marks.clear()
        app.say(.info(count == 0 ? "no rows marked" : "marks cleared"))
    }
}
