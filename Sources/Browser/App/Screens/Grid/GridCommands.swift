import FoundationEssentials
import ORMCore

/// The commands of one grid, whichever screen shows it (the main screen's table, query results,
/// the record view, a frequency table, a summary): moving, searching, sorting, filtering, copying,
/// following its foreign keys; the commands of a concept of their own go to ``analysis``,
/// ``columns`` and ``edits``. Made for each command
/// (``App/performOnGrid(_:grid:isTable:)``); it reaches the app's services (the status bar, the
/// prompts, the screen stack, the work waited for) through ``app``.
///
/// ```swift
/// GridCommands(app: app, grid: grid, isTable: true).perform(.sort)
/// ```
struct GridCommands {
    /// The app: its services, which the grid's commands share with every screen.
    unowned let app: App
    /// The grid the commands run on.
    let grid: GridModel
    /// Whether the grid shows a table (or a view), rather than query results.
    let isTable: Bool

    /// The screens made from the grid's rows (frequency, pivot, summary, plot), opened over it.
    var analysis: GridAnalysis {
        GridAnalysis(app: app, grid: grid)
    }

    /// The commands that change the columns the grid's view shows (hiding, computed, joined).
    var columns: ColumnCommands {
        ColumnCommands(app: app, grid: grid)
    }

    /// The edits of the grid's rows, when it shows a table.
    var edits: GridEdits {
        GridEdits(app: app, grid: grid, isTable: isTable)
    }

    /// Runs `command` on the grid. The outcome always redraws, with a copy or an edit in the user's editor when the command asks for one.
    func perform(_ command: Command) -> Outcome {
        var outcome = Outcome.redraw
        do {
            switch command {
            case .up: try grid.moveCursor(byRows: -1)
            case .down: try move(toRow: grid.cursorRow + 1)
            case .left: grid.moveCursor(toColumn: grid.cursorColumn - 1)
            case .right: grid.moveCursor(toColumn: grid.cursorColumn + 1)
            case .pageUp: try grid.moveCursor(byRows: -grid.visibleRows)
            case .pageDown: try move(toRow: grid.cursorRow + grid.visibleRows)
            case .top: try grid.moveCursor(toRow: 0)
            case .bottom: moveToLastRow()
            case .firstColumn: grid.moveCursor(toColumn: 0)
            case .lastColumn: grid.moveCursor(toColumn: grid.source.columns.count - 1)
            case .open: try openRecord()
            case .sort: cycleSort()
            case .addSort: addToSort()
            case .filter:
                guard grid.source.supportsSortAndFilter else {
                    app.say(.error("these results cannot be filtered"))
                    app.prompts.holdTextAfterRefusal()
                    return outcome
                }
                app.openPrompt(.filter, text: grid.source.filter ?? "")
            case .search: app.openPrompt(.search)
            case .searchRegex, .searchColumn, .searchColumnRegex: openSearchPrompt(command)
            case .nextMatch: counted { try self.findMatch(forward: true) }
            case .previousMatch: counted { try self.findMatch(forward: false) }
            case .goToRow: app.openPrompt(.goToRow)
            case .goToColumn: app.openPrompt(.goToColumn)
            case .schema: try openSchema()
            case .narrow: grid.resizeCursorColumn(by: -1)
            case .widen: grid.resizeCursorColumn(by: 1)
            case .reload: try reload()
            case .followReference: try followReference()
            case .jumpBack: try jumpBack()
            case .frequency: analysis.openFrequency()
            case .groupedFrequency: analysis.openGroupedFrequency()
            case .pivot: analysis.openPivot()
            case .toggleGroupKey: analysis.toggleGroupKey()
            case .aggregateCount, .aggregateDistinct, .aggregateSum, .aggregateMean, .aggregateMin, .aggregateMax,
                 .aggregateMedian, .aggregateStddev:
                if let aggregate = command.aggregate {
                    analysis.addAggregate(aggregate)
                }
            case .removeAggregates: analysis.removeAggregates()
            case .hideColumn: columns.hideColumn()
            case .showAllColumns: columns.showAllColumns()
            case .computeColumn: columns.openComputePrompt()
            case .bringReferencedColumn: openReferencedColumnPrompt()
            case .join: columns.openJoinPrompt()
            case .summary: analysis.openSummary()
            case .plot: analysis.openPlot()
            case .histogram: analysis.openHistogram()
            case .columnPicture:
                grid.showsPicture.toggle()
                app.say(.info(grid.showsPicture ? "picture of the cursor column over the rows shown; zp hides it" : "picture hidden"))
            case .yankCell: outcome.merge(try yankCell())
            case .yankRow: outcome.merge(try yankRow())
            case .yankColumn, .yankView: openCopyPrompt(column: command == .yankColumn)
            case .export:
                let stopping = app.exports.export?.isRunning ?? false
                startExportPrompt()
                if !stopping {
                    app.prompts.holdTextAfterRefusal()
                }
            case .editCell, .setNull, .deleteRow, .undoEdit, .insertRow, .duplicateRow, .toggleMark, .clearMarks,
                 .editInEditor:
                outcome.merge(try edits.performEdit(command))
                if command == .editCell || command == .editInEditor {
                    app.prompts.holdTextAfterRefusal(unless: outcome)
                }
            default:
                _ = app.notAKeyHere()
            }
        } catch {
            app.report(error)
        }
        return outcome
    }

    /// Moves the cursor down to `row`, first waiting (with a spinner) for the rows' positions
    /// when the row cannot be read yet.
    func move(toRow row: Int) throws {
        if grid.source.canRead(row: row) {
            try grid.moveCursor(toRow: row)
        } else {
            counted { try grid.moveCursor(toRow: row) }
        }
    }

    /// Moves the cursor to the last row. A table still reading its rows' positions also reads its
    /// count and last rows on their own in the background (with a spinner when slow), and the
    /// cursor moves as soon as either is done: `G` on a big sorted table does not wait for every
    /// key to be sorted.
    func moveToLastRow() {
        guard let table = grid.source.keyedTable, table.isCounting else {
            counted { try grid.moveToLastRow() }
            return
        }
        let interruption = Interruption()
        let background = BackgroundResult { try interruption.run { try table.loadLastRows() } }
        app.run(PendingWork(label: "reading the last rows of \(Sanitizer.sanitize(table.title))",
                        isReady: { background.result != nil || !table.isCounting }, complete: {
            // Done by the snapshot first: the read of the last rows is no longer needed.
            interruption.interrupt()
            // The grid shows other rows by now (a refresh, another sort): go to their end instead.
            guard grid.source as AnyObject === table else {
                moveToLastRow()
                return
            }
            do {
                if !table.isCounting {
                    try grid.moveToLastRow()
                } else if let result = background.result {
                    grid.moveToLastRow(sourceCount: try result.get())
                }
            } catch {
                app.report(error)
            }
        }, cancel: interruption.interrupt))
    }

    /// Runs `action` once every row's position is known (see ``WaitedWork/whenCounted(_:_:)``), reporting
    /// its error.
    func counted(_ action: @escaping () throws -> Void) {
        app.waits.whenCounted(grid) {
            do {
                try action()
            } catch {
                app.report(error)
            }
        }
    }

    /// Opens the record view of the cursor row.
    func openRecord() throws {
        guard try grid.row(at: grid.cursorRow) != nil else {
            app.say(.info("no row to show"))
            return
        }
        app.state.screens.append(RecordController(grid: grid, host: app))
    }

    /// Opens the schema view of the table the grid shows.
    func openSchema() throws {
        guard isTable else {
            app.say(.error("query results have no schema; open a table"))
            return
        }
        let name = grid.source.title
        let report = try SchemaReport.report(for: name, in: app.database)
        let copy = (text: report.statements, what: "the CREATE statements of \(Sanitizer.sanitize(name))")
        app.state.screens.append(TextPageController(title: "Schema of \(name)", lines: report.lines, mode: .schema, copy: copy))
    }

    /// Reloads a grid (and the table list for a table), keeping the cursor on its row.
    func reload() throws {
        grid.countsWithoutLimit = true  // asked for
        try grid.reload()
        if isTable {
            try app.tableBrowser.refreshCatalog()
            app.catalog.countAgain(grid.source.title)  // asked for: no time limit
            app.tables.unopened = [:]
        }
        app.say(.info("reloaded"))
    }

    /// `gc`: moves the cursor to the column named `text` (ignoring case), else to the next column
    /// after the cursor whose name the pattern `text` matches (ignoring case, wrapping around), as
    /// VisiData's `c` does. A hidden column found so is shown again: it was asked for by name.
    func goToColumn(named text: String) throws {
        let pattern = text.trimmedWhitespace
        guard !pattern.isEmpty else {
            return
        }
        let names = grid.source.columns.map(\.name)
        guard let found = try ColumnNameMatch(pattern).next(in: names, after: grid.cursorColumn) else {
            app.say(.error("no column matches \(Sanitizer.sanitize(pattern))"))
            return
        }
        let name = names[found]
        let wasHidden = grid.hiddenColumns.remove(name) != nil
        grid.moveCursor(toColumn: found)
        app.say(.info("column \(Sanitizer.sanitize(name)) (\(found + 1) of \(names.count))" + (wasHidden ? ", shown again" : "")))
    }
}
