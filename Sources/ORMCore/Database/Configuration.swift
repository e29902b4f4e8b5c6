/// How a ``Database`` opens its file and behaves.
public struct Configuration: Sendable {
    /// How the journal is set when a database is opened for writing.
    public enum JournalMode: Sendable {
        /// Switch the file to write-ahead logging: readers never wait for the writer.
        case wal
        /// Keep whatever mode the file has (for browsing files you do not own).
        case unchanged
    }

    /// Open the file for reading only: every write fails with ``ORMError/readOnlyDatabase(path:)``.
    public var readOnly = false
    /// Create the file if it is missing (ignored when read-only).
    public var createIfMissing = true
    /// The journal mode set on open.
    public var journalMode = JournalMode.wal
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// Whether foreign keys are enforced.
    public var foreignKeys = true
    /// The most reader connections opened at once (file databases only).
    public var maximumReaders = 4
    /// The page cache of each connection, in KiB (`PRAGMA cache_size`); nil keeps SQLite's default
    /// (2 MiB). A small cache keeps a long-running viewer's memory low: the operating system caches
    /// the file anyway. It also bounds the memory a large sort uses before it spills to disk.
    public var pageCacheKiB: Int?
    /// Functions written in Swift that SQL may call, registered on every connection.
    public var functions: [SQLFunction] = []
    /// Called with each statement's SQL as it starts running, on the thread that runs it.
    public var tracer: (@Sendable (String) -> Void)?

    /// The default configuration: read-write, created if missing, WAL, 5 s busy timeout, foreign keys on.
    public init() {}
}
