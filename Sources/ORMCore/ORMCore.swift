// The module users import: the shared layers and both databases' drivers, re-exported, with
// `Database(url:)` choosing the driver (Decision 0011). `@Model` is declared in ORMSQLite (its
// extension conforms to SQLite's `_SQLiteRowModel`) and comes through it.
@_exported import ORMPostgreSQL
@_exported import ORMSQLite
@_exported import ORMShared
