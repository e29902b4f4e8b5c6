// SQLite's driver, and the module an app on SQLite alone imports (the `ORMSQLite` product): it
// re-exports the shared layers, so `import ORMSQLite` gives models, `@Model`, `Database(path:)`,
// queries, result sets and events, and links no PostgreSQL code (Decision 0011).
@_exported import ORMShared
