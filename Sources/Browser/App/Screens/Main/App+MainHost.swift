/// What the main screen (``MainController``) asks of the app: the catalog and the tables'
/// grids, and the commands that reach past the table list.
extension App: MainHost {
    var spinnerFrame: Int {
        state.spinnerFrame
    }

    func retrySelectedTable() {
        guard let name = selectedTableName else {
            return
        }
        if tables.unopened[name] != nil {
            tables.unopened[name] = nil  // asked again: try again
        }
        if catalog.countStoppedOrFailed(name) {
            catalog.countAgain(name)
        }
    }

    func sayWhyNoGrid() -> Outcome {
        if let object = catalog.elsewhere(at: state.main.selectedTable) {
            return saySchemaElsewhere(object)
        }
        if let name = selectedTableName, let reason = tables.unopened[name] {
            say(.info("\(Sanitizer.sanitize(name)) is not open (\(reason)): Enter in the table list opens it"))
        } else if state.message == nil {
            say(.info("no table to show"))
        }
        return .redraw
    }
}

/// The table list's part of ``MainHost``, which the main screen's test double answers too: each
/// passes to ``App/tableBrowser``.
extension App {
    /// The catalog's entries the table list shows (``TableBrowser/listedTables``).
    var listedTables: [Int] {
        tableBrowser.listedTables
    }

    /// The table list's title (``TableBrowser/tableListTitle(listed:)``).
    func tableListTitle(listed: Int) -> String {
        tableBrowser.tableListTitle(listed: listed)
    }

    /// Moves the table selection (``TableBrowser/moveTableSelection(_:)``).
    func moveTableSelection(_ command: Command) {
        tableBrowser.moveTableSelection(command)
    }

    /// `q` on the main screen (``TableBrowser/backOnMain()``).
    func backOnMain() -> Outcome {
        tableBrowser.backOnMain()
    }

    /// Esc on the main screen (``TableBrowser/cancelOnMain()``).
    func cancelOnMain() -> Outcome {
        tableBrowser.cancelOnMain()
    }

    /// Esc in the narrowed table list (``TableBrowser/clearTableNarrowing()``).
    func clearTableNarrowing() -> Bool {
        tableBrowser.clearTableNarrowing()
    }

    /// `/` in the table list (``TableBrowser/openTableNarrowing()``).
    func openTableNarrowing() {
        tableBrowser.openTableNarrowing()
    }
}
