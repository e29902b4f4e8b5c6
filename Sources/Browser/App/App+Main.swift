extension App {
    /// Runs a command on the main screen: the table list when it has the focus, else the grid.
    func performOnMain(_ command: Command) -> Outcome {
        if state.focus == .tables {
            switch command {
            case .up, .down, .pageUp, .pageDown, .top, .bottom:
                moveTableSelection(command)
                return .redraw
            case .open, .switchFocus, .right:
                if command == .open, let name = selectedTableName, unopenedTables[name] != nil {
                    unopenedTables[name] = nil  // asked again: try again
                }
                if command == .open, let name = selectedTableName, catalog.countStoppedOrFailed(name) {
                    catalog.countAgain(name)
                }
                if selectedTableGrid != nil {
                    state.focus = .grid
                }
                return .redraw
            case .back:
                return stopCountsOnScreen() ? .redraw : quitOrAsk()
            case .left, .firstColumn, .lastColumn:
                return .handled
            default:
                state.focus = .grid
            }
        }
        switch command {
        case .back:
            return stopCountsOnScreen() ? .redraw : quitOrAsk()
        case .switchFocus:
            state.focus = .tables
            return .redraw
        default:
            guard let grid = selectedTableGrid else {
                if let name = selectedTableName, let reason = unopenedTables[name] {
                    state.message = .info("\(Sanitizer.sanitize(name)) is not open (\(reason)): Enter in the table list opens it")
                } else {
                    state.message = state.message ?? .info("no table to show")
                }
                return .redraw
            }
            performOnGrid(command, grid: grid, isTable: true)
            return .redraw
        }
    }

    /// Moves the table selection; the grid follows it.
    func moveTableSelection(_ command: Command) {
        let count = catalog.names.count
        guard count > 0 else {
            return
        }
        let page = max(1, sidebarListHeight)
        let target: Int
        switch command {
        case .up: target = state.selectedTable - 1
        case .down: target = state.selectedTable + 1
        case .pageUp: target = state.selectedTable - page
        case .pageDown: target = state.selectedTable + page
        case .top: target = 0
        default: target = count - 1
        }
        selectTable(min(max(0, target), count - 1))
    }

    /// Reads the table list again, keeping the selected table selected by name (a table dropped
    /// or added above it moves it in the list); when it is gone, the one now at its place.
    func refreshCatalog(changed: Set<String>? = nil) throws {
        let selected = selectedTableName
        try catalog.refresh(changed: changed)
        if let selected, let index = catalog.names.firstIndex(where: { $0.name == selected }) {
            selectTable(index)
        } else {
            selectTable(min(state.selectedTable, max(0, catalog.names.count - 1)))
        }
    }

    /// The names of the table list's rows in sight, with the selected one: counted first, and
    /// the only ones whose counts may run on.
    var tableNamesInSight: [String] {
        let names = catalog.names
        let first = min(max(0, state.firstVisibleTable), names.count)
        var shown = names[first..<min(names.count, first + max(1, sidebarListHeight))].map(\.name)
        if let selected = selectedTableName, !shown.contains(selected) {
            shown.append(selected)
        }
        return shown
    }

    /// Selects table `index`, keeping it visible in the list.
    func selectTable(_ index: Int) {
        state.selectedTable = index
        state.firstVisibleTable = ListWidget.firstVisible(keeping: index, visibleFrom: state.firstVisibleTable,
                                                          height: max(1, sidebarListHeight))
    }

    /// Rows available to the table list below its title.
    var sidebarListHeight: Int {
        max(0, size.rows - 2)
    }
}
