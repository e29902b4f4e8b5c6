import FoundationEssentials
import ORMCore

extension App {
    /// Runs a command on a grid; `isTable` tells a table's grid from query results. The outcome
    /// always redraws, with a copy or an edit in the user's editor when the command asks for one.
    func performOnGrid(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
        var outcome = Outcome.redraw
        do {
            switch command {
            case .up: try grid.moveCursor(byRows: -1)
            case .down: try move(grid, toRow: grid.cursorRow + 1)
            case .left: grid.moveCursor(toColumn: grid.cursorColumn - 1)
            case .right: grid.moveCursor(toColumn: grid.cursorColumn + 1)
            case .pageUp: try grid.moveCursor(byRows: -grid.visibleRows)
            case .pageDown: try move(grid, toRow: grid.cursorRow + grid.visibleRows)
            case .top: try grid.moveCursor(toRow: 0)
            case .bottom: moveToLastRow(of: grid)
            case .firstColumn: grid.moveCursor(toColumn: 0)
            case .lastColumn: grid.moveCursor(toColumn: grid.source.columns.count - 1)
            case .open: try openRecord(of: grid)
            case .sort: cycleSort(of: grid)
            case .addSort: addToSort(of: grid)
            case .filter:
                guard grid.source.supportsSortAndFilter else {
                    say(.error("these results cannot be filtered"))
                    holdTextAfterRefusal()
                    return outcome
                }
                openPrompt(.filter, text: grid.source.filter ?? "")
            case .search: openPrompt(.search)
            case .searchRegex, .searchColumn, .searchColumnRegex: openSearchPrompt(command, grid: grid)
            case .nextMatch: counted(grid) { try self.findMatch(in: grid, forward: true) }
            case .previousMatch: counted(grid) { try self.findMatch(in: grid, forward: false) }
            case .goToRow: openPrompt(.goToRow)
            case .goToColumn: openPrompt(.goToColumn)
            case .schema: try openSchema(isTable: isTable, grid: grid)
            case .narrow: grid.resizeCursorColumn(by: -1)
            case .widen: grid.resizeCursorColumn(by: 1)
            case .reload: try reload(grid, isTable: isTable)
            case .followReference: try followReference(from: grid, isTable: isTable)
            case .jumpBack: try jumpBack()
            case .frequency: openFrequency(of: grid)
            case .hideColumn: hideColumn(of: grid)
            case .showAllColumns: showAllColumns(of: grid)
            case .summary: openSummary(of: grid)
            case .columnPicture:
                grid.showsPicture.toggle()
                say(.info(grid.showsPicture ? "picture of the cursor column over the rows shown; zp hides it" : "picture hidden"))
            case .yankCell: outcome.merge(try yankCell(of: grid))
            case .yankRow: outcome.merge(try yankRow(of: grid))
            case .yankColumn, .yankView: openCopyPrompt(for: grid, column: command == .yankColumn)
            case .export:
                let stopping = export?.isRunning ?? false
                startExportPrompt(for: grid)
                if !stopping {
                    holdTextAfterRefusal()
                }
            case .editCell, .setNull, .deleteRow, .undoEdit, .insertRow, .duplicateRow, .toggleMark, .clearMarks,
                 .editInEditor:
                outcome.merge(try performEdit(command, grid: grid, isTable: isTable))
                if command == .editCell || command == .editInEditor {
                    holdTextAfterRefusal(unless: outcome)
                }
            default:
                _ = notAKeyHere()
            }
        } catch {
            report(error)
        }
        return outcome
    }

    /// `s`: sorts by the cursor column alone: ascending, then descending, then the natural order.
    /// On a sort by several columns it starts again from this column alone, ascending.
    func cycleSort(of grid: GridModel) {
        let source = grid.source
        guard source.supportsSortAndFilter, !source.columns.isEmpty else {
            say(.error("these results cannot be sorted"))
            return
        }
        let column = grid.cursorColumn
        let next: GridSort?
        switch source.sort {
        case .some(let sort) where sort.keys.count == 1 && sort.column == column && !sort.descending:
            next = GridSort(column: column, descending: true)
        case .some(let sort) where sort.keys.count == 1 && sort.column == column:
            next = nil
        default:
            next = GridSort(column: column, descending: false)
        }
        let name = source.columns[column].name
        let label = next.map { _ in "sorting \(Sanitizer.sanitize(source.title)) by \(Sanitizer.sanitize(name))" } ?? "unsorting"
        // The cursor stays on its row, wherever the new order puts it (as after zs, q and r).
        changeView(of: grid, sort: next, filter: source.filter, label: label, keepingRow: true) { [unowned self] _ in
            say(.info(next.map { "sorted by \(name) \($0.descending ? "descending" : "ascending")" } ?? "sort off"))
        }
    }

    /// `zs`: adds the cursor column to the sort, after the columns sorted already (ascending);
    /// again, it turns descending in its place; a third time takes it out of the sort. The
    /// cursor stays on its row.
    func addToSort(of grid: GridModel) {
        let source = grid.source
        guard source.supportsSortAndFilter, source.columns.indices.contains(grid.cursorColumn) else {
            say(.error("these results cannot be sorted"))
            return
        }
        let next = GridSort.adding(column: grid.cursorColumn, to: source.sort)
        let label = "sorting \(Sanitizer.sanitize(source.title))"
        changeView(of: grid, sort: next, filter: source.filter, label: label, keepingRow: true) { [unowned self] sorted in
            say(.info(sorted.sort.map { "sorted by " + Self.describe($0, columns: sorted.columns) } ?? "sort off"))
        }
    }

    /// `name ▲, total ▼`: the keys of `sort` in order.
    static func describe(_ sort: GridSort, columns: [GridColumn]) -> String {
        sort.keys.filter { columns.indices.contains($0.column) }.map {
            Sanitizer.sanitize(columns[$0.column].name) + " " + ($0.descending ? GridWidget.descending : GridWidget.ascending)
        }.joined(separator: ", ")
    }

    /// Moves the cursor down to `row`, first waiting (with a spinner) for the rows' positions
    /// when the row cannot be read yet.
    func move(_ grid: GridModel, toRow row: Int) throws {
        if grid.source.canRead(row: row) {
            try grid.moveCursor(toRow: row)
        } else {
            counted(grid) { try grid.moveCursor(toRow: row) }
        }
    }

    /// Moves the cursor to the last row. A table still reading its rows' positions also reads its
    /// count and last rows on their own in the background (with a spinner when slow), and the
    /// cursor moves as soon as either is done: `G` on a big sorted table does not wait for every
    /// key to be sorted.
    func moveToLastRow(of grid: GridModel) {
        guard let table = grid.source.keyedTable, table.isCounting else {
            counted(grid) { try grid.moveToLastRow() }
            return
        }
        let interruption = Interruption()
        let background = BackgroundResult { try interruption.run { try table.loadLastRows() } }
        run(PendingWork(label: "reading the last rows of \(Sanitizer.sanitize(table.title))",
                        isReady: { background.result != nil || !table.isCounting }, complete: { [unowned self] in
            // Done by the snapshot first: the read of the last rows is no longer needed.
            interruption.interrupt()
            // The grid shows other rows by now (a refresh, another sort): go to their end instead.
            guard grid.source as AnyObject === table else {
                moveToLastRow(of: grid)
                return
            }
            do {
                if !table.isCounting {
                    try grid.moveToLastRow()
                } else if let result = background.result {
                    grid.moveToLastRow(sourceCount: try result.get())
                }
            } catch {
                report(error)
            }
        }, cancel: interruption.interrupt))
    }

    /// Runs `action` once every row's position is known (see ``whenCounted(_:_:)``), reporting
    /// its error.
    func counted(_ grid: GridModel, _ action: @escaping () throws -> Void) {
        whenCounted(grid) { [unowned self] in
            do {
                try action()
            } catch {
                report(error)
            }
        }
    }

    /// Moves to the next or previous row the grid's last search matches, wrapping around the ends.
    func findMatch(in grid: GridModel, forward: Bool) throws {
        guard var last = grid.search, !last.pattern.isEmpty else {
            say(.error("no search yet: press / to search"))
            return
        }
        last.excluded = grid.hiddenColumns  // the columns shown now are searched
        let wanted = last
        // What messages name: the text of a plain `/` search, else the search as the status bar writes it.
        let text = wanted.kind == .text && wanted.column == nil ? wanted.pattern : wanted.label
        let search = MatchSearch(text: text, from: grid.cursorRow, forward: forward)
        guard let table = grid.source.keyedTable else {
            let source = grid.source
            try show(try search.run { try source.find(wanted, in: $0, forward: $1) }, of: search, wanted, in: grid)
            return
        }
        // A table may have millions of rows: search in the background, with a spinner and Esc.
        let stop = StopFlag()
        let interruption = Interruption()
        let background = BackgroundResult {
            try interruption.run {
                try search.run { try table.find(wanted, in: $0, forward: $1, isCancelled: { stop.isRaised }) }
            }
        }
        let label = "searching for \(Sanitizer.sanitize(text))"
        run(PendingWork(label: label, isReady: { background.result != nil }, complete: { [unowned self] in
            do {
                guard let result = background.result else {
                    return
                }
                try show(try result.get(), of: search, wanted, in: grid)
            } catch {
                report(error)
            }
        }, cancel: {
            stop.set()
            interruption.interrupt()
        }))
    }

    /// Moves the cursor to the row and cell a search found (a hidden column is not gone to), and says so.
    private func show(_ match: MatchSearch.Match?, of search: MatchSearch, _ wanted: GridSearch, in grid: GridModel) throws {
        let text = search.text
        guard let match else {
            say(.error("not found: \(Sanitizer.sanitize(text))"))
            return
        }
        if match.wrapped {
            say(.info(search.forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"))
        }
        let row = match.row
        grid.cursorRow = row
        let columns = try grid.source.columns(matching: wanted, inRow: row)
        if let found = columns.first {
            grid.cursorColumn = grid.nearestShownColumn(to: found)
        }
        if state.message == nil {
            say(.info("\(Sanitizer.sanitize(wanted.label))  row \(row + 1)"))
        }
    }

    /// Opens the record view of the cursor row.
    func openRecord(of grid: GridModel) throws {
        guard try grid.row(at: grid.cursorRow) != nil else {
            say(.info("no row to show"))
            return
        }
        state.screens.append(RecordController(grid: grid, host: self))
    }

    /// Opens the schema view of the table the grid shows.
    func openSchema(isTable: Bool, grid: GridModel) throws {
        guard isTable else {
            say(.error("query results have no schema; open a table"))
            return
        }
        let name = grid.source.title
        let report = try SchemaReport.report(for: name, in: database)
        let copy = (text: report.statements, what: "the CREATE statements of \(Sanitizer.sanitize(name))")
        state.screens.append(TextPageController(title: "Schema of \(name)", lines: report.lines, mode: .schema, copy: copy))
    }

    /// Reloads a grid (and the table list for a table), keeping the cursor on its row.
    func reload(_ grid: GridModel, isTable: Bool) throws {
        grid.countsWithoutLimit = true  // asked for
        try grid.reload()
        if isTable {
            try refreshCatalog()
            catalog.countAgain(grid.source.title)  // asked for: no time limit
            tables.unopened = [:]
        }
        say(.info("reloaded"))
    }
}
