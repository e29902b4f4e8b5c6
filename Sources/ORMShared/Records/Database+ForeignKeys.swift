extension Database {
    /// Within the transaction open on this thread (``transaction(_:)``), checks foreign keys as it
    /// commits rather than after each statement, so rows may be written in any order (a child
    /// before the parent it names); a key still dangling at the commit fails the commit. The
    /// transaction's end turns it off again. On PostgreSQL this is `SET CONSTRAINTS ALL DEFERRED`,
    /// which defers only foreign keys declared `DEFERRABLE`.
    ///
    /// ```swift
    /// try db.transaction { _ in
    ///     try db.deferForeignKeyChecks()
    ///     try db.execute("INSERT INTO track(id, album) VALUES (1, 7)")   // album 7 comes next
    ///     try db.execute("INSERT INTO album(id) VALUES (7)")
    /// }
    /// ```
    public func deferForeignKeyChecks() throws {
        try write { connection in try connection.driverConnection.deferForeignKeyChecks() }
    }
}
