extension App {
    /// Runs a command on the main screen (``MainController``), whatever screen is on top (Enter
    /// at the table list's narrowing line opens the table selected).
    func performOnMain(_ command: Command) -> Outcome {
        carryOut(state.main.perform(command, in: screenLayout.content), of: state.main)
    }

    /// `q` on the main screen: puts the table shown back as it opens (the cursor stays on its
    /// row) when its view is shaped (a filter, a sort, hidden columns: VisiData's `q` closes such a
    /// sheet, and the table opens again with every column), else quits (asking first when changes
    /// are pending).
    func backOnMain() -> Outcome {
        guard let name = selectedTableName, let grid = tables.grids[name],
              grid.source.filter != nil || grid.source.sort != nil || grid.hiddenCount > 0 else {
            return prompts.quitOrAsk()
        }
        let hidden = grid.hiddenCount
        let cleared = [grid.source.filter.map { _ in "filter" }, grid.source.sort.map { _ in "sort" },
                       hidden > 0 ? (hidden == 1 ? "hidden column" : "\(hidden) hidden columns") : nil]
            .compactMap(\.self)
        let said = cleared.count > 1 ? cleared.dropLast().joined(separator: ", ") + " and " + (cleared.last ?? "") : cleared.joined()
        grid.showAllColumns()
        guard grid.source.filter != nil || grid.source.sort != nil else {
            say(.info("\(said) shown again · q again quits"))
            return .redraw
        }
        changeView(of: grid, sort: nil, filter: nil, label: "clearing the \(said) of \(Sanitizer.sanitize(name))",
                   keepingRow: true) { [unowned self] _ in
            say(.info("\(said) cleared · q again quits"))
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
        let grid = selectedTableName.flatMap { tables.grids[$0] }
        let onView = grid.map { $0.source.filter != nil || $0.source.sort != nil || $0.hiddenCount > 0 } ?? false
        say(.info("Esc: nothing to cancel; q " + (onView ? "clears the filter, sort and hidden columns" : "quits")))
        return .redraw
    }

    /// Moves the table selection; the grid follows it.
    func moveTableSelection(_ command: Command) {
        let listed = listedTables
        let count = listed.count
        guard count > 0 else {
            return
        }
        let page = max(1, sidebarListHeight)
        let current = listed.firstIndex(of: state.main.selectedTable) ?? 0
        let target: Int
        switch command {
        case .up: target = current - 1
        case .down: target = current + 1
        case .pageUp: target = current - page
        case .pageDown: target = current + page
        case .top: target = 0
        default: target = count - 1
        }
        selectTable(listed[min(max(0, target), count - 1)])
    }

    /// Reads the table list again, keeping the selected table selected by name (a table dropped
    /// or added above it moves it in the list); when it is gone, the one now at its place.
    func refreshCatalog(changed: Set<String>? = nil) throws {
        let selected = selectedTableName
        let selectedElsewhere = catalog.elsewhere(at: state.main.selectedTable)
        try catalog.refresh(changed: changed)
        completionCache.reset()
        if let selected, let index = catalog.names.firstIndex(where: { $0.name == selected }) {
            selectTable(index)
        } else if let selectedElsewhere, let index = catalog.elsewhere.firstIndex(where: {
            $0.schema == selectedElsewhere.schema && $0.name == selectedElsewhere.name
        }) {
            selectTable(catalog.names.count + index)
        } else {
            selectTable(min(state.main.selectedTable, max(0, catalog.listCount - 1)))
        }
    }

    /// The names of the table list's rows in sight, with the selected one: counted first, and
    /// the only ones whose counts may run on.
    var tableNamesInSight: [String] {
        let names = catalog.names
        let listed = listedTables
        let first = min(max(0, state.main.firstVisibleTable), listed.count)
        var shown = listed[first..<min(listed.count, first + max(1, sidebarListHeight))].filter(names.indices.contains)
            .map { names[$0].name }
        if let selected = selectedTableName, !shown.contains(selected) {
            shown.append(selected)
        }
        return shown
    }

    /// Selects table `index`, keeping it visible in the list.
    func selectTable(_ index: Int) {
        state.main.selectedTable = index
        let listed = listedTables
        state.main.firstVisibleTable = ListWidget.firstVisible(keeping: listed.firstIndex(of: index) ?? 0, visibleFrom: state.main.firstVisibleTable,
                                                          height: max(1, sidebarListHeight), count: listed.count)
    }

    /// Rows available to the table list below its title.
    var sidebarListHeight: Int {
        max(0, size.rows - 2)
    }
}
