// What the database holds, as its connection's introspector (``SchemaIntrospector``) describes it.

extension Database {
    /// The tables, views and virtual tables of the main schema, by name (internal `sqlite_` tables left out).
    public func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)] {
        try read { connection in try connection.introspecting { try $0.schemaObjects() } }
    }

    /// Describes a table or view, or returns nil when there is none by that name.
    public func tableInfo(_ name: String) throws -> TableInfo? {
        try read { connection in try connection.introspecting { try $0.tableInfo(name) } }
    }

    /// Describes a table or view of the schema `schema` (on PostgreSQL another than the one
    /// browsed: `sales` of `sales.region`), or returns nil when there is none by that name there.
    /// On SQLite only the main schema's are described.
    public func tableInfo(_ name: String, inSchema schema: String) throws -> TableInfo? {
        try read { connection in try connection.introspecting { try $0.tableInfo(name, inSchema: schema) } }
    }

    /// The triggers on the table or view `name`, by name (none when there is no such table).
    public func triggers(on name: String) throws -> [TriggerInfo] {
        try read { connection in try connection.introspecting { try $0.triggers(on: name) } }
    }

    /// The schema worked in: SQLite's `main`; on PostgreSQL the one chosen with
    /// ``init(url:schema:configuration:)``, else the `search_path`'s first (`public` by default).
    public func schemaName() throws -> String {
        try read { connection in connection.introspector.schemaName }
    }

    /// The schemas the database has, by name: SQLite's `main`; on PostgreSQL those users made and
    /// `public` (the server's own, `pg_catalog`, `information_schema`, `pg_toast`…, left out).
    public func schemas() throws -> [String] {
        try read { connection in try connection.introspecting { try $0.schemas() } }
    }

    /// The row counts the database's statistics estimate for the schema's tables and materialized
    /// views, by name, read at once whatever a table's size: PostgreSQL's `pg_class.reltuples`
    /// (summed over a partitioned table's partitions; a table never analysed or vacuumed is left
    /// out). Empty on SQLite, which keeps no estimate. For exact counts, count.
    public func estimatedRowCounts() throws -> [String: Int] {
        try read { connection in try connection.introspecting { try $0.estimatedRowCounts() } }
    }

    /// ``schemaObjects()`` and ``estimatedRowCounts()`` in one read, with the tables and views of
    /// the database's other schemas (``SchemaListing/otherSchemas``; on PostgreSQL one catalog
    /// query): what a browser's table list shows at once.
    public func schemaListing() throws -> SchemaListing {
        try read { connection in try connection.introspecting { try $0.schemaListing() } }
    }

    /// Whether the database stores its text in UTF-8 (it may also be UTF-16): what reading a
    /// prefix of a value's bytes (``valuePrefix(table:column:rowID:count:)``) needs to hold.
    public func storesUTF8() throws -> Bool {
        try read { connection in try connection.introspecting { try $0.storesUTF8() } }
    }
}
