/// The main screen's own keys past the table list: Enter at the narrowing line, `q` and Esc.
extension TableBrowser {
    /// Runs a command on the main screen (``MainController``), whatever screen is on top (Enter
    /// at the table list's narrowing line opens the table selected).
    func performOnMain(_ command: Command) -> Outcome {
        host.carryOut(host.state.main.perform(command, in: host.screenLayout.content), of: host.state.main)
    }

    /// `q` on the main screen: on a joined view leaves the last join, as `[` does (VisiData's `q`
    /// closes the joined sheet, back to the one it was made from); else puts the table shown back
    /// as it opens (the cursor stays on its row) when its view is shaped (a filter, a sort, hidden
    /// columns, computed columns: VisiData's `q` closes such a sheet, and the table opens again
    /// with every column), else quits (asking first when changes are pending); with several
    /// databases open it closes this one instead.
    func backOnMain() -> Outcome {
        guard let name = host.selectedTableName, let grid = host.tables.grids[name], Self.isShaped(grid) else {
            return host.prompts.quitOrAsk(closing: host.databaseTab != nil)
        }
        if grid.source.keyedTable?.join != nil {
            host.waits.leaveLastJoin(of: grid)
            return .redraw
        }
        let again = host.databaseTab == nil ? "q again quits" : "q again closes this database"
        let hidden = grid.hiddenCount
        let computed = grid.source.keyedTable?.computed.count ?? 0
        let cleared = [grid.source.filter.map { _ in "filter" }, grid.source.sort.map { _ in "sort" },
                       hidden > 0 ? (hidden == 1 ? "hidden column" : "\(hidden) hidden columns") : nil,
                       computed > 0 ? (computed == 1 ? "computed column" : "\(computed) computed columns") : nil]
            .compactMap(\.self)
        let said = cleared.count > 1 ? cleared.dropLast().joined(separator: ", ") + " and " + (cleared.last ?? "") : cleared.joined()
        grid.showAllColumns()
        let plain = computed > 0
        guard grid.source.filter != nil || grid.source.sort != nil || plain else {
            host.say(.info("\(said) shown again · \(again)"))
            return .redraw
        }
        host.waits.changeView(of: grid, sort: nil, filter: nil, label: "clearing the \(said) of \(Sanitizer.sanitize(name))",
                              keepingRow: true, plain: plain) { [unowned self] _ in
            grid.joinOrigins = []
            host.say(.info("\(said) \(plain ? "dropped" : "cleared") · \(again)"))
        }
        return .redraw
    }

    /// Whether `grid`'s view differs from the table as it opens: a filter, a sort, hidden columns,
    /// computed columns or a join.
    static func isShaped(_ grid: GridModel) -> Bool {
        grid.source.filter != nil || grid.source.sort != nil || grid.hiddenCount > 0
            || !(grid.source.keyedTable?.computed.isEmpty ?? true) || grid.source.keyedTable?.join != nil
    }

    /// Esc on the main screen first stops the counts the screen waits for
    /// (``stopCountsOnScreen()``); with none left to stop, there is nothing to close, and Esc
    /// never quits: it says what does.
    func cancelOnMain() -> Outcome {
        if stopCountsOnScreen() {
            return .redraw
        }
        let grid = host.selectedTableName.flatMap { host.tables.grids[$0] }
        let onView = grid.map(Self.isShaped) ?? false
        let more = grid.map { !($0.source.keyedTable?.computed.isEmpty ?? true) } ?? false
        let ends = host.databaseTab == nil ? "quits" : "closes this database"
        let joined = grid?.source.keyedTable?.join.map { "leaves the join with \(Sanitizer.sanitize($0.label))" }
        host.say(.info("Esc: nothing to cancel; q " + (joined ?? (onView ? "clears the filter, sort and hidden columns"
            + (more ? ", drops computed columns" : "") : ends))))
        return .redraw
    }
}
