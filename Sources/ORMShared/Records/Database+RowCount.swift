extension Database {
    /// The number of rows of a table or view, by name, on a reader connection: one `count(*)`,
    /// without describing the table first, so counting every table of a schema costs one
    /// statement each, however many tables there are.
    ///
    /// ```swift
    /// let stop = Interruption()
    /// let rows = try stop.run { try db.rowCount(ofTable: "events") }   // stop.interrupt() ends it
    /// ```
    ///
    /// - Parameter name: The table or view, as the schema spells it (quoted here).
    /// - Throws: ``SQLiteError`` when there is no such table or view, or it cannot be read (a
    ///   damaged table, a view whose tables are gone), or the count was interrupted.
    public func rowCount(ofTable name: String) throws -> Int {
        guard case .integer(let count) = try scalar("SELECT count(*) FROM \(identifier: name)") else { return 0 }
        return Int(count)
    }
}
