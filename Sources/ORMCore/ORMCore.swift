// The module users import: the shared layers and both databases' drivers, re-exported, with
// `Database(url:)` choosing the driver and `@Model`'s declaration (Decision 0011).
@_exported import ORMPostgreSQL
@_exported import ORMSQLite
@_exported import ORMShared
