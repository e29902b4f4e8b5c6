import ORMCore

extension App {
    /// `I`: the summary of every column `grid` shows (those hidden with `-` left out, as VisiData's
    /// describe sheet leaves them), over the rows its filter keeps: one row a column, filled in as
    /// SQLite computes it in the background. The cursor starts on the row of `grid`'s cursor column.
    func openSummary(of grid: GridModel) {
        if waitsForLastRow(of: grid, then: { [unowned self] in openSummary(of: grid) }) {
            return
        }
        let source = grid.source
        guard grid.summary == nil else {
            state.message = .info("this is a summary already: I summarises a table, a view or query results")
            return
        }
        let shown = source.columns.indices.filter { !grid.isHidden($0) }
        guard !shown.isEmpty else {
            state.message = .info("no columns to summarise")
            return
        }
        guard let relation = source.relation else {
            state.message = .error("these results cannot be summarised: run the query at the SQL prompt (e) again")
            return
        }
        let types = source.declaredColumnTypes
        let declaredTypes = types.isEmpty ? [] : shown.map { types.indices.contains($0) ? types[$0] : "" }
        let query: SummaryQuery
        do {
            query = try SummaryQuery(relation: relation, columns: shown.map { source.columns[$0].name }, filter: source.filter,
                                     dialect: database(of: source).dialect.kind, declaredTypes: declaredTypes,
                                     decimalTexts: Set(shown.indices.filter { Self.holdsDecimalText(shown[$0], of: source) }))
        } catch {
            report(error, doing: "summary")
            return
        }
        let title = query.filter.map { "\(source.title) where \($0)" } ?? source.title
        let summary = GridModel(source: SummarySource(database: database(of: source), query: query, declaredTypes: declaredTypes,
                                                      title: title, wakeup: wakeup),
                                frozenColumns: 1)
        summary.summary = SummaryOrigin(grid: grid)
        summary.countsWithoutLimit = true  // asked for: Esc stops it, not a time limit
        summary.cursorRow = shown.firstIndex(of: grid.cursorColumn) ?? 0
        state.screens.append(.results(summary))
    }

    /// Runs a command on a column summary: `Enter` goes to the cursor row's column in the grid
    /// summarised, `F` opens that column's frequency table, `Esc` stops the work while it runs
    /// (then goes back), `q` goes back, `r` computes it again; the rest moves, searches and copies
    /// as in any grid.
    func performOnSummary(_ command: Command, grid: GridModel, origin: SummaryOrigin) -> Outcome {
        switch command {
        case .cancel where grid.source.isCounting:
            grid.source.stopCounting("stopped")
            return .redraw
        case .back, .cancel:
            state.screens.removeLast()
            return .redraw
        case .open:
            goToSummarisedColumn(grid.cursorRow, of: grid, origin: origin)
            return .redraw
        case .frequency:
            guard let column = summarisedColumn(grid.cursorRow, of: grid, in: origin.grid) else {
                return .redraw
            }
            openFrequency(of: origin.grid, column: column)
            return .redraw
        case .summary:
            state.message = .info("this is a summary already: I summarises a table, a view or query results")
            return .redraw
        case .switchFocus:
            return notAKeyHere()
        case .reload:
            let outcome = performOnGrid(command, grid: grid, isTable: false)
            if state.message?.isError == false {
                state.message = nil  // the progress of the summary computed again says more
            }
            return outcome
        default:
            return performOnGrid(command, grid: grid, isTable: false)
        }
    }

    /// The status-bar text of the summary on screen: its progress while it runs, why it stopped.
    var summaryProgress: StatusMessage? {
        guard case .results(let grid) = state.top, let source = grid.source as? SummarySource else {
            return nil
        }
        let task = source.task
        let (complete, total) = task.progress
        let columns = "\(complete) of \(total) column\(total == 1 ? "" : "s")"
        if task.isRunning {
            let spinner = ListWidget.spinnerFrames[state.spinnerFrame % ListWidget.spinnerFrames.count]
            return .info("\(spinner) summarising: \(columns)  (Esc stops)")
        }
        if let failure = task.failure {
            return .error("summary: \(failure)")
        }
        if task.stopReason != nil {
            return .info("stopped with \(columns) summarised: r computes again")
        }
        return .info("Enter: go to the column  F: its values  q: back")
    }

    /// `Enter` on a summary row: back to the grid summarised, the cursor on that column.
    private func goToSummarisedColumn(_ row: Int, of summary: GridModel, origin: SummaryOrigin) {
        guard let column = summarisedColumn(row, of: summary, in: origin.grid) else {
            return
        }
        state.screens.removeLast()
        origin.grid.moveCursor(toColumn: column)
    }

    /// The column of `grid` that summary row `row` describes, by name (the grid may show other
    /// columns by now); nil, saying so, when it has none.
    private func summarisedColumn(_ row: Int, of summary: GridModel, in grid: GridModel) -> Int? {
        guard let source = summary.source as? SummarySource, source.summarised.indices.contains(row) else {
            return nil
        }
        let name = source.summarised[row]
        guard let index = grid.source.columns.firstIndex(where: { $0.name == name }) else {
            state.message = .error("\(Sanitizer.sanitize(name)) is no longer a column of \(Sanitizer.sanitize(grid.source.title))")
            return nil
        }
        return index
    }

    /// Whether column `index` of `source` holds exact decimals as text: a PostgreSQL `numeric`
    /// column of a statement's results, in reef's copy of them.
    private static func holdsDecimalText(_ index: Int, of source: RowSource) -> Bool {
        guard let store = source.resultStore, !source.isFilling, store.typeNames.indices.contains(index),
              let type = store.typeNames[index]?.lowercased() else {
            return false
        }
        return store.isFromPostgres && (type.hasPrefix("numeric") || type.hasPrefix("decimal"))
    }
}
