// What the database core asks of a SQLite connection (CoreDriverConnection): a file has no
// session to lose and no standby, and other processes' commits are read from its WAL.

extension Connection: CoreDriverConnection {
    var dialect: SQLDialect { .sqlite }

    var databaseName: String { "SQLite" }

    func makeExternalChangeWatch() -> any ExternalChangeWatch { SQLiteFileWatch() }
}
