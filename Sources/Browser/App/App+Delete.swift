import ORMCore

extension App {
    /// Marks the cursor row, or unmarks it, and moves down (so `mmm` marks three rows).
    func toggleMark(in grid: GridModel) throws {
        guard let row = try grid.row(at: grid.cursorRow)?.reference else {
            state.message = .info("no row to mark")
            return
        }
        grid.overlay.marks.toggle(row)
        try grid.moveCursor(byRows: 1)
        let count = grid.overlay.marks.count
        state.message = .info(count == 0 ? "no rows marked" : "\(Self.rows(count)) marked · dd deletes them, M clears the marks")
    }

    /// Unmarks every row of the grid.
    func clearMarks(in grid: GridModel) {
        let count = grid.overlay.marks.count
        grid.overlay.marks.clear()
        state.message = .info(count == 0 ? "no rows marked" : "marks cleared")
    }

    /// Asks to delete the marked rows, or the cursor row when none is marked (or when
    /// `ignoringMarks`, from the record view, which shows one row): `Delete 3 rows? y/n`.
    func askToDelete(in grid: GridModel, table: DynamicTable, ignoringMarks: Bool = false) throws {
        let staged = stagedEdits[table.name]
        let targets: [RowRef]
        if !grid.overlay.marks.isEmpty && !ignoringMarks {
            targets = grid.overlay.marks.rows.filter { row in
                if case .stored(let key) = row {
                    return staged?.isDeleted(key) != true
                }
                return true
            }
            guard !targets.isEmpty else {
                state.message = .info("the marked rows are marked for deletion already; u undoes")
                return
            }
        } else {
            guard let row = try grid.row(at: grid.cursorRow) else {
                state.message = .info("no row to delete")
                return
            }
            guard let reference = row.reference else {
                state.message = .error("read-only: \(table.name) has no key to find rows by")
                return
            }
            if case .stored(let key) = reference, staged?.isDeleted(key) == true {
                state.message = .info("the row is marked for deletion already; u undoes")
                return
            }
            targets = [reference]
        }
        openPrompt(.confirmDelete(table: table.name, rows: targets))
    }

    /// Answers `Delete N rows? y/n`: `y` stages the deletions, any other key keeps the rows.
    func answerDelete(_ key: Key, table name: String, rows: [RowRef]) {
        guard key == .character("y") || key == .character("Y") else {
            state.message = .info("nothing deleted")
            return
        }
        do {
            try deleteRows(rows, in: try database.table(name))
        } catch {
            report(error, doing: "delete")
        }
    }

    /// Stages the deletion of `rows` as one change (one undo); new rows are simply dropped.
    ///
    /// Each deletion is checked by SQLite first: one it refuses (a foreign key, a trigger) is not
    /// staged and its message is shown; the others are. The marks are cleared.
    private func deleteRows(_ rows: [RowRef], in table: DynamicTable) throws {
        let staged = stagedEdits[table.name]
        let company = stagedCompany(for: table)
        let selfLinked = Self.areLinked(table.info, table.info)
        var accepted: [RowEdit] = []
        var changes: [StagedEdit] = []
        var refusals: [String] = []
        var unchecked = 0
        var gone = 0
        for row in rows {
            switch row {
            case .new(let number):
                if staged?.newRow(number) != nil {
                    changes.append(.discard(number: number))
                }
            case .stored(let key):
                guard staged?.isDeleted(key) != true else {
                    continue
                }
                guard let original = try originalValues(of: key, in: table) else {
                    gone += 1
                    continue
                }
                // In a table naming itself, checked after the deletions of this batch already taken
                // (a parent row after its children).
                let deletion = RowEdit.delete(key: key.values, original: original)
                do {
                    try table.check(deletion, after: company + (selfLinked ? [StagedTableEdits(table: table, edits: accepted)] : []))
                } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
                    unchecked += 1
                } catch {
                    refusals.append(UserMessage.describe(error))
                    continue
                }
                accepted.append(deletion)
                changes.append(.delete(key: key, original: original))
            }
        }
        tableGrids[table.name]?.overlay.marks.clear()
        if !changes.isEmpty {
            let change = changes.count == 1 ? changes[0] : StagedEdit.batch(changes)
            stagedEdits[table.name, default: StagedEdits()].stage(change)
        }
        if let grid = tableGrids[table.name] {
            grid.cursorRow = try grid.clampedRow(grid.cursorRow)
        }
        var notes: [String] = []
        if !refusals.isEmpty {
            notes.append("\(Self.rows(refusals.count)) refused: \(refusals[0])")
        }
        if gone > 0 {
            notes.append("\(Self.rows(gone)) gone meanwhile")
        }
        if unchecked > 0 {
            notes.append("unchecked (the database is locked by another connection): w checks them")
        }
        let staging = changes.isEmpty ? "nothing deleted" : "staged: deletion of \(Self.rows(changes.count))"
        let text = ([staging] + notes).joined(separator: "; ") + (changes.isEmpty ? "" : " · w commits, u undoes")
        state.message = refusals.isEmpty && gone == 0 && unchecked == 0 ? .info(text) : .error(text)
    }
}
