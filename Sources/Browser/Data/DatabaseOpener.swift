import FoundationEssentials
import ORMCore

/// Opens the database named on the command line without ever creating or converting it.
///
/// Read-write by default, keeping the file's journal mode (no switch to WAL); read-only with
/// `--readonly`. Every failure becomes an ``OpenError`` naming the file and the cause.
enum DatabaseOpener {
    /// Opens `path`.
    ///
    /// - Throws: ``OpenError`` when the file is missing, is a directory, is not a database, is
    ///   corrupt or is locked.
    static func open(path: String, readOnly: Bool) throws(OpenError) -> Database {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw OpenError(path: path, reason: "no such file")
        }
        guard !isDirectory else {
            throw OpenError(path: path, reason: "is a directory, not a database file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw OpenError(path: path, reason: "permission denied")
        }
        var configuration = Configuration()
        configuration.readOnly = readOnly
        configuration.createIfMissing = false
        configuration.journalMode = .unchanged
        configuration.busyTimeoutMilliseconds = 2_000
        // A viewer reads windows by key: a small cache per connection keeps memory low (the
        // operating system caches the file) and makes big sorts spill to disk sooner.
        configuration.pageCacheKiB = 512
        configuration.functions = [TextFold.function]
        do {
            let database = try Database(path: path, configuration: configuration)
            // Reading the schema catches damage that the header check lets through.
            _ = try database.schemaObjects()
            return database
        } catch {
            throw OpenError(path: path, reason: UserMessage.openFailure(error))
        }
    }
}
