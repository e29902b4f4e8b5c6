import CSQLite
import ORMShared

/// Facts about a database file read without a connection to it.
public enum DatabaseFile {
    /// The first `count` bytes of the file at `path` (its header is 100 bytes), or nil when it
    /// cannot be read or is shorter.
    ///
    /// Read through SQLite's own file layer, never by opening the file directly: POSIX locks belong
    /// to the process, and closing any descriptor of a file drops every lock the process holds on
    /// it, those of open SQLite connections included. SQLite's layer keeps such a descriptor open
    /// until those locks are released.
    public static func header(atPath path: String, count: Int = 100) -> [UInt8]? {
        guard let vfs = sqlite3_vfs_find(nil), let open = vfs.pointee.xOpen else { return nil }
        let size = Int(vfs.pointee.szOsFile)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(size, 1))
        defer { storage.deallocate() }
        let file = storage.assumingMemoryBound(to: sqlite3_file.self)
        // A database file name as SQLite passes one: followed by two zero bytes, and alive for as
        // long as the file is open.
        let name = Array(path.utf8CString) + [0]
        return name.withUnsafeBufferPointer { name -> [UInt8]? in
            var flags: Int32 = 0
            guard open(vfs, name.baseAddress, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &flags) == SQLITE_OK else {
                return nil
            }
            defer { _ = file.pointee.pMethods?.pointee.xClose?(file) }
            guard let read = file.pointee.pMethods?.pointee.xRead else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let code = bytes.withUnsafeMutableBytes { buffer in
                read(file, buffer.baseAddress, Int32(count), 0)
            }
            return code == SQLITE_OK ? bytes : nil
        }
    }

    /// Whether the file's header says it is in WAL mode (its read and write versions are 2).
    public static func isInWALMode(atPath path: String) -> Bool {
        guard let header = header(atPath: path, count: 20) else { return false }
        return header[18] == 2 && header[19] == 2
    }
}
