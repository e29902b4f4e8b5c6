import ArgumentParser
import ORMCore

#if canImport(Glibc)
    import Glibc
#endif

/// `reef DB --sql STATEMENTS`: the statements run without a screen (no terminal is set up at
/// all) and the last one's rows go to standard output (``BatchRun``), for scripts and CI.
extension ReefCommand {
    /// The flags that need a screen, refused beside `--sql` (a usage error, status 2).
    private var screenFlags: [String] {
        var given: [String] = []
        if headless != nil { given.append("--headless") }
        if keys != nil { given.append("--keys") }
        if script != nil { given.append("--script") }
        if theme != nil { given.append("--theme") }
        if table != nil { given.append("--table") }
        if history != nil { given.append(history == true ? "--history" : "--no-history") }
        if listThemes { given.append("--list-themes") }
        if installTriggers { given.append("--install-triggers") }
        if removeTriggers { given.append("--remove-triggers") }
        return given
    }

    /// Checks `--sql` and `--format` before anything is opened.
    func validateBatch() throws {
        guard let sql else {
            if format != nil {
                throw ValidationError("--format goes with --sql (how its rows are written)")
            }
            return
        }
        if !screenFlags.isEmpty {
            throw ValidationError("--sql runs without a screen: not with \(screenFlags.joined(separator: ", "))")
        }
        if let format, BatchFormat(rawValue: format) == nil {
            throw ValidationError("--format takes \(BatchFormat.names) (got '\(format)')")
        }
        if databaseArguments.count > 1 {
            throw ValidationError("--sql runs on one database (or data files imported together): \(databaseArguments.count) given")
        }
        if sql != "-", !SQLScript.hasTokens(sql) {
            throw ValidationError("--sql: no statement to run")
        }
    }

    /// Runs `sql` (`-`: standard input) on the database or the imported data files and exits
    /// with ``BatchExit``'s status.
    func runBatch(_ sql: String) -> Never {
        let text = sql == "-" ? Self.readStandardInput() : sql
        guard SQLScript.hasTokens(text) else {
            exitBatch(.usage, saying: "reef: --sql: no statement to run")
        }
        guard let first = files.first else {
            exitBatch(.usage, saying: "reef: --sql: no database given")
        }
        let imported = files.count > 1 || ImportSession.isDataFile(first) ? importFiles() : nil
        defer { imported?.removeTemporaryFiles() }
        let readOnly = readonly || (imported.map { !$0.isSaved } ?? false)
        let database: Database
        do {
            // A password the server wants and nothing gave is asked for on the terminal, as psql does.
            database = try PasswordOpening(ask: PasswordPrompt.ask).open(
                imported?.databasePath ?? first, readOnly: readOnly, schema: schema, preferStandby: preferStandby)
        } catch {
            imported?.removeTemporaryFiles()
            exitBatch(error.isConnectionFailure ? .connection : .failed, saying: error.description)
        }
        let interruption = Interruption()
        BatchInterrupt.install(stopping: interruption)
        var run = BatchRun(database: database, format: batchFormat, interruption: interruption)
        if let imported, !imported.isSaved, !readonly {
            run.readOnlyReason = "imported files are browsed read-only; --save FILE imports them into a database you can edit"
        }
        let status = run.run(text, output: BatchOutput()) { StandardStream.error.write($0 + "\n") }
        imported?.removeTemporaryFiles()
        exitBatch(status, saying: nil)
    }

    /// The format `--format` names, else the default for standard output.
    private var batchFormat: BatchFormat {
        format.flatMap(BatchFormat.init(rawValue:)) ?? .standard(isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// Says `message` (if any) on standard error, its control characters shown, and exits with `status`.
    private func exitBatch(_ status: BatchExit, saying message: String?) -> Never {
        if let message {
            StandardStream.error.write(Sanitizer.sanitize(message) + "\n")
        }
        Glibc.exit(status.rawValue)
    }

    /// All of standard input, as UTF-8 text (an invalid sequence read as U+FFFD).
    private static func readStandardInput() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                continue
            }
            guard count > 0 else {
                break
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
