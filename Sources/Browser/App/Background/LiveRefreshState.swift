import ORMCore

/// The shown table being read again after committed changes (one refresh at a time), and the
/// changes that came meanwhile, for one more refresh after it.
struct LiveRefreshState {
    /// The refresh running, until it is shown.
    var running: LiveRefresh?
    /// Changes that came while ``running`` ran.
    var deferred: LiveChanges.Summary?
    /// The tables of other schemas that open views join, as the database's watch was last told
    /// (``App/watchJoinedTablesOfOtherSchemas()``).
    var otherSchemaTables: Set<QualifiedTableName> = []

    /// Keeps `changes` for the refresh after the running one, with those kept already: a writer
    /// committing faster than a big table reads again gets one more refresh, not a pile of them.
    mutating func deferChanges(_ changes: LiveChanges.Summary) {
        deferred = deferred.map { $0.merging(changes) } ?? changes
    }

    /// The changes kept for one more refresh, forgetting them.
    mutating func takeDeferred() -> LiveChanges.Summary? {
        defer { deferred = nil }
        return deferred
    }

    /// Stops everything: the table refreshed is gone.
    mutating func stop() {
        running = nil
        deferred = nil
    }
}
