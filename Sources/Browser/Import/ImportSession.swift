import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#endif

/// The data files named on the command line, imported into one database: a temporary one removed
/// when reef ends, or the file `--save` names, kept.
final class ImportSession {
    /// The database holding the tables.
    let databasePath: String
    /// What each file became, in the order given.
    let tables: [ImportedTable]
    /// Whether the database is the user's to keep (`--save`).
    let isSaved: Bool
    /// The temporary folder to remove at the end, if any.
    private let temporaryFolder: String?

    /// Whether `path` names a file to import rather than a database: a known extension, unless the
    /// file is an SQLite database whatever its name.
    static func isDataFile(_ path: String) -> Bool {
        guard ImportFormat.of(path: path) != nil else {
            return false
        }
        guard let file = try? FileChunks(path: path), let start = try? file.peek(16) else {
            return true
        }
        return start != Array("SQLite format 3\0".utf8)
    }

    /// Imports `paths` into a new database.
    ///
    /// - Parameters:
    ///   - savePath: the database to create and keep; nil for a temporary one.
    ///   - progress: told the file being read (its index) and the fraction of it done.
    /// - Throws: ``ImportError`` naming the file that could not be imported, or why the database
    ///   could not be made; nothing is left behind then.
    init(paths: [String], savePath: String?, progress: (Int, Double) -> Void = { _, _ in }) throws {
        let folder: String?
        let databasePath: String
        if let savePath {
            guard !FileManager.default.fileExists(atPath: savePath) else {
                throw ImportError(path: savePath, reason: "already exists: --save makes a new database (choose another name)")
            }
            folder = nil
            databasePath = savePath
        } else {
            let made: String
            do {
                made = try TemporaryFolders.make("import")
            } catch let failure as FileFailure {
                throw ImportError(path: failure.path, reason: "cannot make a temporary folder: \(failure.reason)")
            }
            folder = made
            databasePath = made + "/import.db"
        }
        var tables: [ImportedTable] = []
        do {
            var configuration = Configuration()
            configuration.createIfMissing = true
            // A temporary copy need not survive a crash of the machine; a saved one (--save) must.
            configuration.waitsForDisk = folder == nil
            let database = try Database(path: databasePath, configuration: configuration)
            var taken: Set<String> = []
            for (index, path) in paths.enumerated() {
                guard let format = ImportFormat.of(path: path) else {
                    throw ImportError(path: path, reason: "is not a data file to import (.csv .tsv .jsonl .ndjson .json)")
                }
                let name = FileImporter.tableName(for: path, taken: taken)
                taken.insert(name.lowercased())
                tables.append(try FileImporter.importFile(path, format: format, into: database, table: name) {
                    progress(index, $0)
                })
            }
        } catch {
            if let folder {
                try? FileManager.default.removeItem(atPath: folder)
            } else {
                for suffix in ["", "-wal", "-shm", "-journal"] {
                    try? FileManager.default.removeItem(atPath: databasePath + suffix)
                }
            }
            if let error = error as? ImportError {
                throw error
            }
            throw ImportError(path: paths.first ?? databasePath, reason: UserMessage.describe(error))
        }
        self.databasePath = databasePath
        self.tables = tables
        isSaved = savePath != nil
        temporaryFolder = folder
    }

    /// Removes the temporary database (nothing when it was saved).
    func removeTemporaryFiles() {
        if let temporaryFolder {
            try? FileManager.default.removeItem(atPath: temporaryFolder)
        }
    }

    /// One line for the status bar: what was imported and whether anything was wrong.
    var summary: String {
        let rows = tables.reduce(0) { $0 + $1.rows }
        let files = tables.count == 1 ? Sanitizer.sanitize(tables[0].path) : "\(tables.count) files"
        var text = "imported \(files): \(ListWidget.formatCount(rows)) row\(rows == 1 ? "" : "s")"
        let problems = tables.reduce(0) { $0 + $1.problemCount }
        if problems > 0 {
            text += "; \(ListWidget.formatCount(problems)) problem\(problems == 1 ? "" : "s") listed when reef ends"
        }
        if !isSaved {
            text += " (read-only; --save FILE keeps it)"
        }
        return text
    }

    /// The problems, a line each (`reef: sales.csv:12: …`), at most `limit` a file.
    func report(limit: Int = 20) -> [String] {
        var lines: [String] = []
        for table in tables where table.problemCount > 0 {
            let path = Sanitizer.sanitize(table.path)
            for problem in table.problems.prefix(limit) {
                lines.append("reef: \(path):\(problem.line): \(Sanitizer.sanitize(problem.message))")
            }
            if table.problemCount > min(limit, table.problems.count) {
                lines.append("reef: \(path): \(table.problemCount - min(limit, table.problems.count)) more problems")
            }
        }
        return lines
    }
}
