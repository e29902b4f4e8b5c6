/// How a ``Database`` opens its file and behaves.
public struct Configuration: Sendable {
    /// How the journal is set when a database is opened for writing.
    public enum JournalMode: Sendable {
        /// Switch the file to write-ahead logging: readers never wait for the writer.
        case wal
        /// Keep whatever mode the file has (for browsing files you do not own).
        case unchanged
    }

    /// How a read-only database shares its file with other connections.
    public enum ReadOnlyAccess: Sendable, Equatable {
        /// As any reader: with locks and, in WAL mode, the shared WAL index (the `-shm` file,
        /// created if missing and left behind, as SQLite leaves it for a read-only connection).
        case shared
        /// The file as it is now, with no lock and no file created (SQLite's `immutable`): the WAL
        /// is not read, and nothing another process writes later is seen. Only for a file that
        /// nothing changes while it is open, with nothing in its WAL.
        case immutable
        /// No lock, and the WAL index kept in each connection's memory instead of a `-shm` file
        /// (the `unix-none` VFS in exclusive locking mode): the WAL's frames are read as they are
        /// when a connection opens, nothing another process writes later is seen, and no file is
        /// created or removed. For a WAL file no other process has open.
        case privateWALIndex
    }

    /// Open the file for reading only: every write fails with ``ORMError/readOnlyDatabase(path:)``,
    /// and SQLite itself refuses any statement that would write (the file is opened read-only).
    /// On PostgreSQL every session's transactions are read-only (`default_transaction_read_only`),
    /// and what a read-only transaction still lets write (the large-object functions, `COPY … TO`
    /// a server file, `ALTER SYSTEM`, the administration functions, turning the setting off) is
    /// refused with SQLSTATE 25006 before it is sent; see "Read-only sessions" in the DocC guide.
    public var readOnly = false
    /// How a read-only database shares its file (ignored unless ``readOnly``).
    public var readOnlyAccess = ReadOnlyAccess.shared
    /// Create the file if it is missing (ignored when read-only).
    public var createIfMissing = true
    /// The journal mode set on open.
    public var journalMode = JournalMode.wal
    /// Whether a commit waits until the disk holds it (SQLite's `synchronous`: `NORMAL` in WAL mode,
    /// which waits at checkpoints). False (`OFF`) suits a scratch database that need not survive a
    /// crash of the machine, such as a copy of query results: no write ever waits for the disk.
    /// SQLite only.
    public var waitsForDisk = true
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`
    /// (on PostgreSQL, the writer's and the trial's `lock_timeout`: a row lock another session
    /// holds, failing with `55P03`, busy).
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// Whether foreign keys are enforced.
    public var foreignKeys = true
    /// The most reader connections opened at once (file databases only).
    public var maximumReaders = 4
    /// The page cache of each connection, in KiB (`PRAGMA cache_size`); nil keeps SQLite's default
    /// (2 MiB). A small cache keeps a long-running viewer's memory low: the operating system caches
    /// the file anyway. It also bounds the memory a large sort uses before it spills to disk.
    public var pageCacheKiB: Int?
    /// The page size of a database file this configuration creates, in bytes (`PRAGMA page_size`,
    /// a power of two from 512 to 65,536); nil keeps SQLite's default (4,096). An existing file
    /// keeps its own. Small pages make a large sort's merge cheaper in memory: SQLite reads each
    /// sorted run it merges through a buffer of one page (a million-row sort merges a hundred
    /// runs or more). SQLite only.
    public var pageSize: Int?
    /// The settings one driver reads, declared in its folder (SQLite's ``functions``).
    package var driverOptions = DriverOptions()
    /// SQLite files attached to every connection (``Database/attach(file:as:)``), shared by the
    /// connections opened with this configuration.
    public var attachedFiles = AttachedFiles()
    /// Called with each statement's SQL as it starts running, on the thread that runs it.
    public var tracer: (@Sendable (String) -> Void)?
    /// On PostgreSQL, the name every session of the database gives the server (its
    /// `application_name`, which `pg_stat_activity` and the server's log show), unless the
    /// connection string names one (`application_name=…`, `?application_name=…`) or `PGAPPNAME`
    /// is set: the user's own name wins. Ignored on SQLite.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.applicationName = "billing"
    /// let database = try Database(url: "postgres://ann@db/sales", configuration: configuration)
    /// ```
    public var applicationName = "ORMCore"
    /// On PostgreSQL with a connection string naming several servers, where reads run: on the
    /// primary (the default) or on a standby with read-your-writes (``ReadPlacement``). Ignored on
    /// SQLite.
    public var readPlacement = ReadPlacement.primary
    /// On PostgreSQL, how long connecting to one server may take before libpq tries the next
    /// (`connect_timeout`, in whole seconds, at least 2), unless the connection string sets it.
    /// Ignored on SQLite.
    public var connectTimeoutSeconds = 10
    /// On PostgreSQL, the password every session connects with when the connection string has
    /// none: what a program asked its user for after a connection failed with
    /// ``PostgresDatabaseError/needsPassword``. Kept in memory only, never in an error or a
    /// path. Nil leaves it to libpq (`PGPASSWORD`, `~/.pgpass`). Ignored on SQLite.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.password = typedPassword
    /// let database = try Database(url: "postgres://ann@db/sales", configuration: configuration)
    /// ```
    public var password: String?

    /// The default configuration: read-write, created if missing, WAL, 5 s busy timeout, foreign keys on.
    public init() {}
}
