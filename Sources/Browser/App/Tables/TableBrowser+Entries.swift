import ORMCore

/// Enter on an entry of the table list: a table that failed tried again, another schema's table
/// browsed there; and why the grid's side shows no grid. `gs` and its question are the prompt's
/// (``PromptController/askForSchema()``).
extension TableBrowser {
    /// Enter on the selected table: a table that could not be opened, or whose count stopped or
    /// failed, is tried again.
    func retrySelectedTable() {
        guard let name = host.selectedTableName else {
            return
        }
        if host.tables.unopened[name] != nil {
            host.tables.unopened[name] = nil  // asked again: try again
        }
        if host.catalog.countStoppedOrFailed(name) {
            host.catalog.countAgain(name)
        }
    }

    /// A grid key with no grid to take it: says why (another schema's table, a table that could
    /// not be opened, no table).
    func sayWhyNoGrid() -> Outcome {
        if let object = host.catalog.elsewhere(at: host.state.main.selectedTable) {
            return saySchemaElsewhere(object)
        }
        if let name = host.selectedTableName, let reason = host.tables.unopened[name] {
            host.say(.info("\(Sanitizer.sanitize(name)) is not open (\(reason)): Enter in the table list opens it"))
        } else if host.state.message == nil {
            host.say(.info("no table to show"))
        }
        return .redraw
    }

    /// Enter on another schema's table or view in the list: the database opened again on that
    /// schema, the table shown (as `gs` and choosing the schema, then the table).
    func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
        guard host.prompts.mayLeaveSchema() else {
            return .redraw
        }
        return Outcome([.reopen(SchemaSwitch(schema: object.schema, table: object.name))])
    }

    /// Says how to browse another schema's table or view (selected in the list: it has no grid
    /// here).
    func saySchemaElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
        host.say(.info(
            "\(Sanitizer.sanitize(object.schema + "." + object.name)) is in schema \(Sanitizer.sanitize(object.schema)): "
                + "Enter in the table list browses that schema"))
        return .redraw
    }
}
