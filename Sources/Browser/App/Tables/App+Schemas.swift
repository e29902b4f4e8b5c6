import ORMCore

extension App {
    /// `gs`: asks which schema to browse instead, naming those the database has (PostgreSQL); a
    /// SQLite file has only `main`. Staged changes must be committed or reverted first: they
    /// belong to this schema's tables.
    func askForSchema() {
        guard database.dialect != .sqlite else {
            say(.error("a SQLite file has one schema, main"))
            return
        }
        guard mayLeaveSchema() else {
            return
        }
        do {
            let current = catalog.schema
            let others = try database.schemas().filter { $0 != current }
            guard !others.isEmpty else {
                say(.info("the database has no other schema than \(Sanitizer.sanitize(current ?? "this one"))"))
                return
            }
            openPrompt(.switchSchema(choices: others))
        } catch {
            report(error, doing: "schemas")
        }
    }

    /// Takes the schema typed at `gs`'s prompt: one of `choices` by its name, else ignoring case,
    /// else the one its name starts with; the outcome asks the runner to open the database on it
    /// (``Effect/reopen(_:)``).
    func chooseSchema(_ text: String, among choices: [String]) -> Outcome {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else {
            return .redraw
        }
        let folded = choices.filter { $0.equalsIgnoringCase(typed) }
        let started = choices.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
        guard let chosen = choices.first(where: { $0 == typed }) ?? (folded.count == 1 ? folded.first : nil)
                ?? (started.count == 1 ? started.first : nil)
        else {
            let why = started.count > 1 ? "more than one schema starts with" : "no schema named"
            say(.error("\(why) \(Sanitizer.sanitize(typed)): " + choices.map(Sanitizer.sanitize).joined(separator: ", ")))
            return .redraw
        }
        return Outcome([.reopen(SchemaSwitch(schema: chosen))])
    }

    /// Enter on another schema's table or view in the list: the database opened again on that
    /// schema, the table shown (as `gs` and choosing the schema, then the table).
    func browseElsewhere(_ object: SchemaListing.QualifiedObject) -> Outcome {
        guard mayLeaveSchema() else {
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

    /// Whether the user may leave the schema browsed: not with staged changes (they belong to its
    /// tables) nor while an export runs; says why not.
    private func mayLeaveSchema() -> Bool {
        guard editing.staging.pendingCount == 0, editing.staging.unchecked.isEmpty else {
            say(.error("commit (w) or revert (U) the staged changes before browsing another schema"))
            return false
        }
        guard !(export?.isRunning ?? false) else {
            say(.error("an export is running: let it finish (or stop it with X) before browsing another schema"))
            return false
        }
        return true
    }
}

/// The schema to browse next, and the table to show there first (nil: the list's first).
struct SchemaSwitch: Equatable, Sendable {
    /// The schema.
    var schema: String
    /// The table or view to show.
    var table: String?
}
