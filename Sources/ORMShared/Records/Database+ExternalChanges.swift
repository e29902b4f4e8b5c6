extension Database {
    /// Starts watching the file for commits by other processes, or on PostgreSQL the server for
    /// other sessions' commits (done by each event registration; on PostgreSQL the watch ends
    /// once the last registration is cancelled, and the next one starts it again).
    public func startExternalChangeMonitor() {
        let weak = WeakDatabase(self)
        let center = changeCenter
        core.externalChanges.start(core, isObserved: { center.hasObservers }) { changes in weak.database?.deliver(changes) }
    }
}

extension Database {
    /// Has the watch of other sessions' commits watch `tables` of other schemas too, replacing
    /// the ones given before (an empty set watches the database's own schema alone). PostgreSQL's
    /// watch looks at the schema the database browses; a view reading a table of another schema
    /// (a join with `sales.royalty`) would not hear of its commits otherwise. Each commit to one
    /// of them arrives as a change of `schema.table` (``QualifiedTableName/description``): named
    /// by its statistics, or at once when the table carries the notification triggers, and among
    /// the tables named when the server tells only that another session committed. Tables of
    /// the database's own schema are watched anyway and ignored here. Nothing on SQLite, whose
    /// file has one schema (an attached file is never written by another process here).
    ///
    /// ```swift
    /// db.watchTablesOfOtherSchemas([QualifiedTableName(schema: "sales", name: "royalty")])
    /// ```
    public func watchTablesOfOtherSchemas(_ tables: Set<QualifiedTableName>) {
        core.externalChanges.watchOtherSchemas(tables)
    }
}
