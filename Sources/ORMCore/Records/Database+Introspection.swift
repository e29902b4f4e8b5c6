// What the database holds, as its connection's introspector (``SchemaIntrospector``) describes it.

extension Database {
    /// The tables, views and virtual tables of the main schema, by name (internal `sqlite_` tables left out).
    public func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
        try read { connection in try connection.introspector.schemaObjects() }
    }

    /// Describes a table or view, or returns nil when there is none by that name.
    public func tableInfo(_ name: String) throws -> TableInfo? {
        try read { connection in try connection.introspector.tableInfo(name) }
    }

    /// The triggers on the table or view `name`, by name (none when there is no such table).
    public func triggers(on name: String) throws -> [TriggerInfo] {
        try read { connection in try connection.introspector.triggers(on: name) }
    }

    /// Whether the database stores its text in UTF-8 (it may also be UTF-16): what reading a
    /// prefix of a value's bytes (``valuePrefix(table:column:rowID:count:)``) needs to hold.
    public func storesUTF8() throws -> Bool {
        try read { connection in try connection.introspector.storesUTF8() }
    }
}
