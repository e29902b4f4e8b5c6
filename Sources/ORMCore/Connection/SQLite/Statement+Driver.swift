// SQLite's statement and column value are what the shared layers and generated code use through
// the driver protocols; they already have every member those ask for.

extension _Statement: DriverStatement, _ValueBinder {}

extension _ColumnValue: _ValueReader {}
