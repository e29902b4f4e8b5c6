import ORMShared

// Which server a PostgreSQL database's writer is on, and what its last commit met.

extension Database {
    /// On PostgreSQL, the server the writer is connected to and its role (of several servers the
    /// URL lists, the one reached; another after a failover reconnects it); nil on SQLite.
    public var serverNode: ServerNode? {
        guard let connection = core.writer.connection.postgres else { return nil }
        return connection.node
    }

    /// Whether the writer's last commit lost its answer with the connection (the primary failed,
    /// the network broke while `COMMIT` was on its way back) and was confirmed afterwards by the
    /// server that takes writes now: it committed, once. False after a commit answered as usual,
    /// after one that failed, and on SQLite. Read it after the commit, on the thread that made it.
    public var lastCommitWasConfirmedAfterLoss: Bool {
        guard let connection = core.writer.connection.postgres else { return false }
        return connection.lastCommitConfirmedAfterLoss.load(ordering: .relaxed)
    }
}
