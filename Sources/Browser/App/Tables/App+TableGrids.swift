import ORMCore

/// The grids on the screen stack and the selected table's, opened on first use.
extension App {
    /// The grid the visible screen is about: query results, the record's grid, or the selected table's.
    var currentGrid: GridModel? {
        stackedGrid ?? selectedTableGrid
    }

    /// The grid the visible screen is about, as ``currentGrid`` but only when it is open: looking
    /// it up neither opens nor reloads a table (what drawing reads).
    var visibleGrid: GridModel? {
        stackedGrid ?? visibleTableGrid
    }

    /// The grid of the topmost results or record screen, nil when only the main screen's grid is left.
    private var stackedGrid: GridModel? {
        for screen in state.screens.reversed() {
            if let grid = screen.grid {
                return grid
            }
        }
        return nil
    }

    /// The grid of the selected table when it is open (nothing is opened to find it).
    var visibleTableGrid: GridModel? {
        selectedTableName.flatMap { tables.grids[$0] }
    }

    /// The name of the selected table, if there is one.
    var selectedTableName: String? {
        let names = catalog.names
        return names.indices.contains(state.main.selectedTable) ? names[state.main.selectedTable].name : nil
    }

    /// The grid of the selected table, opened on first use (in the background: see
    /// ``TableBrowser/shownGrid(named:)``).
    var selectedTableGrid: GridModel? {
        guard let name = selectedTableName else {
            return nil
        }
        return tableBrowser.shownGrid(named: name)
    }
}
