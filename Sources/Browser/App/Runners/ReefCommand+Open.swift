import ArgumentParser
import ORMCore

/// Opening the databases the command line names (`reef shop.db postgres://… data.csv`), in
/// order, each with its own password if its server asks for one; a database that cannot be
/// opened is said and the others open (reef ends only when none does).
extension ReefCommand {
    /// One database the command line names, opened (before the screen is set up, so that a
    /// password can be asked for on the terminal).
    struct OpenedDatabase {
        /// What opens it again, on another schema: the file, URL or connection string (for
        /// imported data files, the database they were imported into).
        var argument: String
        /// The database.
        var database: Database
        /// Its name above the screens when several are open.
        var name: String
        /// The opening, which keeps the password typed for it.
        var opening: PasswordOpening
        /// The import, when these are the data files.
        var imported: ImportSession?
        /// Whether it is the command line's first (`--table` names its table).
        var isFirst: Bool
    }

    /// The databases the command line names, in its order: each file or server, and the data
    /// files, imported together into one, at the first data file's place.
    var databaseArguments: [String] {
        var arguments: [String] = []
        var importPlaced = false
        for file in files {
            if ImportSession.isDataFile(file) {
                if !importPlaced {
                    arguments.append(file)
                    importPlaced = true
                }
            } else {
                arguments.append(file)
            }
        }
        return arguments
    }

    /// Opens each database the command line names, in order; one that cannot be opened has its
    /// error written on standard error and returned among the failures. `imported` holds the data
    /// files' import, if any.
    func openDatabases(imported: ImportSession?) -> (opened: [OpenedDatabase], failures: [String]) {
        var opened: [OpenedDatabase] = []
        var failures: [String] = []
        for (index, argument) in databaseArguments.enumerated() {
            let isImport = ImportSession.isDataFile(argument)
            let path = isImport ? imported?.databasePath ?? argument : argument
            let readOnly = readonly || (isImport && !(imported?.isSaved ?? false))
            // A headless run asks for nothing: a password then comes from the URL, PGPASSWORD or ~/.pgpass.
            let opening = PasswordOpening { prompt in headless == nil ? PasswordPrompt.ask(prompt) : nil }
            do {
                let database = try opening.open(path, readOnly: readOnly, schema: schema, preferStandby: preferStandby)
                let name = isImport ? files.filter(ImportSession.isDataFile).joined(separator: " ") : database.path
                opened.append(OpenedDatabase(argument: path, database: database, name: name, opening: opening,
                                             imported: isImport ? imported : nil, isFirst: index == 0))
            } catch {
                StandardStream.error.write(Sanitizer.sanitize(error.description) + "\n")
                failures.append(error.description)
            }
        }
        return (opened, failures)
    }

    /// The apps on the databases `opened`, in `theme`, sharing `wakeup`; each that cannot be
    /// made (its schema unreadable, `--table` not found) is left out and its error added to
    /// `failures`. The first app shown says what failed, if anything.
    func makeDatabases(_ opened: [OpenedDatabase], failures: inout [String], theme: Theme, wakeup: Wakeup) -> OpenDatabases? {
        var entries: [OpenDatabases.Entry] = []
        for database in opened {
            let reopen = reopening(database, theme: theme, wakeup: wakeup)
            do {
                let app = try makeApp(database, theme: theme, wakeup: wakeup, reopen: reopen)
                entries.append(OpenDatabases.Entry(app: app, name: database.name, reopen: reopen))
            } catch {
                failures.append("reef: \(database.database.path): \(UserMessage.describe(error))")
            }
        }
        guard let first = entries.first else {
            return nil
        }
        if !failures.isEmpty {
            first.app.say(.error("not opened: " + failures.map { $0.hasPrefix("reef: ") ? String($0.dropFirst(6)) : $0 }
                .joined(separator: " · ")))
        }
        return OpenDatabases(first, Array(entries.dropFirst()))
    }

    // MARK: - Private

    /// Opens `database` again on the schema the user chose (`gs`, or another schema's table in the
    /// list) and makes its app, showing that table (with the password typed for the first opening).
    private func reopening(_ database: OpenedDatabase, theme: Theme, wakeup: Wakeup) -> (SchemaSwitch) throws -> App {
        { switched in
            let app = try Reopening.app(
                on: database.argument, readOnly: readonly || (database.imported.map { !$0.isSaved } ?? false),
                preferStandby: preferStandby, password: database.opening.password, theme: theme, wakeup: wakeup, switched)
            app.prompt.store = historyStore(for: app.database.path, imported: nil)
            return app
        }
    }

    /// The application on `opened`. After an import the status bar says what was imported. A
    /// `--table` qualified with another schema (`audit.log`) opens the database again on that
    /// schema (`reopen`).
    ///
    /// - Throws: what ``App/init(database:theme:initialTable:countLimits:wakeup:)`` and `reopen` throw.
    private func makeApp(_ opened: OpenedDatabase, theme: Theme, wakeup: Wakeup,
                         reopen: (SchemaSwitch) throws -> App) throws -> App {
        let initialTable = opened.isFirst ? table ?? opened.imported?.tables.first?.name : opened.imported?.tables.first?.name
        do {
            let app = try App(database: opened.database, theme: theme, initialTable: initialTable, wakeup: wakeup)
            app.prompt.store = historyStore(for: opened.database.path, imported: opened.imported)
            if let imported = opened.imported {
                app.say(.info(imported.summary))
                if !imported.isSaved && !readonly {
                    app.readOnlyReason = "imported files are browsed read-only; --save FILE imports them into a database you can edit"
                }
            }
            return app
        } catch let elsewhere as App.TableInOtherSchema {
            return try reopen(elsewhere.switched)
        }
    }
}
