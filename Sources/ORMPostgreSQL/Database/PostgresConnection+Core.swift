import ORMShared

// What the database core asks of a PostgreSQL session (CoreDriverConnection): a session lost and
// connected again, a standby's replay of this process's commits, the catalog read once more on a
// new session, and the watch of other sessions' commits.

extension PostgresConnection: CoreDriverConnection {
    package var databaseName: String { "PostgreSQL" }

    /// On a standby, once it replayed this process's last commit (waiting a bounded time,
    /// ``waitForReplay()``).
    package var hasReplayedOwnCommits: Bool { waitForReplay() }

    package var hasSession: Bool { true }

    /// Read from what the server sent meanwhile, without waiting (`PGConnection.isStillConnected()`).
    package var isLost: Bool { !client.isStillConnected() }

    package func reconnectWhenLost() throws {
        _ = try reconnectIfLost()
    }

    package func introspecting<T>(_ body: (any SchemaIntrospector) throws -> T) throws -> T {
        try readingCatalog { try body(introspector) }
    }

    package func makeExternalChangeWatch() -> any ExternalChangeWatch { PostgresServerWatch(writer: self) }
}
