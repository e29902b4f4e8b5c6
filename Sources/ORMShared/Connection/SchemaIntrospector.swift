/// Describes what a database holds: its tables and views, each one's columns, keys, indexes,
/// foreign keys and triggers, and how it stores text, found at run time.
///
/// The shared layers (``Database``'s introspection, the migration plan, ``DynamicTable``) ask a
/// connection's ``DriverConnection/introspector`` and never read a database's catalog themselves.
/// SQLite's ``Connection`` reads `sqlite_master`, `PRAGMA encoding` and the `pragma_*`
/// table-valued functions (`Connection+Introspection.swift`); a PostgreSQL driver would read
/// `pg_catalog` (`PGCatalog`).
package protocol SchemaIntrospector {
    /// The tables, views and virtual tables of the main schema, by name (the database's own
    /// internal tables left out).
    func schemaObjects() throws -> [(name: String, kind: TableInfo.Kind)]

    /// Describes a table or view, or returns nil when there is none by that name.
    func tableInfo(_ name: String) throws -> TableInfo?

    /// Describes a table or view of the schema `schema` (another than the one described, on
    /// PostgreSQL), or returns nil when there is none by that name there.
    func tableInfo(_ name: String, inSchema schema: String) throws -> TableInfo?

    /// The triggers on the table or view `name`, by name (none when there is no such table).
    func triggers(on name: String) throws -> [TriggerInfo]

    /// Whether the database stores its text in UTF-8, so that the first bytes of a stored value
    /// are a prefix of its UTF-8 text (SQLite may also keep text in UTF-16; PostgreSQL answers by
    /// its server encoding).
    func storesUTF8() throws -> Bool

    /// The schema described (SQLite's `main`; PostgreSQL's chosen or `search_path`'s first).
    var schemaName: String { get }

    /// The schemas the database has that an introspector could describe, by name.
    func schemas() throws -> [String]

    /// The row counts the database's statistics estimate for the described schema's tables and
    /// materialized views, by name (none where the database keeps no estimate, or a table was
    /// never analysed).
    func estimatedRowCounts() throws -> [String: Int]

    /// ``schemaObjects()`` and ``estimatedRowCounts()`` read together (PostgreSQL: one catalog
    /// query).
    func schemaListing() throws -> SchemaListing
}

extension SchemaIntrospector {
    /// The schema described: SQLite's `main`.
    package var schemaName: String { "main" }

    /// The schemas the database has that the introspector could describe: SQLite's `main` only.
    package func schemas() throws -> [String] { [schemaName] }

    /// The row counts the database's statistics estimate for the described schema's tables, by
    /// name, known at once whatever a table's size; a table never analysed is left out. SQLite
    /// keeps no such estimate: empty.
    package func estimatedRowCounts() throws -> [String: Int] { [:] }

    /// A table or view of `schema`: the described one's (``tableInfo(_:)``); nil for another
    /// (SQLite's attached files are not described here).
    package func tableInfo(_ name: String, inSchema schema: String) throws -> TableInfo? {
        schema == schemaName ? try tableInfo(name) : nil
    }

    /// The objects and the estimates, read one after the other.
    package func schemaListing() throws -> SchemaListing {
        SchemaListing(objects: try schemaObjects(), estimatedRowCounts: try estimatedRowCounts())
    }
}
