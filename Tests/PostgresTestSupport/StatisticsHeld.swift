import PostgresClient

extension PGConnection {
    /// Runs `sql` so that the server's statistics tell of it only ten seconds after the session goes
    /// idle, not as it commits: for a test that tells a change named at once (by the snapshot, by
    /// a trigger) from one the statistics name later.
    ///
    /// A session reports its statistics as it goes idle, unless it reported them less than a
    /// second before (PostgreSQL's `PGSTAT_MIN_INTERVAL`); then it waits ten seconds
    /// (`PGSTAT_IDLE_INTERVAL`). So a session quiet for more than a second before its commit (a
    /// busy machine, a slow first look of the watch) reported the commit's statistics at once.
    /// Here the session reports what it has pending just before `sql`, one round trip earlier.
    @discardableResult
    public func executeHoldingStatistics(_ sql: String, _ parameters: [PGParameter] = []) throws -> PGResult {
        // Reading pg_class leaves statistics pending, so the forced report has something to report.
        try execute("SELECT pg_catalog.pg_stat_force_next_flush() FROM pg_catalog.pg_class LIMIT 1")
        return try execute(sql, parameters)
    }
}
