/// Describes what a database holds: its tables and views, each one's columns, keys, indexes,
/// foreign keys and triggers, and how it stores text, found at run time.
///
/// The shared layers (``Database``'s introspection, the migration plan, ``DynamicTable``) ask a
/// connection's ``DriverConnection/introspector`` and never read a database's catalog themselves.
/// SQLite's ``Connection`` reads `sqlite_master`, `PRAGMA encoding` and the `pragma_*`
/// table-valued functions (`Connection+Introspection.swift`); a PostgreSQL driver would read
/// `pg_catalog` (`PGCatalog`).
protocol SchemaIntrospector {
    /// The tables, views and virtual tables of the main schema, by name (the database's own
    /// internal tables left out).
    func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)]

    /// Describes a table or view, or returns nil when there is none by that name.
    func tableInfo(_ name: String) throws -> TableInfo?

    /// The triggers on the table or view `name`, by name (none when there is no such table).
    func triggers(on name: String) throws -> [TriggerInfo]

    /// Whether the database stores its text in UTF-8, so that the first bytes of a stored value
    /// are a prefix of its UTF-8 text (SQLite may also keep text in UTF-16; PostgreSQL answers by
    /// its server encoding).
    func storesUTF8() throws -> Bool
}
