/// The server a PostgreSQL database's writer is connected to: where (of the servers its
/// connection string lists, the one reached) and in which role.
///
/// ```swift
/// if let node = database.serverNode, node.isStandby {
///     print("read-only: \(node) is a standby")
/// }
/// ```
public struct ServerNode: Sendable, Equatable, CustomStringConvertible {
    /// The host name, address or socket folder reached.
    public let host: String
    /// Its port.
    public let port: String
    /// Whether the server is a standby (it replays a primary's log and takes no writes), as it
    /// said when the session began.
    public let isStandby: Bool
    /// How many servers the connection string lists (1 for a single server).
    public let listedServers: Int

    /// Makes a node from its parts.
    public init(host: String, port: String, isStandby: Bool, listedServers: Int) {
        self.host = host
        self.port = port
        self.isStandby = isStandby
        self.listedServers = listedServers
    }

    /// `host:port`, a socket folder or an IPv6 address in brackets.
    public var description: String {
        let place = host.hasPrefix("/") || host.contains(":") ? "[\(host)]" : host
        return "\(place):\(port)"
    }
}
