import PostgresClient
import ORMShared

extension Database {
    /// Checks the writer's session with its server without waiting for the writer, and connects
    /// again when the session was lost (the server restarted, or failed over to a standby that
    /// takes writes now): what a program that stays open (reef) calls about once a second, so that
    /// it notices a lost primary within a second and goes on on the new one by itself.
    ///
    /// The check reads the session's socket and sends nothing while the session is up. The writer
    /// is left alone while another thread uses it, as in an ORMCore transaction
    /// (``ServerCheck/busy``: the transaction reports its own loss). A transaction begun by SQL
    /// text (`BEGIN` through ``runStatement(_:columns:row:)``) is gone with a lost session: after
    /// `.reconnected` none is open. On SQLite it answers `.connected(nil)`.
    public func checkServer() -> ServerCheck {
        let writer = core.writer
        let checked = writer.lock.tryWithLock { () -> ServerCheck in
            guard let connection = writer.connection.postgres else {
                return .connected(nil)
            }
            // Reading the socket first: a session ended by the server reads as one, not as the
            // transaction it had open.
            guard !connection.client.isStillConnected() else {
                return .connected(connection.node)
            }
            do {
                return try connection.reconnectIfLost() ? .reconnected(connection.node) : .connected(connection.node)
            } catch {
                return .lost(reason: "\(error)")
            }
        }
        return checked ?? .busy
    }

    /// The servers the connection string lists, as `host:port` (several for a cluster's
    /// multi-host URL, in the order libpq tries them); empty on SQLite. Fit for messages: "trying
    /// db1:5432, db2:5432".
    public var listedServers: [String] {
        guard core.writer.connection.postgres != nil,
              let given = try? PGConnection.parameters(of: path) else {
            return []
        }
        let hosts = (given["host"] ?? given["hostaddr"] ?? "").split(separator: ",", omittingEmptySubsequences: false)
        let ports = (given["port"] ?? "").split(separator: ",", omittingEmptySubsequences: false)
        return hosts.indices.map { index in
            let host = String(hosts[index])
            let port = ports.indices.contains(index) ? String(ports[index]) : ports.count == 1 ? String(ports[0]) : "5432"
            return ServerNode(host: host.isEmpty ? "localhost" : host, port: port.isEmpty ? "5432" : port,
                              isStandby: false, listedServers: hosts.count).description
        }
    }
}
