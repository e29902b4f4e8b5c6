import FoundationEssentials
import ORMCore

#if canImport(Glibc)
    import Glibc
#endif

/// How reef opens a database it only reads, so that it leaves nothing behind where SQLite allows.
///
/// A file in rollback-journal mode is read with SQLite's ordinary locks: a reader makes no file.
/// A WAL file is read through the WAL index other connections share (its `-shm` file) when one
/// exists or another process has the file open. When none does, a reader would create a `-shm`
/// (and an empty `-wal`) and leave them behind, and cannot open at all where they cannot be made (a
/// read-only folder or filesystem); so the file is read without them: as `immutable` when its WAL
/// holds nothing (the file is all there is), else with a WAL index in memory. Either way what
/// another process writes after reef opened the file is not shown.
enum ReadOnlyOpening {
    /// The ways to try opening `path` read-only, best first.
    static func accesses(for path: String) -> [Configuration.ReadOnlyAccess] {
        guard DatabaseFile.isInWALMode(atPath: path) else {
            return [.shared]
        }
        let unshared = walHasFrames(path) ? Configuration.ReadOnlyAccess.privateWALIndex : .immutable
        if FileManager.default.fileExists(atPath: path + "-shm") {
            // Shared when it can be; when the -shm cannot be opened (a read-only filesystem), the
            // file cannot change while reef reads it either.
            return [.shared, unshared]
        }
        return isOpenElsewhere(path) ? [.shared] : [unshared]
    }

    /// Whether the WAL file beside `path` holds at least one frame (more than its 32-byte header).
    /// Read with `stat`: `FileManager`'s attributes hold the size as `UInt64`, which `as? Int`
    /// took only while all of Foundation was loaded (its `NSNumber` bridged it), so without it a
    /// WAL's commits went unseen.
    private static func walHasFrames(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 32
    }

    /// Whether another process holds a lock on the file (a WAL connection holds one as long as it is
    /// open), as `/proc/locks` lists them; true when that cannot be told. The file is not opened:
    /// closing a descriptor of it would drop the locks this process's own connections hold on it.
    private static func isOpenElsewhere(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return true
        }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let hex = { (number: UInt64) in
            let digits = String(number, radix: 16)
            return digits.count < 2 ? "0" + digits : digits
        }
        let file = "\(hex(major)):\(hex(minor)):\(UInt64(status.st_ino))"
        let me = String(getpid())
        for line in locks.split(separator: "\n") {
            // `1: POSIX  ADVISORY  READ 21871 fe:00:16220258 1073741826 1073742335`
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let index = fields.firstIndex(where: { $0 == file }), index > 0 else {
                continue
            }
            if fields[index - 1] != me {
                return true
            }
        }
        return false
    }
}
