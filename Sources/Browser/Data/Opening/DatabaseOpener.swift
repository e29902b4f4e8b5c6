import FoundationEssentials
import ORMCore
import PostgresClient

/// Opens the database named on the command line without ever creating or converting it.
///
/// Read-write by default, keeping the file's journal mode (no switch to WAL). Read-only, at the
/// SQLite level (no statement can write, whatever it is), with `--readonly` and for a file reef
/// cannot write (see ``WriteAccess/fileRefusal(path:)``); such a file is opened so as to leave no
/// file behind where SQLite allows (see ``ReadOnlyOpening``). Every failure becomes an
/// ``OpenError`` naming the file and the cause.
enum DatabaseOpener {
    /// The most heap SQLite keeps for itself, in bytes, for the whole process (its soft heap
    /// limit): past it, page caches recycle pages and sorts spill to disk sooner. Without it the
    /// buffers SQLite keeps beside its page caches (the 2 MB each window function's rows fill
    /// before spilling, a sorter on each reader) raised reef's peak by 6–9 MB on a frequency table
    /// of 100,000 values; with it a million rows browse, count and summarise within 32 MB.
    static let sqliteHeapLimit = 2 * 1_048_576

    /// Opens what the command line names: a PostgreSQL server for a `postgres://` URL or a libpq
    /// `key=value` string (``Database/namesServer(_:)``) that is not the name of a file, else the
    /// SQLite file `argument`. `schema` is the PostgreSQL schema to browse (nil: the
    /// `search_path`'s first); a SQLite file has only `main`. `password` is the server's, when the
    /// user typed it (``PasswordOpening``).
    ///
    /// - Throws: ``OpenError`` naming the file or the server and why it could not be opened.
    static func open(_ argument: String, readOnly: Bool, schema: String? = nil,
                     preferStandby: Bool = false, password: String? = nil) throws(OpenError) -> Database {
        if Database.namesServer(argument), !FileManager.default.fileExists(atPath: argument) {
            return try openServer(argument, readOnly: readOnly, schema: schema, preferStandby: preferStandby,
                                  password: password)
        }
        if let schema, schema != "main" {
            throw OpenError(
                path: argument,
                reason: "--schema chooses a PostgreSQL schema; a SQLite file has one, main (not \(Sanitizer.sanitize(schema)))")
        }
        return try open(path: argument, readOnly: readOnly)
    }

    /// Opens the PostgreSQL server `url` names, read-only with `readOnly` (every transaction
    /// `READ ONLY`), browsing `schema` (nil: the `search_path`'s first); with `preferStandby`,
    /// reads go to a standby the URL lists (``ReadPlacement/preferStandby(maximumWait:)``: a read
    /// after reef's own commit waits for the standby to replay it, up to 1 s, else reads on the
    /// primary) while the writer stays on the primary; every session connects with `password`
    /// when the URL has none.
    ///
    /// - Throws: ``OpenError`` without a path, whose reason names the server (user, host, port,
    ///   database; never a password) and libpq's or the server's reason on one line
    ///   (``OpenError/passwordTarget`` when the server asked for a password none gave); for a
    ///   schema the database does not have, the connection string (no password) and the schemas
    ///   it has.
    static func openServer(_ url: String, readOnly: Bool, schema: String? = nil,
                           preferStandby: Bool = false, password: String? = nil) throws(OpenError) -> Database {
        var configuration = Configuration()
        configuration.password = password
        configuration.readOnly = readOnly
        if preferStandby {
            configuration.readPlacement = .preferStandby()
        }
        configuration.busyTimeoutMilliseconds = 2_000
        // pg_stat_activity shows reef's sessions as reef's (a name in the URL or PGAPPNAME wins).
        configuration.applicationName = "reef"
        do {
            // Connecting is the check: the table list's first read tells the rest.
            return try Database(url: url, schema: schema, configuration: configuration)
        } catch let error as PostgresDatabaseError {
            let reason = Sanitizer.sanitize(error.underlying.oneLine)
            guard error.underlying.kind == .connection else {
                throw OpenError(path: Database.withoutPassword(url), reason: reason)
            }
            let asked = error.needsPassword ? error.underlying.target.map { Sanitizer.sanitize("\($0)") } : nil
            throw OpenError(path: nil, reason: reason, passwordTarget: asked, isConnectionFailure: true)
        } catch {
            throw OpenError(path: nil, reason: UserMessage.describe(error))
        }
    }

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
        configuration.readOnly = readOnly || WriteAccess.fileRefusal(path: path) != nil
        configuration.createIfMissing = false
        configuration.journalMode = .unchanged
        configuration.busyTimeoutMilliseconds = 2_000
        // A viewer reads windows by key: a small cache per connection keeps memory low (the
        // operating system caches the file) and makes big sorts spill to disk sooner.
        configuration.pageCacheKiB = 512
        configuration.functions = [TextFold.function, RegexpFunction.function, BarFunction.function]
        let accesses = configuration.readOnly ? ReadOnlyOpening.accesses(for: path) : [.shared]
        var failure: (any Error)?
        for access in accesses {
            configuration.readOnlyAccess = access
            do {
                let database = try Database(path: path, configuration: configuration)
                // Reading the schema catches damage that the header check lets through.
                _ = try database.schemaObjects()
                // Process-wide: one connection sets it (a PRAGMA takes no bound value: an integer constant).
                _ = try database.scalar("PRAGMA soft_heap_limit = \(raw: String(sqliteHeapLimit))")
                return database
            } catch {
                failure = failure ?? error
            }
        }
        throw OpenError(path: path, reason: reason(for: failure, path: path, readOnly: configuration.readOnly))
    }

    /// What to say of `error`: for a WAL file that could not be opened read-only, why.
    private static func reason(for error: (any Error)?, path: String, readOnly: Bool) -> String {
        let reason = error.map(UserMessage.openFailure) ?? "cannot open the file"
        guard readOnly, DatabaseFile.isInWALMode(atPath: path), (error as? SQLiteError)?.code == .cannotOpen else {
            return reason
        }
        return reason + "; it is in WAL mode, and its -shm file cannot be opened or made here (a read-only"
            + " folder or filesystem) while another process has it open, or the -shm left there is not readable"
    }
}
