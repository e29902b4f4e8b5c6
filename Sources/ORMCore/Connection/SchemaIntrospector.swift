/// Describes what a database holds, as the migration plan needs it: its tables and views, and each
/// one's columns, keys, indexes and foreign keys, found at run time.
///
/// SQLite's ``Connection`` reads `sqlite_master` and the `pragma_*` table-valued functions
/// (`Connection+Introspection.swift`); a PostgreSQL driver would read `pg_catalog` (`PGCatalog`).
protocol SchemaIntrospector {
    /// The tables, views and virtual tables of the main schema, by name (the database's own
    /// internal tables left out).
    func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)]

    /// Describes a table or view, or returns nil when there is none by that name.
    func tableInfo(_ name: String) throws -> TableInfo?
}
