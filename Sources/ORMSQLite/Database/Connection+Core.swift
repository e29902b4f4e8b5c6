import ORMShared

// What the database core asks of a SQLite connection (CoreDriverConnection): a file has no
// session to lose and no standby, and other processes' commits are read from its WAL.

extension Connection: CoreDriverConnection {
    package var dialect: SQLDialect { .sqlite }

    package var databaseName: String { "SQLite" }

    package func makeExternalChangeWatch() -> any ExternalChangeWatch { SQLiteFileWatch() }
}
