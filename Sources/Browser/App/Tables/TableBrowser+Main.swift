/// The main screen's own keys past the table list: Enter at the narrowing line, `q` and Esc.
extension TableBrowser {
    /// Runs a command on the main screen (``MainController``), whatever screen is on top (Enter
    /// at the table list's narrowing line opens the table selected).
    func performOnMain(_ command: Command) -> Outcome {
        host.carryOut(host.state.main.perform(command, in: host.screenLayout.content), of: host.state.main)
    }

    /// `q` on the main screen: puts the table shown back as it opens (the cursor stays on its
    /// row) when its view is shaped (a filter, a sort, hidden columns: VisiData's `q` closes such a
    /// sheet, and the table opens again with every column), else quits (asking first when changes
    /// are pending); with several databases open it closes this one instead.
    func backOnMain() -> Outcome {
        guard let name = host.selectedTableName, let grid = host.tables.grids[name],
              grid.source.filter != nil || grid.source.sort != nil || grid.hiddenCount > 0 else {
            return host.prompts.quitOrAsk(closing: host.databaseTab != nil)
        }
        let again = host.databaseTab == nil ? "q again quits" : "q again closes this database"
        let hidden = grid.hiddenCount
        let cleared = [grid.source.filter.map { _ in "filter" }, grid.source.sort.map { _ in "sort" },
                       hidden > 0 ? (hidden == 1 ? "hidden column" : "\(hidden) hidden columns") : nil]
            .compactMap(\.self)
        let said = cleared.count > 1 ? cleared.dropLast().joined(separator: ", ") + " and " + (cleared.last ?? "") : cleared.joined()
        grid.showAllColumns()
        guard grid.source.filter != nil || grid.source.sort != nil else {
            host.say(.info("\(said) shown again · \(again)"))
            return .redraw
        }
        host.waits.changeView(of: grid, sort: nil, filter: nil, label: "clearing the \(said) of \(Sanitizer.sanitize(name))",
                        keepingRow: true) { [unowned self] _ in
            host.say(.info("\(said) cleared · \(again)"))
        }
        return .redraw
    }

    /// Esc on the main screen first stops the counts the screen waits for
    /// (``stopCountsOnScreen()``); with none left to stop, there is nothing to close, and Esc
    /// never quits: it says what does.
    func cancelOnMain() -> Outcome {
        if stopCountsOnScreen() {
            return .redraw
        }
        let grid = host.selectedTableName.flatMap { host.tables.grids[$0] }
        let onView = grid.map { $0.source.filter != nil || $0.source.sort != nil || $0.hiddenCount > 0 } ?? false
        let ends = host.databaseTab == nil ? "quits" : "closes this database"
        host.say(.info("Esc: nothing to cancel; q " + (onView ? "clears the filter, sort and hidden columns" : ends)))
        return .redraw
    }
}
