import ArgumentParser
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The `reef` command line: `reef [options] <database>...` (SQLite files, PostgreSQL servers by
/// `postgres://` URL or libpq `key=value` string, and CSV, TSV and JSON files, imported together
/// as the tables of one database), each open in the same session (`gt` shows the next).
///
/// Errors about a database are one line on standard error (`reef: FILE: REASON`, or for a
/// server `reef: cannot connect to USER@HOST:PORT/DATABASE: REASON`); reef goes on with the
/// others, and exits with status 1 when none could be opened. A file is never created or
/// changed by opening it.
public struct ReefCommand: ParsableCommand {
    /// The command's name, abstract and version.
    public static let configuration = CommandConfiguration(
        commandName: "reef",
        abstract: "Browse any SQLite or PostgreSQL database, or CSV, TSV and JSON files, in the terminal.",
        discussion: """
            Keys follow vim and the arrows alike; press ? in reef for the full list.
            --keys and --script take vim key notation: <Enter> <Esc> <Tab> <C-f> <PgDn> <lt> ...,
            plus <wait:MS> to let background work run and <dump> to print the screen (headless).

            For scripts and CI: reef DB --sql 'STATEMENTS' (--sql - reads them from stdin)
            runs them without a screen, each once in autocommit (a BEGIN opens a
            transaction; one left open at the end is rolled back), and writes the last
            one's rows to standard output: --format csv, tsv, json, jsonl or table
            (default: table when standard output is a terminal, else csv).
            Exit status of --sql:
              0    every statement ran
              1    a statement failed (one line on standard error: statement N of M,
                   its line and column, the database's message; the rest did not run),
                   or the database could not be opened (a missing file)
              2    usage: a bad --format, a flag that needs a screen, no statement
              3    no connection to the PostgreSQL server could be made (retry later)
              130  interrupted by Ctrl-C (the statement is cancelled on the server)
            """,
        version: "0.1.0")

    /// Open the database read-only.
    @Flag(help: "Open the database read-only.")
    var readonly = false

    /// Read from a standby of a cluster, writes on the primary.
    @Flag(help: ArgumentHelp("PostgreSQL cluster: read from a standby the URL lists; staged edits still commit on the primary, and a read right after reef's own commit waits for the standby to replay it (up to 1 s, else it reads on the primary)."))
    var preferStandby = false

    /// The theme name or file.
    @Option(help: ArgumentHelp("A theme: a built-in name, a name from a themes folder ($REEF_THEMES, ~/.local/share/reef/themes, share/reef/themes beside reef, ./themes; --list-themes shows them), or a file path.", valueName: "NAME|PATH"))
    var theme: String?

    /// The table to open first.
    @Option(help: ArgumentHelp("The table or view to open first.", valueName: "NAME"))
    var table: String?

    /// The PostgreSQL schema to browse.
    @Option(help: ArgumentHelp("PostgreSQL: the schema to browse (default: the search_path's first, usually public).",
                               valueName: "NAME"))
    var schema: String?

    /// The headless screen size.
    @Option(help: ArgumentHelp("Render into memory at this size, play the keys, print the final screen; no terminal.",
                               valueName: "COLSxROWS"))
    var headless: String?

    /// Keys to play (taken as they are, a leading `-` included).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Keys to play first, in vim notation (e.g. 'jjl<Enter>').", valueName: "KEYS"))
    var keys: String?

    /// A file of keys to play (its name taken as it is, a leading `-` included).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("A file of keys to play first (vim notation; # starts a comment line).", valueName: "FILE"))
    var script: String?

    /// Keep the SQL and filter history across runs (nil: yes, except headless).
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Keep the SQL and filter prompts' history across runs, per database, in $XDG_STATE_HOME/reef (else ~/.local/state/reef). On by default; headless runs keep none unless given --history."))
    var history: Bool?

    /// List the themes and exit.
    /// Install or remove the PostgreSQL notification triggers, then exit.
    @Flag(help: ArgumentHelp(
        "PostgreSQL: install notification triggers on every table of the schema (a function and one trigger a table; needs CREATE on the schema and TRIGGER on the tables), so other sessions' commits show at once; say what was installed and exit. --remove-triggers removes them and exits."))
    var installTriggers = false
    @Flag(help: ArgumentHelp("PostgreSQL: remove the notification triggers of --install-triggers and exit."))
    var removeTriggers = false

    @Flag(help: "List the available themes and exit.")
    var listThemes = false

    /// The database files and servers, and the data files to import.
    @Argument(help: ArgumentHelp(
        "SQLite database files, PostgreSQL URLs (postgres://user@host:5432/db) or libpq strings ('host=… dbname=…'), and data files to import as the tables of one database (.csv .tsv .jsonl .ndjson .json): each opens in the same session (gt: the next one, gT: the previous).",
        valueName: "file"))
    var files: [String] = []

    /// Where to keep the import of data files.
    @Option(help: ArgumentHelp("Import the data files into this new database and keep it (editable); without it they go to a temporary read-only one.",
                               valueName: "PATH"))
    var save: String?

    /// Statements to run without a screen (`-`: read them from standard input).
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run these statements without a screen and write the last one's rows to standard output ('-': read them from standard input); see below.",
        valueName: "STATEMENTS"))
    var sql: String?

    /// How `--sql` writes the rows.
    @Option(help: ArgumentHelp(
        "With --sql: csv, tsv, json, jsonl or table (default: table when standard output is a terminal, else csv).",
        valueName: "FORMAT"))
    var format: String?

    /// Creates the command with default options (ArgumentParser fills them in).
    public init() {}

    /// Checks the options that can be checked without the database.
    public mutating func validate() throws {
        try validateBatch()
        if !listThemes && files.isEmpty {
            throw ValidationError("Missing expected argument '<file>'")
        }
        if save != nil, !files.contains(where: ImportSession.isDataFile) {
            throw ValidationError("--save keeps an import of data files (.csv .tsv .jsonl .ndjson .json); there is none to import")
        }
        if installTriggers || removeTriggers {
            if installTriggers && removeTriggers {
                throw ValidationError("--install-triggers and --remove-triggers: give one of them")
            }
            if readonly || files.contains(where: ImportSession.isDataFile) {
                throw ValidationError("--install-triggers and --remove-triggers change a PostgreSQL database: not with --readonly or data files")
            }
            if databaseArguments.count > 1 {
                throw ValidationError("--install-triggers and --remove-triggers change one PostgreSQL database: give one")
            }
        }
        if let headless, ScreenSize(parsing: headless) == nil {
            throw ValidationError("--headless takes COLSxROWS, at least 10x3, e.g. 120x40 (got '\(headless)')")
        }
    }

    /// Parses the command line and runs reef; a usage error of `--sql` exits with status 2
    /// (ArgumentParser's own is 64), as `--help` documents for scripts.
    public static func main() {
        ProcessMemory.configureAtStart()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let isUsage = exitCode(for: error).rawValue == ExitCode.validationFailure.rawValue
            if isUsage, arguments.contains(where: { $0 == "--sql" || $0.hasPrefix("--sql=") }) {
                StandardStream.error.write(fullMessage(for: error) + "\n")
                Self.exit(withError: ExitCode(BatchExit.usage.rawValue))
            }
            Self.exit(withError: error)
        }
    }

    /// Runs reef.
    public func run() throws {
        if listThemes {
            let themes = ThemeLoader.available()
            let width = themes.map { TextWidth.of($0.name) }.max() ?? 0
            for theme in themes {
                print(theme.name + String(repeating: " ", count: width - TextWidth.of(theme.name) + 2) + theme.source)
            }
            return
        }
        guard !files.isEmpty else {
            throw ValidationError("Missing expected argument '<file>'")
        }
        if let sql {
            runBatch(sql)
        }
        let steps = try scriptSteps()
        let chosenTheme: Theme
        do {
            chosenTheme = try ThemeLoader.load(theme)
        } catch {
            fail("reef: \(error)")
        }
        let imported = files.contains(where: ImportSession.isDataFile) ? importFiles() : nil
        defer { imported?.removeTemporaryFiles() }
        let opening = openDatabases(imported: imported)
        let opened = opening.opened
        var failures = opening.failures
        guard let firstOpened = opened.first else {
            imported?.removeTemporaryFiles()
            Self.exit(withError: ExitCode.failure)
        }
        if installTriggers || removeTriggers {
            do {
                print(try TriggerInstallation.run(installTriggers ? .install : .remove, on: firstOpened.database))
            } catch {
                fail("reef: \(firstOpened.database.path): \(error)")
            }
            return
        }
        let importNote = imported.map { $0.report() } ?? []
        let wakeup = Wakeup()
        if let headless, let size = ScreenSize(parsing: headless) {
            importNote.forEach { StandardStream.error.write(Sanitizer.sanitize($0) + "\n") }
            let openedCount = failures.count
            let databases = makeDatabases(opened, failures: &failures, theme: chosenTheme, wakeup: wakeup)
            for failure in failures.dropFirst(openedCount) {
                StandardStream.error.write(Sanitizer.sanitize(failure) + "\n")
            }
            guard let databases else {
                failAll([], imported: imported)
            }
            // Each screen is written at once (unbuffered), so a watcher sees a <dump> mid-script.
            HeadlessRunner(databases: databases, columns: size.columns, rows: size.rows).run(steps) { screen in
                StandardStream.output.write(screen.map { $0 + "\n" }.joined())
            }
            for note in databases.finish() {
                StandardStream.error.write(Sanitizer.sanitize(note) + "\n")
            }
            return
        }
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            fail(error.description)
        }
        defer { backend.close() }  // once: also closed below, before the notes are printed
        // The theme brought down to the terminal's colours (monochrome without any).
        let theme = chosenTheme.downgraded(toColors: backend.colors)
        let openedCount = failures.count
        guard let databases = makeDatabases(opened, failures: &failures, theme: theme, wakeup: wakeup) else {
            backend.close()
            failAll(Array(failures.dropFirst(openedCount)), imported: imported)
        }
        let terminal = Terminal(backend: backend)
        EventLoop(databases: databases, terminal: terminal, input: NcursesInput(wakeup: wakeup)).run(script: steps)
        let notes = databases.finish()
        backend.close()
        // What could not be opened was said before the screen; what failed after is said again now.
        for line in failures.dropFirst(openedCount) + notes + importNote {
            StandardStream.error.write(Sanitizer.sanitize(line) + "\n")
        }
    }

    // MARK: - Private

    /// The steps of `--script` then `--keys`.
    private func scriptSteps() throws -> [ScriptStep] {
        var steps: [ScriptStep] = []
        do {
            if let script {
                guard let contents = try? String(contentsOfFile: script, encoding: .utf8) else {
                    fail("reef: \(script): cannot read the script file")
                }
                steps += try KeyScript.parseScript(contents, file: script)
            }
            if let keys {
                steps += try KeyScript.parse(keys)
            }
        } catch {
            fail("reef: \(error.description)")
        }
        return steps
    }

    /// Imports the data files, showing progress on standard error; a file that cannot be imported
    /// ends reef with a one-line error and exit status 1.
    func importFiles() -> ImportSession {
        let dataFiles = files.filter(ImportSession.isDataFile)
        var progress = ImportProgressLine(paths: dataFiles)
        defer { progress.finish() }
        do {
            return try ImportSession(paths: dataFiles, savePath: save) { progress.update(file: $0, fraction: $1) }
        } catch {
            progress.finish()
            fail((error as? ImportError)?.description ?? "reef: \(UserMessage.describe(error))")
        }
    }

    /// Where the prompts' history of `databasePath` is kept across runs: the state folder, unless
    /// `--no-history`, or a headless run without `--history`, or a temporary import (whose
    /// database is gone after the run), or there is no state folder.
    func historyStore(for databasePath: String, imported: ImportSession?) -> HistoryStore? {
        guard history ?? (headless == nil), imported.map(\.isSaved) ?? true,
              let folder = StateFolder.path(environment: ProcessInfo.processInfo.environment)
        else {
            return nil
        }
        return HistoryStore(folder: folder, databasePath: databasePath)
    }

    /// Prints `failures` on standard error as ``fail(_:)`` does, the temporary import removed, and
    /// exits with status 1: no database could be opened.
    private func failAll(_ failures: [String], imported: ImportSession?) -> Never {
        imported?.removeTemporaryFiles()
        for failure in failures {
            StandardStream.error.write(Sanitizer.sanitize(failure) + "\n")
        }
        Self.exit(withError: ExitCode.failure)
    }

    /// Prints `message` on standard error, its control characters shown as on the screens (a file
    /// name may hold escapes), and exits with status 1.
    private func fail(_ message: String) -> Never {
        StandardStream.error.write(Sanitizer.sanitize(message) + "\n")
        Self.exit(withError: ExitCode.failure)
    }
}
