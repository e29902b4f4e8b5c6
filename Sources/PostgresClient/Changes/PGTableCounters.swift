/// The statistics' row counters of one table (`pg_stat_all_tables`), summed over its partitions
/// for a partitioned table: they grow with every committed insert, update and delete.
public struct PGTableCounters: Sendable, Hashable {
    /// Rows inserted since the statistics were reset.
    public let inserted: Int64
    /// Rows updated (HOT updates included).
    public let updated: Int64
    /// Rows deleted.
    public let deleted: Int64
    /// Live rows as the statistics estimate them (a `TRUNCATE` sets them to 0 without counting
    /// deletions).
    public let live: Int64
    /// Rows inserted, updated or deleted by committed transactions since the table was last
    /// analyzed (an analyze lowers it).
    public let modifiedSinceAnalyze: Int64

    /// Makes a set of counters.
    public init(inserted: Int64, updated: Int64, deleted: Int64, live: Int64, modifiedSinceAnalyze: Int64 = 0) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.live = live
        self.modifiedSinceAnalyze = modifiedSinceAnalyze
    }

    /// What only a commit moves (a rolled-back write still counts its rows as inserted, updated or
    /// deleted): the rows modified since the last analyze and the live rows (a `TRUNCATE` zeroes
    /// those without counting deletions).
    public var committedChanges: [Int64] { [modifiedSinceAnalyze, live] }
}
