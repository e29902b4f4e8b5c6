import ORMCore

/// Searching a grid's rows: `/`, `\`, `z/`, `z\`, and `n`, `N` again.
extension GridCommands {
    /// `\` (`g/`), `z/` and `z\`: opens the prompt of a search by a pattern, or in the cursor
    /// column only; `/` stays the search for text in any column.
    func openSearchPrompt(_ command: Command) {
        let columns = grid.source.columns
        let column = command == .searchRegex || !columns.indices.contains(grid.cursorColumn)
            ? nil : columns[grid.cursorColumn].name
        app.openPrompt(.gridSearch(regex: command != .searchColumn, column: column))
    }

    /// Searches the grid for `text` (a pattern when `regex`), in `column` only when given, from
    /// the row after the cursor; `n` and `N` repeat it. A pattern that does not compile is said
    /// so, and the last search stays.
    func search(for text: String, regex: Bool, column: String?) throws {
        guard !text.isEmpty else {
            return
        }
        let search = GridSearch(pattern: text, kind: regex ? .regex : .text, column: column)
        try search.validate()
        grid.search = search
        counted { try self.findMatch(forward: true) }
    }

    /// Moves to the next or previous row the grid's last search matches, wrapping around the ends.
    func findMatch(forward: Bool) throws {
        guard var last = grid.search, !last.pattern.isEmpty else {
            app.say(.error("no search yet: press / to search"))
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
        // A table may have millions of rows: search in the background, with a spinner, the rows
        // checked so far and Esc.
        let stop = StopFlag()
        let interruption = Interruption()
        let progress = SearchProgress()
        let background = BackgroundResult {
            try interruption.run {
                try search.run { rows, forward in
                    defer { progress.finishPart() }
                    return try table.find(wanted, in: rows, forward: forward, isCancelled: { stop.isRaised },
                                          progress: { progress.check($0) })
                }
            }
        }
        let label = "searching for \(Sanitizer.sanitize(text))"
        app.run(PendingWork(label: label, isReady: { background.result != nil }, complete: {
            do {
                guard let result = background.result else {
                    return
                }
                try show(try result.get(), of: search, wanted, in: grid)
            } catch {
                app.report(error)
            }
        }, cancel: {
            stop.set()
            interruption.interrupt()
        }, progress: {
            progress.text(of: table.knownCount)
        }))
    }

    /// Moves the cursor to the row and cell a search found (a hidden column is not gone to), and says so.
    private func show(_ match: MatchSearch.Match?, of search: MatchSearch, _ wanted: GridSearch, in grid: GridModel) throws {
        let text = search.text
        guard let match else {
            app.say(.error("not found: \(Sanitizer.sanitize(text))"))
            return
        }
        if match.wrapped {
            app.say(.info(search.forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"))
        }
        let row = match.row
        grid.cursorRow = row
        let columns = try grid.source.columns(matching: wanted, inRow: row)
        if let found = columns.first {
            grid.cursorColumn = grid.nearestShownColumn(to: found)
        }
        if app.state.message == nil {
            app.say(.info("\(Sanitizer.sanitize(wanted.label))  row \(row + 1)"))
        }
    }
}
