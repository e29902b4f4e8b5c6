import CLibPQ

/// libpq itself, loaded on first use rather than linked (Sources/CLibPQ/libpq-lazy.h): a process
/// that never speaks PostgreSQL does not pay its memory (about 6 MB resident with what it pulls in).
enum PGLibrary {
    /// Loads libpq once; every later call answers at once.
    ///
    /// - Throws: ``PGError`` of kind `.connection` naming why `libpq.so.5` could not be loaded
    ///   (not installed: Debian's `libpq5`).
    static func load() throws {
        guard clibpq_available() == 0 else {
            return
        }
        let reason = String(cString: clibpq_load_error())
        throw PGError(
            kind: .connection, message: "PostgreSQL's client library could not be loaded (\(reason)): install libpq5")
    }
}

/// The table of libpq's functions, filled once when first read (Swift initialises a global once,
/// from any thread) and never written again, so reading it from any thread is safe.
nonisolated(unsafe) private let libpqTable: UnsafeMutablePointer<clibpq_table> = {
    let table = UnsafeMutablePointer<clibpq_table>.allocate(capacity: 1)
    table.initialize(to: clibpq_table())
    clibpq_fill(table)
    return table
}()

/// What the C wrappers call for the table (declared `extern` in libpq-lazy.h).
@_cdecl("reef_libpq_table")
func reefLibPQTable() -> UnsafePointer<clibpq_table> {
    UnsafePointer(libpqTable)
}
