extension PromptController {
    /// The named queries' file of the database, in the state folder beside its history; nil when
    /// reef keeps no history (a headless run without `--history`, `--no-history`): they are then
    /// kept for this run only.
    var namedQueriesFile: NamedQueriesFile? {
        host.prompt.store.map { NamedQueriesFile(folder: $0.folder, databasePath: $0.databasePath) }
    }

    /// Carries out a named-query command typed at the SQL prompt (``NamedQueryCommand``); returns
    /// false when `text` is SQL, to be run.
    func performNamedQueryCommand(_ text: String) -> Bool {
        guard let command = NamedQueryCommand.parse(text) else {
            return false
        }
        do {
            switch command {
            case .list:
                showNamedQueries(try namedQueries())
            case .run(let name):
                guard let saved = try namedQueries().first(where: { $0.name == name }) else {
                    host.say(.error("no query named \(Sanitizer.sanitize(name)); \\n lists them"))
                    return true
                }
                statements.run(saved.query)
            case .save(let name, let query):
                let saved = NamedQuery(name: name, query: query)
                if let file = namedQueriesFile {
                    try file.save(saved)
                    host.say(.info("saved query \(Sanitizer.sanitize(name)); \\n \(Sanitizer.sanitize(name)) runs it"))
                } else {
                    host.prompt.sessionQueries.removeAll { $0.name == name }
                    host.prompt.sessionQueries.append(saved)
                    host.say(.info("saved query \(Sanitizer.sanitize(name)) for this run (no history kept)"))
                }
            case .delete(let name):
                let deleted: Bool
                if let file = namedQueriesFile {
                    deleted = try file.delete(name)
                } else {
                    deleted = host.prompt.sessionQueries.contains { $0.name == name }
                    host.prompt.sessionQueries.removeAll { $0.name == name }
                }
                host.say(deleted ? .info("deleted query \(Sanitizer.sanitize(name))")
                    : .error("no query named \(Sanitizer.sanitize(name)); \\n lists them"))
            case .usage(let usage):
                host.say(.error(usage))
            case .unknown(let word):
                host.say(.error("\(Sanitizer.sanitize(word)) is not a command: \\d lists the tables, \\d NAME describes one, "
                           + "\\n lists the named queries, \\n NAME runs one, \\ns NAME QUERY saves one, \\nd NAME deletes one"))
            }
        } catch {
            host.say(.error("named queries: \(error)"))
        }
        return true
    }

    /// The named queries of the database, in the order they were saved.
    private func namedQueries() throws(FileFailure) -> [NamedQuery] {
        guard let file = namedQueriesFile else {
            return host.prompt.sessionQueries
        }
        return try file.load()
    }

    /// Opens a page listing `queries`, each name followed by its query indented; says so when
    /// there is none.
    private func showNamedQueries(_ queries: [NamedQuery]) {
        guard !queries.isEmpty else {
            host.say(.info("no named queries; \\ns NAME QUERY saves one"))
            return
        }
        var lines: [String] = []
        for saved in queries {
            lines.append(saved.name)
            lines += saved.query.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        let title = "Named queries (\(queries.count)): \\n NAME runs one"
        host.state.screens.append(TextPageController(title: title, lines: lines, mode: .sql))
    }
}
