import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One prompt's history of one database, kept in a file of the state folder between runs.
///
/// The file is `history/NAME-HASH.KIND` in the folder (NAME the database's file name, or a
/// server's database name, HASH a digest of its ``DatabaseIdentity``): lines of JSON strings, the
/// identity first (a file's real path; `user@host:port/database`, no password), then the
/// entries oldest first, at most ``limit`` of them. It is written whole to a temporary file with
/// permissions 0600 and renamed over the old one, so a crash never leaves half a history, and an
/// entry another reef added meanwhile is kept (each write reads the file again first).
struct HistoryFile: Sendable {
    /// The most entries kept; the oldest go first.
    static let limit = 1_000
    /// The longest entry kept across runs, in UTF-8 bytes (a longer one is kept for this run only).
    static let longestEntry = 64 * 1024

    /// Why the history could not be read or written.
    typealias Failure = FileFailure

    /// The file.
    let path: String
    /// The database's identity (``DatabaseIdentity``), the first line of the file.
    let database: String

    /// The history of `kind` (`sql`, `filter`) of the database `databasePath` names (a file or a
    /// server's connection string, keyed by ``DatabaseIdentity``), in `folder`.
    init(folder: String, databasePath: String, kind: String) {
        let real = DatabaseIdentity.of(databasePath)
        database = real
        path = folder + "/history/" + StateFile.name(for: real) + "." + kind
    }

    /// The entries, oldest first; none when there is no file yet.
    ///
    /// - Throws: ``Failure`` when the file exists but cannot be read, or belongs to another database.
    func load() throws(Failure) -> [String] {
        // A line that does not decode (cut by a full disk, edited by hand) is skipped.
        let entries = try StateFile.readLines(of: path, ownedBy: database, holding: "history") ?? []
        return Array(entries.suffix(Self.limit))
    }

    /// Adds `entry` (unless it repeats the last one) and writes the file again.
    ///
    /// - Throws: ``Failure`` when the folder cannot be made or the file written; the file is then
    ///   as it was.
    func append(_ entry: String) throws(Failure) {
        guard entry.utf8.count <= Self.longestEntry else {
            return
        }
        var entries = try load()
        guard entries.last != entry else {
            return
        }
        entries.append(entry)
        try write(Array(entries.suffix(Self.limit)))
    }

    // MARK: - Writing

    /// Writes `entries` to a temporary file and renames it over ``path`` (``StateFile``).
    private func write(_ entries: [String]) throws(Failure) {
        try StateFile.write(lines: [database] + entries, to: path)
    }
}
