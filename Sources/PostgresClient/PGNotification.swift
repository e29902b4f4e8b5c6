/// A notification another session sent with `NOTIFY channel, 'payload'` (or `pg_notify`).
public struct PGNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String
    /// The payload, empty when none was given.
    public let payload: String
    /// The server process that sent it.
    public let senderProcessID: Int32
}
