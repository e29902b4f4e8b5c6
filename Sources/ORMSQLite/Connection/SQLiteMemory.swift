import CSQLite
import ORMShared

/// SQLite's heap in this process: what it holds and the most it has held, for the code and tests
/// that must keep long values out of memory (a 50 MB value read whole shows here at once).
///
/// ```swift
/// SQLiteMemory.resetPeak()
/// _ = try table.query(cuttingValuesAt: 1_024).fetch()
/// print(SQLiteMemory.peak - SQLiteMemory.used)  // what the read held at most beyond the rest
/// ```
public enum SQLiteMemory {
    /// The bytes SQLite's heap holds now (`sqlite3_memory_used`).
    public static var used: Int {
        Int(sqlite3_memory_used())
    }

    /// The most bytes SQLite's heap has held since the last ``resetPeak()`` (or the start).
    public static var peak: Int {
        Int(sqlite3_memory_highwater(0))
    }

    /// Starts the peak again from what the heap holds now.
    public static func resetPeak() {
        _ = sqlite3_memory_highwater(1)
    }
}
