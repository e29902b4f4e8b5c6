/// SQLite files attached to every connection of a database, each under a schema name of its own
/// (`ATTACH DATABASE 'path' AS "name"`), so one statement can read the database's tables and an
/// attached file's together (``Database/attach(file:as:)``). A connection opened later attaches them
/// too. Ignored on PostgreSQL.
public final class AttachedFiles: Sendable {
    /// The files, by schema name, in the order attached.
    private let files = Lock<[(name: String, path: String)]>([])

    /// No file attached yet.
    public init() {}

    /// The files attached, in order.
    package var all: [(name: String, path: String)] {
        files.withLock { $0 }
    }

    /// How many files are attached.
    public var count: Int {
        files.withLock { $0.count }
    }

    /// Adds `path` under `name`; false when a file is attached under that name already.
    package func add(_ path: String, as name: String) -> Bool {
        files.withLock { files in
            guard !files.contains(where: { $0.name.equalsIgnoringASCIICase(name) }) else {
                return false
            }
            files.append((name, path))
            return true
        }
    }
}
