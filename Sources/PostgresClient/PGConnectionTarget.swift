import CLibPQ

/// Where a connection goes (or went): what libpq made of the connection string, the `PG*`
/// variables, service files and its defaults. Never holds the password.
public struct PGConnectionTarget: Sendable, Hashable, CustomStringConvertible {
    /// The host name, address or socket folder.
    public let host: String
    /// The port.
    public let port: String
    /// The database.
    public let database: String
    /// The user.
    public let user: String

    /// Makes a target from its parts.
    public init(host: String, port: String, database: String, user: String) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
    }

    /// What libpq says `handle` connects (or tried to connect) to.
    init(_ handle: OpaquePointer) {
        func text(_ value: UnsafeMutablePointer<CChar>?) -> String {
            value.map { String(cString: $0) } ?? ""
        }
        host = text(PQhost(handle))
        port = text(PQport(handle))
        database = text(PQdb(handle))
        user = text(PQuser(handle))
    }

    /// `user@host:port/database`, a socket folder in brackets: `ann@[/var/run/postgresql]:5432/sales`.
    public var description: String {
        let place = host.hasPrefix("/") ? "[\(host)]" : host.contains(":") ? "[\(host)]" : host
        return "\(user)@\(place):\(port)/\(database)"
    }
}
