import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A replicated PostgreSQL cluster of a test's own: a primary and a streaming standby made from it
/// (`initdb --data-checksums`, `pg_basebackup -R -X stream`), each in its own temporary folder with
/// its socket there and a free loopback port, stopped and removed by ``stop()`` (call it in a
/// teardown block) or, for a test process that died, by the next one (each folder names its owner,
/// as ``TestPostgresServer``'s does).
///
/// ```swift
/// let cluster = try TestPostgresCluster()
/// addTeardownBlock { cluster.stop() }
/// let url = cluster.url(hosts: [cluster.standby, cluster.primary])   // the standby listed first
/// try cluster.promote(cluster.standby)
/// ```
///
/// Every node has the tests' superuser with its password over TCP, and trusts its socket.
public final class TestPostgresCluster: Sendable {
    /// One server of the cluster.
    public struct Node: Sendable, Equatable {
        /// The folder holding its data (`data`) and its socket.
        public let folder: String
        /// Its TCP port on 127.0.0.1.
        public let port: Int

        /// The data folder.
        var data: String { folder + "/data" }

        /// `host:port` as libpq reports the node it connected to over TCP.
        public var hostAndPort: String { "127.0.0.1:\(port)" }

        /// The process id of its postmaster, nil when it is not running.
        public var processID: pid_t? {
            guard let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
                  let first = text.split(separator: "\n").first, let pid = pid_t(first), Glibc.kill(pid, 0) == 0
            else {
                return nil
            }
            return pid
        }
    }

    /// Whether `node`'s port refuses a TCP connection: its server and every process that held
    /// its listening socket have exited (a crashed postmaster's children may hold it a moment,
    /// and libpq takes a connection closed there for a failure that ends its tour of the hosts).
    public func refusesConnections(_ node: Node) -> Bool {
        let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketHandle >= 0 else {
            return false
        }
        defer { close(socketHandle) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(node.port).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketHandle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected != 0 && errno == ECONNREFUSED
    }

    /// The node made first, which takes writes until a standby is promoted.
    public let primary: Node
    /// The streaming standby of ``primary``.
    public let standby: Node

    /// Starts a primary and its standby, and waits until the standby streams from the primary.
    public init() throws {
        TestPostgresServer.removeStaleServers()
        let bin = try TestPostgresServer.binaries()
        let primary = try Self.makeNode()
        let owner = try TestPostgresServer.unprivilegedUser(owning: primary.folder)
        let passwordFile = primary.folder + "/password"
        try TestPostgresServer.password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if let owner {
            chown(passwordFile, owner.uid, owner.gid)
        }
        try TestPostgresServer.run(bin + "/initdb", [
            "-D", primary.data, "-U", TestPostgresServer.superuser, "--pwfile", passwordFile, "-E", "UTF8",
            "--no-locale", "--no-sync", "--data-checksums", "--auth-local=trust", "--auth-host=scram-sha-256",
        ], as: owner)
        try Self.start(primary, bin: bin, as: owner)
        let standby = try Self.makeNode()
        _ = try TestPostgresServer.unprivilegedUser(owning: standby.folder)
        try TestPostgresServer.run(bin + "/pg_basebackup", [
            "-h", primary.folder, "-p", String(primary.port), "-U", TestPostgresServer.superuser,
            "-D", standby.data, "-R", "-X", "stream", "--no-sync",
        ], as: owner)
        try Self.start(standby, bin: bin, as: owner)
        self.primary = primary
        self.standby = standby
    }

    /// A `postgres://` URL listing `hosts` in order (over TCP, with the password), to `database`,
    /// with `query` (`target_session_attrs=read-write`, say) when given.
    public func url(hosts: [Node], database: String = "postgres", query: String? = nil) -> String {
        let list = hosts.map(\.hostAndPort).joined(separator: ",")
        let base = "postgres://\(TestPostgresServer.superuser):\(TestPostgresServer.password)@\(list)/\(database)"
        return query.map { base + "?" + $0 } ?? base
    }

    /// A `key=value` connection string to one node over its socket (trusted), to `database`.
    public func connectionString(_ node: Node, database: String = "postgres") -> String {
        "host=\(node.folder) port=\(node.port) user=\(TestPostgresServer.superuser) dbname=\(database)"
    }

    /// Promotes `node` (a standby) to a primary and waits until it takes writes.
    public func promote(_ node: Node) throws {
        let owner = try TestPostgresServer.unprivilegedUser(owning: node.folder)
        try TestPostgresServer.run(try TestPostgresServer.binaries() + "/pg_ctl", ["-D", node.data, "-w", "-t", "120", "promote"], as: owner)
    }

    /// Kills `node`'s postmaster and every process it started with SIGKILL, as a crash of its
    /// machine would: none of its sessions answers (or commits) again.
    public func crash(_ node: Node) {
        if let pid = node.processID {
            ProcessTree.kill(pid)
        }
    }

    /// Stops every node (immediate shutdown) and removes their folders.
    public func stop() {
        for node in [primary, standby] {
            if let pid = node.processID {
                Glibc.kill(pid, SIGQUIT)
                _ = try? waitUntil("the postmaster \(pid) of \(node.folder) ended") { Glibc.kill(pid, 0) != 0 }
            }
            try? FileManager.default.removeItem(atPath: node.folder)
        }
    }

    // MARK: - Setting up

    /// A new folder owned by this process (named in its owner file) and a free port.
    private static func makeNode() throws -> Node {
        var template = Array("/tmp/reef-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ServerError("could not make a folder in /tmp: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        try String(getpid()).write(toFile: folder + "/" + TestPostgresServer.ownerFile, atomically: true, encoding: .utf8)
        return Node(folder: folder, port: try TestPostgresServer.freePort())
    }

    /// Starts `node`'s server on its port and socket, as the tests' server runs (no fsync, no
    /// autovacuum), keeping WAL for a standby that falls behind.
    private static func start(_ node: Node, bin: String, as owner: (uid: uid_t, gid: gid_t)?) throws {
        let options = "-k \(node.folder) -p \(node.port) -c listen_addresses=127.0.0.1 -c fsync=off "
            + "-c synchronous_commit=off -c max_connections=60 -c autovacuum=off -c wal_keep_size=64MB "
            + "-c wal_log_hints=on -c hot_standby_feedback=on"
        try TestPostgresServer.run(
            bin + "/pg_ctl", ["-D", node.data, "-l", node.folder + "/server.log", "-w", "-t", "120", "-o", options, "start"],
            as: owner)
    }
}
