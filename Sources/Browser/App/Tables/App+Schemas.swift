import ORMCore

/// Browsing another schema's table from the table list, and the keys an app opened on another
/// schema plays first. `gs` and its question are the prompt's (``PromptController/askForSchema()``).
extension App {
    /// Enter on another schema's table or view in the list: the database opened again on that
    /// schema, the table shown (as `gs` and choosing the schema, then the table).
    func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
        guard prompts.mayLeaveSchema() else {
            return .redraw
        }
        return Outcome([.reopen(SchemaSwitch(schema: object.schema, table: object.name))])
    }

    /// Says how to browse another schema's table or view (selected in the list: it has no grid
    /// here).
    func saySchemaElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
        say(.info(
            "\(Sanitizer.sanitize(object.schema + "." + object.name)) is in schema \(Sanitizer.sanitize(object.schema)): "
                + "Enter in the table list browses that schema"))
        return .redraw
    }

    /// The steps the next app plays after this one ended to switch schemas (``Effect/reopen(_:)``): the
    /// keys that waited for background work here, then `rest`.
    func stepsForNextApp(_ rest: some Sequence<ScriptStep>) -> [ScriptStep] {
        keysForNextApp.map(ScriptStep.key) + Array(rest)
    }
}

/// The schema to browse next, and the table to show there first (nil: the list's first).
struct SchemaSwitch: Equatable, Sendable {
    /// The schema.
    var schema: String
    /// The table or view to show.
    var table: String?
}
