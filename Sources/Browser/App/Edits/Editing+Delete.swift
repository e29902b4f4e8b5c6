import ORMCore

extension Editing {


    /// Asks to delete the marked rows, or the cursor row when none is marked (or when
    /// `ignoringMarks`, from the record view, which shows one row): `Delete 3 rows? y/n`.
    func askToDelete(in grid: GridModel, table: DynamicTable, ignoringMarks: Bool = false) throws {
        let staged = staging.edits[table.name]
        let targets: [RowRef]
        if !grid.overlay.marks.isEmpty && !ignoringMarks {
            targets = grid.overlay.marks.rows.filter { row in
                if case .stored(let key) = row {
                    return staged?.isDeleted(key) != true
                }
                return true
            }
            guard !targets.isEmpty else {
                host.say(.info("the marked rows are marked for deletion already; u undoes"))
                return
            }
        } else {
            guard let row = try grid.row(at: grid.cursorRow) else {
                host.say(.info("no row to delete"))
                return
            }
            guard let reference = row.reference else {
                host.say(.error("read-only: \(table.name) has no key to find rows by"))
                return
            }
            if case .stored(let key) = reference, staged?.isDeleted(key) == true {
                host.say(.info("the row is marked for deletion already; u undoes"))
                return
            }
            targets = [reference]
        }
        host.openPrompt(.confirmDelete(table: table.name, rows: targets))
    }

    /// Answers `Delete N rows? y/n`: `y` stages the deletions, any other key keeps the rows.
    func answerDelete(_ key: Key, table name: String, rows: [RowRef]) {
        guard key == .character("y") || key == .character("Y") else {
            host.say(.info("nothing deleted"))
            return
        }
        do {
            try deleteRows(rows, in: try knownTable(named: name))
        } catch {
            host.report(error, doing: "delete")
        }
    }

    /// Stages the deletion of `rows` as one change (one undo); new rows are simply dropped.
    ///
    /// SQLite judges every deletion first, all in one trial in the background (a spinner says how
    /// far it has come past a moment; Esc gives up and deletes nothing; keys typed meanwhile wait
    /// for it). One it refuses (a foreign key, a trigger) is not staged and its message is shown;
    /// the others are. While another connection holds the lock they are staged unchecked, and
    /// checked once it is free. The marks are cleared once the rows are staged.
    private func deleteRows(_ rows: [RowRef], in table: DynamicTable) throws {
        let staged = staging.edits[table.name]
        var discards: [StagedEdit] = []
        var keys: [RowKey] = []
        var known: [RowKey: [String: SQLValue]] = [:]
        for row in rows {
            switch row {
            case .new(let number):
                if staged?.newRow(number) != nil {
                    discards.append(.discard(number: number))
                }
            case .stored(let key):
                guard staged?.isDeleted(key) != true else {
                    continue
                }
                keys.append(key)
                known[key] = staged?.original(of: key)
            }
        }
        guard !keys.isEmpty else {
            try stageDeletion(DeletionCheck(), discards: discards, in: table)
            return
        }
        let company = stagedCompany(for: table)
        let progress = ProgressCounter()
        let interruption = Interruption()
        let background = BackgroundResult { [keys, known] in
            try interruption.run {
                try DeletionCheck.run(keys: keys, known: known, in: table, after: company, progress: progress)
            }
        }
        let total = ListWidget.formatCount(keys.count)
        host.run(PendingWork(label: "checking the deletion of \(total) row\(keys.count == 1 ? "" : "s")",
                        isReady: { background.result != nil },
                        complete: { [unowned self] in
            do {
                if let result = background.result {
                    try stageDeletion(try result.get(), discards: discards, in: table)
                }
            } catch {
                host.report(error, doing: "delete")
            }
        }, cancel: interruption.interrupt, progress: {
            progress.value == 0 ? "reading the rows" : "\(ListWidget.formatCount(progress.value)) of \(total) tried"
        }))
    }

    /// Stages what `check` found SQLite takes, with the `discards` of new rows, as one change.
    private func stageDeletion(_ check: DeletionCheck, discards: [StagedEdit], in table: DynamicTable) throws {
        var changes = discards
        for key in check.keys where check.refusals[key] == nil {
            changes.append(.delete(key: key, original: check.originals[key] ?? [:]))
        }
        host.tables.grids[table.name]?.overlay.marks.clear()
        if !changes.isEmpty {
            let change = changes.count == 1 ? changes[0] : StagedEdit.batch(changes)
            staging.stage(change, in: table.name)
            if check.isUnchecked {
                staging.unchecked.append(UncheckedChange(table: table.name, change: change))
            }
        }
        if let grid = host.tables.grids[table.name] {
            grid.cursorRow = try grid.clampedRow(grid.cursorRow)
        }
        let deleted = Self.rows(changes.count)
        guard !check.isUnchecked else {
            host.say(.info("staged unchecked (the database is locked by another connection): deletion of \(deleted)"
                      + " · checked once the lock is free; w commits"))
            return
        }
        var notes: [String] = []
        if let refusal = check.keys.lazy.compactMap({ check.refusals[$0] }).first {
            notes.append("\(Self.rows(check.refusals.count)) refused: \(refusal)")
        }
        if check.gone > 0 {
            notes.append("\(Self.rows(check.gone)) gone meanwhile")
        }
        let staging = changes.isEmpty ? "nothing deleted" : "staged: deletion of \(deleted)"
        let text = ([staging] + notes).joined(separator: "; ") + (changes.isEmpty ? "" : " · w commits, u undoes")
        host.say(notes.isEmpty ? .info(text) : .error(text))
    }
}
