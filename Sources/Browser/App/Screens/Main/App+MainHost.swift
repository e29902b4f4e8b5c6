/// What the main screen (``MainController``) asks of the app: the catalog and the tables'
/// grids, and the commands that reach past the table list.
extension App: MainHost {
    var tableList: any TableList {
        tableBrowser
    }

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
