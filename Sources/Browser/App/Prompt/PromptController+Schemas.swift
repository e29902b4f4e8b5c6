import ORMCore

extension PromptController {
    /// `gs`: asks which schema to browse instead, naming those the database has (PostgreSQL); a
    /// SQLite file has only `main`. Staged changes must be committed or reverted first: they
    /// belong to this schema's tables.
    func askForSchema() {
        guard host.database.dialect != .sqlite else {
            host.say(.error("a SQLite file has one schema, main"))
            return
        }
        guard mayLeaveSchema() else {
            return
        }
        do {
            let current = host.catalog.schema
            let others = try host.database.schemas().filter { $0 != current }
            guard !others.isEmpty else {
                host.say(.info("the database has no other schema than \(Sanitizer.sanitize(current ?? "this one"))"))
                return
            }
            host.openPrompt(.switchSchema(choices: others), text: "")
        } catch {
            host.report(error, doing: "schemas")
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
            host.say(.error("\(why) \(Sanitizer.sanitize(typed)): " + choices.map(Sanitizer.sanitize).joined(separator: ", ")))
            return .redraw
        }
        return Outcome([.reopen(SchemaSwitch(schema: chosen))])
    }

    /// Whether the user may leave the schema browsed: not with staged changes (they belong to its
    /// tables) nor while an export runs; says why not.
    func mayLeaveSchema() -> Bool {
        guard host.editing.staging.pendingCount == 0, host.editing.staging.unchecked.isEmpty else {
            host.say(.error("commit (w) or revert (U) the staged changes before browsing another schema"))
            return false
        }
        guard !(host.exports.export?.isRunning ?? false) else {
            host.say(.error("an export is running: let it finish (or stop it with X) before browsing another schema"))
            return false
        }
        return true
    }
}
