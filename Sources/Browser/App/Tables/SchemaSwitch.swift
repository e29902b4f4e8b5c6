import ORMCore

/// Browsing another schema's table from the table list. `gs` and its question are the prompt's
/// (``PromptController/askForSchema()``).
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
}

/// The schema to browse next, and the table to show there first (nil: the list's first).
struct SchemaSwitch: Equatable, Sendable {
    /// The schema.
    var schema: String
    /// The table or view to show.
    var table: String?
    /// The keys typed after the one that switched, while this app waited for background work:
    /// the next app plays them first (``WaitedWork/play(_:)`` hands them on).
    var keysLeft: [Key] = []
}
