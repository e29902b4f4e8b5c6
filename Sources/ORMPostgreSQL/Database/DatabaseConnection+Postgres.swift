import ORMShared

// What only PostgreSQL's sessions do (the server's node, its checks, notification triggers, pages
// cut on the server), reached from the core's connection: a cast, on these cold paths only.

extension DatabaseConnection {
    /// PostgreSQL's session; nil on another database.
    package var postgres: PostgresConnection? { driverConnection as? PostgresConnection }
}
