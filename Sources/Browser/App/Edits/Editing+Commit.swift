import ORMCore

extension Editing {
    /// `w`, `U` and `p`, on any screen and with or without a table open: the staged changes belong
    /// to no one view (their table may even be gone).
    func performOnStagedChanges(_ command: Command) -> Outcome {
        switch command {
        case .commitEdits:
            if commitEdits(policy: .cancel) {
                closePendingScreen()
            }
        case .revertEdits:
            askToRevert()
        default:
            if host.state.top.isPage(.pending) {
                host.state.screens.removeLast()  // p again closes it
                return .redraw
            }
            showPending()
        }
        return .redraw
    }

    /// Closes the pending changes screen when it is on top (its changes were written or dropped).
    func closePendingScreen() {
        if host.state.top.isPage(.pending) {
            host.state.screens.removeLast()
        }
    }

    /// Writes the staged changes of every table in one transaction, all or nothing, and reloads
    /// what they touched. Returns whether everything was written. Rows are written in the order
    /// they were first changed, every table's (see ``StagingState/commitRuns(of:tables:withoutNewRowsOf:)``).
    ///
    /// Nothing is written while a new row is refused by SQLite as it is (the cursor goes to it).
    /// Rows changed meanwhile open the conflicts screen and ask what to do; a locked database
    /// keeps the changes for a retry. `thenQuit` is passed on to the conflicts' question, so the
    /// commit its answer makes quits (or closes the database).
    func commitEdits(policy: ConflictPolicy, thenQuit: QuitQuestion? = nil) -> Bool {
        guard pendingEditCount > 0 else {
            host.say(.info("nothing to commit"))
            return true
        }
        // The staged edits would join the transaction typed at the prompt, and its COMMIT or
        // ROLLBACK decide them: they wait until it ends.
        // The statement whose rows still arrive holds the writer: the commit would freeze the
        // screen until its last row.
        guard host.pending.fillingStatement == nil else {
            host.say(.error("nothing written: a statement's rows are still arriving; wait for the last, or Esc stops it"))
            return false
        }
        guard !host.sessionTransactionOpen else {
            host.say(.error("nothing written: a transaction typed at the SQL prompt is open; end it with COMMIT or ROLLBACK (e), then w"))
            return false
        }
        // A refusal may be stale (a row refused while the database was locked, or before the row
        // it names was staged): the new rows are tried again first.
        recheckNewRows()
        let names = staging.edits.keys.sorted()
        for name in names {
            if let row = staging.edits[name]?.refusedNewRows.first, let refusal = row.refusal {
                showNewRow(row.number, of: name)
                host.say(.error("nothing written: new row \(row.number) of \(name): \(refusal) · fix it or dd it"))
                return false
            }
        }
        for name in names {
            do {
                _ = try host.database.table(name)
            } catch ORMError.unknownName(_) {
                host.say(.error("nothing written: table \(Sanitizer.sanitize(name)) no longer exists; U reverts"))
                return false
            } catch {
                break  // the commit reports it
            }
        }
        var current = names.first ?? ""
        let pending = pendingEditCount
        var applied = AppliedEdits()
        // The rowids of each table's inserted rows, in the order of its new rows: where a cursor
        // on a new row goes once it is written.
        var insertedRowIDs: [String: [Int64]] = [:]
        // Every table's conflicts, shown together (by table name).
        var conflicts: [(table: String, conflicts: [EditConflict])] = []
        func note(_ found: [EditConflict], in name: String) {
            guard !found.isEmpty else { return }
            if let index = conflicts.firstIndex(where: { $0.table == name }) {
                conflicts[index].conflicts += found
            } else {
                conflicts.append((name, found))
            }
        }
        do {
            try host.database.transaction { _ in
                // Foreign keys SQLite (and PostgreSQL's DEFERRABLE ones) check as the transaction
                // commits; the rows are written in the order they were first changed, every
                // table's, the order each edit was checked in, so a key checked at each statement
                // (PostgreSQL's default) holds as the check found it.
                try host.database.deferForeignKeyChecks()
                for run in StagingState.commitRuns(of: staging.edits) {
                    current = run.table
                    let table = try host.database.table(run.table)
                    guard conflicts.isEmpty else {
                        // Nothing is written: the rest is only read for its conflicts.
                        note(try run.edits.compactMap { try table.conflict(for: $0) }, in: run.table)
                        continue
                    }
                    do {
                        let done = try table.apply(run.edits, policy: policy)
                        insertedRowIDs[run.table, default: []] += done.inserted
                        applied.written += done.written
                        applied.skipped += done.skipped
                    } catch let error as EditConflictError {
                        note(error.conflicts, in: run.table)
                    }
                }
                if !conflicts.isEmpty {
                    throw CommitConflicts()
                }
            }
        } catch is CommitConflicts {
            showConflicts(conflicts.sorted { $0.table < $1.table }, thenQuit: thenQuit)
            return false
        } catch let error as any DatabaseError where error.isBusy {
            host.say(.error("\(current) is locked by another connection: \(Self.changes(pending)) kept; w to retry"))
            return false
        } catch let error as any DatabaseError where error.isRetryable {
            // Nothing was written (a session lost before COMMIT, a lost COMMIT the server says did
            // not commit, a serialization failure): the edits stay staged for w.
            host.say(.error("not committed: \(Self.changes(pending)) kept; w commits again (\(UserMessage.describe(error)))"))
            return false
        } catch ORMError.unknownName(let name) {
            host.say(.error("nothing written: \(Sanitizer.sanitize(name)) no longer exists · p shows the edits, u undoes"))
            return false
        } catch {
            host.report(error, doing: "commit \(current)")
            return false
        }
        let newRowKeys = Dictionary(uniqueKeysWithValues: names.map { name in
            (name, committedKeys(ofNewRowsIn: name, rowIDs: insertedRowIDs[name] ?? []))
        })
        let cursorsOnNewRows = names.compactMap { name -> (grid: GridModel, number: Int)? in
            guard let grid = host.tables.grids[name], case .new(let row)? = try? grid.row(at: grid.cursorRow) else {
                return nil
            }
            return (grid, row.number)
        }
        staging.edits = [:]
        for name in names {
            try? host.tableBrowser.tableGrid(named: name)?.reload()
        }
        // A cursor on a new row stays on it, now a row of the table.
        for (grid, number) in cursorsOnNewRows {
            if let key = newRowKeys[grid.source.title]?[number], let position = try? grid.source.index(ofKey: key) {
                grid.cursorRow = position
            }
        }
        try? host.tableBrowser.refreshCatalog()
        let summary = Self.commitSummary(applied, staged: pending)
        host.say(.info(host.database.lastCommitWasConfirmedAfterLoss
            ? summary + " before the connection was lost (the server that takes writes now confirms it, once)" : summary))
        return true
    }

    /// Rows changed meanwhile were found: the commit's transaction is rolled back.
    private struct CommitConflicts: Error {}

    /// The keys the new rows staged in table `name` have once written, by new row number: the
    /// rowid SQLite gave each (`rowIDs`, in the order of the new rows; on PostgreSQL the integer
    /// key the insert returned), or for a `WITHOUT ROWID` table the key columns' values as given
    /// or as SQLite's trial filled them in.
    private func committedKeys(ofNewRowsIn name: String, rowIDs: [Int64]) -> [Int: RowKey] {
        guard let edits = staging.edits[name], let table = try? host.database.table(name) else {
            return [:]
        }
        var keys: [Int: RowKey] = [:]
        for (index, row) in edits.newRows.enumerated() {
            // PostgreSQL's integer keys come back from the insert (RETURNING) as SQLite's rowids do.
            if table.info.hasRowID || (host.database.dialect.kind == .postgres && table.generatedKeyColumn != nil) {
                if rowIDs.indices.contains(index) {
                    keys[row.number] = RowKey(values: [.integer(rowIDs[index])])
                }
            } else {
                keys[row.number] = RowKey(values: table.entity.keyColumns.map { row.value(of: $0) ?? .null })
            }
        }
        return keys
    }

    /// `committed 5 changes` (the staged changes, as counted while pending); when a conflict
    /// policy left rows out, the rows written and those left out: `committed 1 row; not written:
    /// 2 rows changed meanwhile (theirs kept)`.
    static func commitSummary(_ applied: AppliedEdits, staged: Int) -> String {
        guard !applied.skipped.isEmpty else {
            return "committed \(changes(staged))"
        }
        let deleted = applied.skipped.filter { $0.current == nil }.count
        let kept = applied.skipped.count - deleted
        var skipped: [String] = []
        if kept > 0 {
            skipped.append("\(rows(kept)) changed meanwhile (theirs kept)")
        }
        if deleted > 0 {
            skipped.append("\(rows(deleted)) deleted meanwhile")
        }
        let written = applied.written == 0 ? "nothing committed" : "committed \(rows(applied.written))"
        return written + "; not written: " + skipped.joined(separator: ", ")
    }

    /// Shows new row `number` of table `name`: selects the table when the main screen shows
    /// another, and puts the cursor on the row.
    private func showNewRow(_ number: Int, of name: String) {
        guard let grid = host.tableBrowser.tableGrid(named: name), let position = try? grid.position(ofNewRow: number) else {
            return
        }
        if host.state.isMainOnTop, host.selectedTableName != name,
           let index = host.catalog.names.firstIndex(where: { $0.name == name }) {
            host.tableBrowser.selectTable(index)
            host.state.main.focus = .grid
        }
        grid.cursorRow = position
    }

    /// Shows the rows that changed since they were read, every table's, and asks what to do with
    /// them (`thenQuit`: the commit the answer makes quits).
    private func showConflicts(_ conflicts: [(table: String, conflicts: [EditConflict])], thenQuit: QuitQuestion?) {
        let count = conflicts.reduce(0) { $0 + $1.conflicts.count }
        let names = conflicts.map { Sanitizer.sanitize($0.table) }.joined(separator: ", ")
        var lines = ["\(Self.rows(count)) changed since you read \(count == 1 ? "it" : "them") in \(names); nothing was written.", ""]
        for (name, found) in conflicts {
            let table = try? host.database.table(name)
            if conflicts.count > 1 {
                lines.append("-- \(Sanitizer.sanitize(name))")
            }
            for conflict in found {
                lines.append("yours: \(SQLPreview.statement(for: conflict.edit, in: table))")
                if let current = conflict.current {
                    let order = table?.info.columns.map(\.name) ?? current.keys.sorted()
                    let values = order.filter { current[$0] != nil }
                        .map { "\(Sanitizer.sanitize($0)) = \((current[$0] ?? .null).sqlLiteral)" }
                    lines.append("now:   \(values.joined(separator: ", "))")
                } else {
                    lines.append("now:   the row was deleted")
                }
                lines.append("")
            }
        }
        lines.append("t: keep theirs (skip these edits)   o: overwrite   c or Esc: cancel (keep the edits staged)   j k PgDn: scroll")
        host.state.screens.append(TextPageController(title: "Conflicts in \(names)", lines: lines, mode: .conflicts))
        host.openPrompt(.resolveConflicts(thenQuit: thenQuit))
    }

    /// The table `name` to write the statements of its staged changes with, as the schema has it
    /// now; when the schema cannot be read (the server is away), as its open grid last read it,
    /// so `p` still shows the SQL. Nil with the reason when neither is there (nil alone when the
    /// table no longer exists).
    private func tableForPreview(_ name: String) -> (table: DynamicTable?, unreadable: String?) {
        do {
            return (try host.database.table(name), nil)
        } catch ORMError.unknownName(_) {
            return (nil, nil)
        } catch {
            if let known = host.tables.grids[name]?.source.keyedTable?.table {
                return (known, nil)
            }
            return (nil, UserMessage.describe(error))
        }
    }

    /// Shows the staged changes as the SQL a commit would run, in its order, arguments written as
    /// literals.
    func showPending() {
        var lines: [String] = []
        // In the order a commit writes them: a table's rows in runs between other tables' rows
        // staged meanwhile, each run under its table's name; its notes after its last run.
        let runs = StagingState.commitRuns(of: staging.edits)
        for (index, run) in runs.enumerated() {
            guard let edits = staging.edits[run.table] else {
                continue
            }
            let name = run.table
            let (table, unreadable) = tableForPreview(name)
            lines.append("-- \(Sanitizer.sanitize(name)): \(Self.changes(run.edits.count))")
            for edit in run.edits {
                let statement = table == nil && unreadable != nil
                    ? "-- cannot be written now (\(unreadable ?? "")): " + SQLPreview.words(edit)
                    : SQLPreview.statement(for: edit, in: table)
                lines.append(statement.hasPrefix("--") ? statement : statement + ";")
                if let key = edit.key, edits.gone.contains(RowKey(values: key)) {
                    lines.append("-- its row was deleted meanwhile: w lists it as a conflict")
                }
            }
            guard !runs[(index + 1)...].contains(where: { $0.table == name }) else {
                lines.append("")
                continue
            }
            for row in edits.refusedNewRows {
                lines.append("-- new row \(row.number) is refused as it is, nothing is written until it is fixed: "
                             + (row.refusal ?? ""))
            }
            let unchecked = staging.unchecked.filter { $0.table == name && edits.contains($0.change) }
                .reduce(0) { $0 + $1.change.parts.count } + edits.newRows.filter(\.isUnchecked).count
            if unchecked > 0 {
                lines.append("-- \(Self.changes(unchecked)) not checked yet (another connection held the write lock):"
                             + " checked once it is free, and by the commit")
            }
            lines.append("")
        }
        if lines.isEmpty {
            lines = ["No pending changes."]
        }
        let copy = pendingEditCount > 0 ? (text: lines.joined(separator: "\n"), what: "the pending changes as SQL") : nil
        host.state.screens.append(TextPageController(title: "Pending changes (\(Self.changes(pendingEditCount)))",
                                                            lines: lines, mode: .pending, copy: copy))
    }
}
