import CSQLite
import FoundationEssentials
import Synchronization
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

/// What a connection can tell about its database file: counters that move when the file changes,
/// its journal mode, and, in WAL mode, the wal-index header and the WAL's bytes.
///
/// The `-shm` and `-wal` files are read through the connection's own SQLite file objects, never by
/// opening them again: POSIX file locks belong to the process, and closing any descriptor of a file
/// drops every lock the process holds on it, SQLite's included. Another process would then take
/// the wal-index for abandoned and rebuild it.
extension Connection {
    /// `PRAGMA data_version`: changes when another connection or process commits to the file, never
    /// for this connection's own commits.
    func dataVersion() throws -> Int64 {
        try integerPragma("PRAGMA data_version")
    }

    /// `PRAGMA schema_version`: the schema cookie, bumped by every schema change by anyone.
    func schemaVersion() throws -> Int64 {
        try integerPragma("PRAGMA schema_version")
    }

    /// Whether the main database is in write-ahead-log mode.
    package func isInWALMode() throws -> Bool {
        var mode = ""
        try forEachRow("PRAGMA journal_mode") { mode = $0.text(at: 0) }
        return mode.lowercased() == "wal"
    }

    /// The wal-index header, read from the shared memory this connection maps (call only in WAL
    /// mode). Nil when it is not mapped or stays torn by writers over a few tries.
    func walIndexHeader() -> WALIndexHeader? {
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
            let file = pointer, let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
            let mapRegion = methods.pointee.xShmMap
        else { return nil }
        var mapped: UnsafeMutableRawPointer?
        // Region 0 of 32 KiB, as SQLite maps it; not extended when missing.
        guard mapRegion(file, 0, 32_768, 0, &mapped) == SQLITE_OK, let region = mapped else { return nil }
        let half = WALIndexHeader.byteCount / 2
        var bytes = [UInt8](repeating: 0, count: WALIndexHeader.byteCount)
        for _ in 0..<8 {
            // As SQLite reads it: the first copy, a barrier, the second (writers go the other way).
            bytes.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                base.copyMemory(from: region, byteCount: half)
                atomicMemoryFence(ordering: .sequentiallyConsistent)
                (base + half).copyMemory(from: region + half, byteCount: half)
            }
            if let header = WALIndexHeader.parse(bytes) { return header }
            sched_yield()
        }
        return nil
    }

    /// Fills `buffer` from the WAL file at `offset` through the connection's open WAL file; false
    /// when there is no WAL or the bytes are not all there.
    func readWAL(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Bool {
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &pointer) == SQLITE_OK,
            let file = pointer, let methods = file.pointee.pMethods, let read = methods.pointee.xRead,
            let base = buffer.baseAddress
        else { return false }
        return read(file, base, Int32(buffer.count), offset) == SQLITE_OK
    }

    private func integerPragma(_ sql: SQL) throws -> Int64 {
        var value: Int64 = 0
        try forEachRow(sql) { value = $0.int64(at: 0) }
        return value
    }
}
