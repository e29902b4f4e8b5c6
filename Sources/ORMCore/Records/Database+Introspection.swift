extension Database {
    /// The tables, views and virtual tables of the main schema, by name (internal `sqlite_` tables left out).
    public func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
        try read { connection in try connection.schemaObjects() }
    }

    /// Describes a table or view, or returns nil when there is none by that name.
    public func tableInfo(_ name: String) throws -> TableInfo? {
        try read { connection in try connection.tableInfo(name) }
    }
}
