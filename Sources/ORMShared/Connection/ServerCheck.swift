/// What ``Database/checkServer()`` found of the writer's session with its server.
public enum ServerCheck: Sendable, Equatable {
    /// The session is up, on `node` (nil on SQLite, which has no server).
    case connected(ServerNode?)
    /// The session had been lost and the writer connected again, to `node`: whichever listed
    /// server takes writes now. A transaction open on the lost session is gone.
    case reconnected(ServerNode)
    /// The session is lost and no listed server takes writes yet; `reason` is the server's or
    /// libpq's message.
    case lost(reason: String)
    /// The writer is busy (a statement or a transaction runs on it): not checked this time.
    case busy
}
