import ORMCore

/// The tables and their grids on the main screen: the table list's selection and narrowing, the
/// grids opened (in the background) as the selection moves, the counts in the list and in the
/// grids, and the main screen's `q` and Esc.
///
/// It reaches the app's services (the database and its catalog, the open grids, the screen stack,
/// the status bar, the prompt line, the work waited for) through ``TableBrowserHost``; the app
/// keeps one, the prompt line, the edits and the grids' commands call it directly.
///
/// ```swift
/// app.tableBrowser.selectTable(2)
/// ```
final class TableBrowser {
    /// The app: the services the tables share with every screen.
    unowned let host: any TableBrowserHost

    /// The tables of `host`'s catalog.
    init(host: any TableBrowserHost) {
        self.host = host
    }

    /// Moves the table selection; the grid follows it.
    func moveTableSelection(_ command: Command) {
        let listed = listedTables
        let count = listed.count
        guard count > 0 else {
            return
        }
        let page = max(1, sidebarListHeight)
        let current = listed.firstIndex(of: host.state.main.selectedTable) ?? 0
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
        let selected = host.selectedTableName
        let selectedElsewhere = host.catalog.elsewhere(at: host.state.main.selectedTable)
        try host.catalog.refresh(changed: changed)
        host.completionCache.reset()
        if let selected, let index = host.catalog.names.firstIndex(where: { $0.name == selected }) {
            selectTable(index)
        } else if let selectedElsewhere, let index = host.catalog.elsewhere.firstIndex(where: {
            $0.schema == selectedElsewhere.schema && $0.name == selectedElsewhere.name
        }) {
            selectTable(host.catalog.names.count + index)
        } else {
            selectTable(min(host.state.main.selectedTable, max(0, host.catalog.listCount - 1)))
        }
    }

    /// The names of the table list's rows in sight, with the selected one: counted first, and
    /// the only ones whose counts may run on.
    var tableNamesInSight: [String] {
        let names = host.catalog.names
        let listed = listedTables
        let first = min(max(0, host.state.main.firstVisibleTable), listed.count)
        var shown = listed[first..<min(listed.count, first + max(1, sidebarListHeight))].filter(names.indices.contains)
            .map { names[$0].name }
        if let selected = host.selectedTableName, !shown.contains(selected) {
            shown.append(selected)
        }
        return shown
    }

    /// Selects table `index`, keeping it visible in the list.
    func selectTable(_ index: Int) {
        host.state.main.selectedTable = index
        let listed = listedTables
        host.state.main.firstVisibleTable = ListWidget.firstVisible(keeping: listed.firstIndex(of: index) ?? 0,
                                                                    visibleFrom: host.state.main.firstVisibleTable,
                                                                    height: max(1, sidebarListHeight), count: listed.count)
    }

    /// Rows available to the table list below its title.
    var sidebarListHeight: Int {
        max(0, host.screenLayout.content.height - 1)
    }
}
