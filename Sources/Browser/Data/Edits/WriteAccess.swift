import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why reef cannot write a database, if it cannot: opened with `--readonly`, a file without
/// write permission, or a folder without it (SQLite creates its journal beside the file).
///
/// Asked before every change is staged, so a read-only database refuses the change at once
/// with the reason, not at commit with SQLite's `attempt to write a readonly database`.
enum WriteAccess {
    /// A write refused for ``refusal(for:)``'s reason.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// Why the database cannot be written.
        var reason: String

        var description: String {
            "read-only: \(reason)"
        }
    }

    /// The reason `database` cannot be written, nil when it can: a SQLite file's own reason first
    /// (see ``fileRefusal(path:)``), else `--readonly` (on PostgreSQL, every transaction is then
    /// read-only), else a standby as the writer's server (a URL naming only standbys). A server decides itself what a user may write: its refusal (a missing
    /// privilege) comes with the edit's check, in the server's words.
    static func refusal(for database: Database) -> String? {
        if database.dialect.kind == .sqlite, let refusal = fileRefusal(path: database.path) {
            return refusal
        }
        if database.configuration.readOnly {
            return "the database is open with --readonly"
        }
        if let node = database.serverNode, node.isStandby {
            return "\(Sanitizer.sanitize(node.description)) is a standby (it replays its primary's log and takes no writes): "
                + "open the primary, or a URL that lists it"
        }
        return nil
    }

    /// The reason the file at `path` cannot be written, nil when it can: a read-only filesystem, a
    /// file without write permission, or a folder without it. Such a file is opened read-only at
    /// the SQLite level too (see ``DatabaseOpener``), so no statement can write it.
    static func fileRefusal(path: String) -> String? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            return nil
        }
        let file = URL(fileURLWithPath: path)
        var system = statvfs()
        if statvfs(file.path, &system) == 0, system.f_flag & UInt(ST_RDONLY) != 0 {
            return "\(file.lastPathComponent) is on a read-only filesystem"
        }
        if !isWritable(file.path) {
            return "\(file.lastPathComponent) is a read-only file"
        }
        if !isWritable(file.deletingLastPathComponent().path) {
            return "the folder of \(file.lastPathComponent) is read-only (SQLite writes its journal there)"
        }
        return nil
    }

    /// Whether the process may write `path`. The superuser may write anything, so for it, as in
    /// vim, a file or folder with no write permission bit at all counts as read-only.
    private static func isWritable(_ path: String) -> Bool {
        guard FileManager.default.isWritableFile(atPath: path) else {
            return false
        }
        guard geteuid() == 0 else {
            return true
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            return true
        }
        return status.st_mode & 0o222 != 0
    }
}
