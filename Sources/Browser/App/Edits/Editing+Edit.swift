import ORMCore

extension Editing {



    /// The values the row with `key` was first read with: when its first change was staged, or
    /// now. Nil, with a message, when the row is gone.
    ///
    /// Reading never waits for a lock: while another connection locks the file against readers (a
    /// rollback journal being committed, `BEGIN EXCLUSIVE`), the values `shown` in the grid's
    /// `columns` stand in (a value shown cut short, long text or a BLOB, is left out: it is not
    /// compared at commit, and its cell cannot be edited until the file can be read).
    func originalValues(of key: RowKey, in table: DynamicTable, shown: SourceRow? = nil,
                        columns: [GridColumn] = []) throws -> [String: SQLValue]? {
        if let original = staging.edits[table.name]?.original(of: key) {
            return original
        }
        do {
            guard let row = try table.storedRows(keys: [key.values], waitingForLock: false).first ?? nil else {
                host.say(.error("the row is gone; r to reload"))
                return nil
            }
            return row
        } catch let error as any DatabaseError where error.isBusy {
            var values: [String: SQLValue] = [:]
            if let shown {
                for (column, value) in zip(columns, shown.values) {
                    values[column.name] = value.sqlValue
                }
            }
            for (column, value) in zip(table.entity.keyColumns, key.values) {
                values[column] = value
            }
            return values
        }
    }

    /// The table `name` as its open grid knows it, without reading the schema again (which could
    /// wait for another connection's lock); read now when no grid shows it.
    func knownTable(named name: String) throws -> DynamicTable {
        if let source = host.tables.grids[name]?.source.keyedTable {
            return source.table
        }
        return try host.database.table(name)
    }


    /// Opens the cell editor on `target`, prefilled with its value; `note` says why in its label.
    func openCellEditor(on target: EditTarget, note: String? = nil) {
        host.editedCell = target
        host.openPrompt(.editCell(column: target.column, note: note), text: editText(for: target))
    }

    /// The names of `table`'s PostgreSQL `boolean` columns (none on SQLite), for the words the
    /// status bar writes their values in.
    func booleanColumns(of table: DynamicTable) -> Set<String> {
        guard host.database.dialect.kind == .postgres else {
            return []
        }
        return Set(table.info.columns.filter { PostgresBoolean.isBoolean($0.declaredType) }.map(\.name))
    }

    /// The text the cell editor starts from for `target` (``CellValueParser/editText(for:declaredType:on:)``).
    func editText(for target: EditTarget) -> String {
        CellValueParser.editText(for: target.current, declaredType: target.declaredType, on: host.database.dialect.kind)
    }

    /// Takes the text typed in the cell editor: parses it, checks it and stages it.
    func submitCellEdit(_ text: String) {
        guard let target = host.editedCell else {
            return
        }
        host.editedCell = nil
        stageText(text, for: target)
    }

    /// Parses `text` by the target column's type and stages it, unless it is the value already shown
    /// or the editor's text left as it was (Enter on a NULL cell keeps NULL, not empty text).
    func stageText(_ text: String, for target: EditTarget) {
        guard text != editText(for: target) else {
            host.say(.info("unchanged"))
            return
        }
        do {
            let value = try CellValueParser.parse(text, declaredType: target.declaredType, on: host.database.dialect.kind)
            guard value != target.current else {
                host.say(.info("unchanged"))
                return
            }
            stageCell(value, target: target, in: try knownTable(named: target.table))
        } catch {
            host.report(error)
        }
    }

    /// Checks a new cell value with SQLite and stages it when SQLite takes it.
    ///
    /// A cell of a new row changes the staged insert: SQLite tries the row with the new value. A
    /// row it took is kept from an edit it would refuse; a row it refused already takes the
    /// edit either way, so a row needing two changes (a duplicate's key) can be fixed step by step.
    func stageCell(_ value: SQLValue, target: EditTarget, in table: DynamicTable) {
        let column = target.column
        switch target.row {
        case .stored(let key, let original):
            do {
                try stage(.cell(key: key, column: column, value: value, original: original),
                          checking: .update(key: key.values, original: original, changes: [column: value]), in: table)
            } catch {
                host.report(error)
            }
        case .new(let number):
            guard let row = staging.edits[table.name]?.newRow(number) else {
                host.say(.error("new row \(number) is gone"))
                return
            }
            var changed = row
            changed.values[column] = value
            changed = changed.checked(in: table, after: stagedCompany(for: table, withoutNewRows: true))
            if row.refusal == nil, let refusal = changed.refusal {
                host.say(.error(refusal))
                return
            }
            let change = StagedEdit.newCell(column: column, value: value, row: changed)
            staging.stage(change, in: table.name)
            if let refusal = changed.refusal {
                host.say(.error("staged: \(change.summary(booleans: booleanColumns(of: table))) in new row \(number); the database still refuses the row: \(refusal)"))
            } else {
                host.say(.info("staged: \(change.summary(booleans: booleanColumns(of: table))) in new row \(number) · w commits, u undoes"))
            }
        }
    }

    /// Stages `change` once SQLite accepts `edit` (tried after the changes staged before it, in a
    /// trial that writes nothing). The trial never waits for a lock: while another connection holds
    /// the write lock the change is staged unchecked, and checked once the lock is free (see
    /// ``checkUncheckedChanges()``); the commit checks it too.
    private func stage(_ change: StagedEdit, checking edit: RowEdit, in table: DynamicTable) throws {
        do {
            try table.check(edit, after: stagedCompany(for: table), waitingForLock: false)
        } catch let error as any DatabaseError where error.isBusy {
            staging.stage(change, in: table.name)
            staging.unchecked.append(UncheckedChange(table: table.name, change: change))
            host.say(.info("staged unchecked (the database is locked by another connection): \(change.summary(booleans: booleanColumns(of: table)))"
                      + " · checked once the lock is free; w commits"))
            return
        }
        staging.stage(change, in: table.name)
        host.say(.info("staged: \(change.summary(booleans: booleanColumns(of: table))) · w commits, u undoes"))
    }

    /// The changes staged in the tables linked to `table` by a foreign key (either way), in the
    /// order a commit writes them: the company an edit of `table` is checked in, so that it may
    /// rely on them (a row naming a parent row staged before it, a parent deleted after its
    /// children). Other tables' changes cannot change the database's verdict on it, and are left out
    /// so that staging stays quick however many changes are staged.
    ///
    /// `table`'s own changes are in it only when the table references itself. With
    /// `withoutNewRows` (the check of a new row of `table`), its new rows are not: each of their
    /// trials sees the same next key, which the grid counts on from row to row (see
    /// ``StagedOverlay/value(of:column:among:)``). A new row naming another new row of its own
    /// table is checked when the commit writes both.
    ///
    /// `leavingOut` is a staged change checked again (see ``checkUncheckedChanges()``): it is not
    /// its own company.
    func stagedCompany(for table: DynamicTable, withoutNewRows: Bool = false,
                       leavingOut change: StagedEdit? = nil) -> [StagedTableEdits] {
        var staged = staging.edits
        if let change {
            staged[table.name]?.replace(change, with: nil)
        }
        let linked = Set(staged.keys.filter { name in
            (try? knownTable(named: name)).map { Self.areLinked(table.info, $0.info) } ?? false
        })
        return StagingState.commitRuns(of: staged, tables: linked, withoutNewRowsOf: withoutNewRows ? table.name : nil)
            .compactMap { run in
                (try? knownTable(named: run.table)).map { StagedTableEdits(table: $0, edits: run.edits) }
            }
    }

    /// Whether a foreign key of one of the tables names the other (a table naming itself is linked
    /// to itself).
    static func areLinked(_ first: TableInfo, _ second: TableInfo) -> Bool {
        func names(_ from: TableInfo, _ to: TableInfo) -> Bool {
            from.foreignKeys.contains { $0.table.equalsIgnoringCase(to.name) }
        }
        return names(first, second) || names(second, first)
    }

    /// Takes back the last staged change of `table`.
    func undoEdit(in table: String) {
        guard let change = staging.edits[table]?.undo() else {
            host.say(.info("nothing to undo in \(table)"))
            return
        }
        if staging.edits[table]?.isEmpty == true {
            staging.edits[table] = nil
        }
        if let grid = host.tables.grids[table] {
            grid.cursorRow = (try? grid.clampedRow(grid.cursorRow)) ?? grid.cursorRow
        }
        host.say(.info("undone: \(change.summary)"))
    }

    /// `U`: asks whether to drop every staged change (`y` does).
    func askToRevert() {
        let count = pendingEditCount
        guard count > 0 else {
            host.say(.info("nothing to revert"))
            return
        }
        host.openPrompt(.confirmRevert(count: count))
    }

    /// Answers the revert question: `y` drops every staged change, any other key keeps them.
    func answerRevert(_ key: Key) {
        guard key == .character("y") || key == .character("Y") else {
            host.say(.info("nothing reverted: \(Self.changes(pendingEditCount)) still pending"))
            return
        }
        revertEdits()
        closePendingScreen()
    }

    /// Drops every staged change.
    private func revertEdits() {
        let count = pendingEditCount
        staging.edits = [:]
        for grid in host.tables.grids.values {
            grid.cursorRow = (try? grid.clampedRow(grid.cursorRow)) ?? grid.cursorRow
        }
        host.say(.info(count == 0 ? "nothing to revert" : "reverted \(Self.changes(count))"))
    }

    /// How many changes are staged, over all tables.
    var pendingEditCount: Int {
        staging.pendingCount
    }

    /// `1 change`, `3 changes`.
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }

    /// `1 row`, `3 rows`.
    static func rows(_ count: Int) -> String {
        count == 1 ? "1 row" : "\(count) rows"
    }
}
