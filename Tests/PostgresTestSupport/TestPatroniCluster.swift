import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Patroni cluster of a test's own: one etcd and two Patroni nodes, each managing a PostgreSQL
/// server, started by `scripts/pg-patroni` (found beside this file's package) in a temporary folder
/// on free loopback ports, and stopped and removed by ``stop()`` (call it in a teardown block) or,
/// for a test process that died, by the next one (the folder names its owner, as
/// ``TestPostgresServer``'s do).
///
/// ```swift
/// let cluster = try TestPatroniCluster()
/// addTeardownBlock { cluster.stop() }
/// let database = try Database(url: cluster.url)
/// let killed = try cluster.killLeader()
/// let leader = try cluster.waitForLeader(otherThan: killed)
/// ```
///
/// Patroni's settings (ttl 10 s, loop_wait 1 s) make a failover take about ten seconds. Patroni
/// and etcd come from Debian's `patroni` and `etcd-server` packages, which `scripts/setup` and
/// `scripts/test` install; without them the initialiser throws, saying so.
public final class TestPatroniCluster: Sendable {
    /// One node: a Patroni and the PostgreSQL server it manages.
    public struct Node: Sendable, Equatable, CustomStringConvertible {
        /// Patroni's name for it (`node1`, `node2`).
        public let name: String
        /// Its PostgreSQL server's port on 127.0.0.1.
        public let port: Int
        /// Its Patroni's REST API port on 127.0.0.1.
        public let restPort: Int

        /// `host:port` of its PostgreSQL server, as libpq and ``TestPatroniCluster/leader()`` name it.
        public var hostAndPort: String { "127.0.0.1:\(port)" }

        /// `host:port` of its PostgreSQL server.
        public var description: String { hostAndPort }
    }

    /// The folder holding etcd's and each node's files.
    public let folder: String
    /// A `postgresql://` URL naming both nodes, to the database `reef` as its superuser with its password.
    public let url: String
    /// The two nodes, `node1` first.
    public let nodes: [Node]

    /// The superuser of every node and its password over TCP (`scripts/pg-patroni`'s).
    public static let superuser = "reef"
    /// The password of ``superuser``.
    public static let password = "reef"

    /// The script that starts and stops the clusters: `scripts/pg-patroni` of this package.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg-patroni").path

    /// Starts a cluster and waits until one node leads and the other streams from it.
    ///
    /// - Throws: ``ServerError`` when Patroni or etcd is not installed (run `scripts/setup`) or the
    ///   cluster did not start (with the script's output).
    public init() throws {
        try Self.requireInstalled()
        Self.removeStaleClusters()
        let lines = try ProgramRun([Self.script, "start"], environment: ["REEF_OWNER_PID": String(getpid())])
            .checkedOutput().split(separator: "\n").map(String.init)
        guard lines.count == 4, let hosts = lines[1].split(separator: "@").last?.split(separator: "/").first else {
            throw ServerError("scripts/pg-patroni start printed what the tests cannot read:\n\(lines.joined(separator: "\n"))")
        }
        let ports = hosts.split(separator: ",").compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        let restPorts = lines[2...3].compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        folder = lines[0]
        guard ports.count == 2, restPorts.count == 2 else {
            Self.stop(folder)
            throw ServerError("scripts/pg-patroni start printed what the tests cannot read:\n\(lines.joined(separator: "\n"))")
        }
        url = lines[1]
        nodes = [Node(name: "node1", port: ports[0], restPort: restPorts[0]),
                 Node(name: "node2", port: ports[1], restPort: restPorts[1])]
    }

    /// A `key=value` connection string to `node` alone over TCP, with the password, to `database`.
    public func connectionString(_ node: Node, database: String = "reef") -> String {
        "host=127.0.0.1 port=\(node.port) user=\(Self.superuser) password=\(Self.password) dbname=\(database)"
    }

    /// The node whose Patroni says it leads (its REST API answers 200 to `GET /primary`), nil
    /// when none does (during a failover).
    public func leader() -> Node? {
        nodes.first { PatroniREST.status(port: $0.restPort, path: "/primary") == 200 }
    }

    /// Whether `node`'s Patroni says it runs as a replica (`GET /replica` answers 200).
    public func isReplica(_ node: Node) -> Bool {
        PatroniREST.status(port: node.restPort, path: "/replica") == 200
    }

    /// Kills the leader's Patroni, then its postmaster and every process it started, with SIGKILL,
    /// as a crash of its machine would (`scripts/pg-patroni kill-leader`); its key in etcd lasts
    /// until its ttl passes.
    ///
    /// - Returns: the node killed.
    /// - Throws: ``ServerError`` when no node leads or the kill failed.
    @discardableResult
    public func killLeader() throws -> Node {
        let answer = try ProgramRun([Self.script, "kill-leader", folder]).checkedOutput()
        guard let address = answer.split(separator: " ").first, let node = nodes.first(where: { $0.hostAndPort == address })
        else {
            throw ServerError("scripts/pg-patroni kill-leader named no node of the cluster: \(answer)")
        }
        return node
    }

    /// Waits until Patroni has made a node other than `killed` the leader (polling each node's REST
    /// API through the tests' `waitUntil`) and returns it.
    ///
    /// - Throws: ``ServerError`` when no other node leads within `waitUntil`'s limit (the test
    ///   has failed by then).
    @discardableResult
    public func waitForLeader(otherThan killed: Node, file: StaticString = #filePath, line: UInt = #line) throws -> Node {
        var elected: Node?
        // Patroni's API is a Python server on a busy machine: looked at ten times a second.
        let found = try waitUntil("Patroni makes a node other than \(killed) the leader", file: file, line: line,
                                  between: { _ = usleep(100_000) }) {
            elected = leader()
            return elected != nil && elected != killed
        }
        guard found, let elected else {
            throw ServerError("no node other than \(killed) leads the cluster in \(folder)")
        }
        return elected
    }

    /// Stops every Patroni (which stops its PostgreSQL) and etcd, and removes the folder.
    public func stop() {
        Self.stop(folder)
    }

    // MARK: - Setting up

    /// Stops the cluster in `folder` and removes it (`scripts/pg-patroni stop`); a folder already
    /// gone is left so.
    private static func stop(_ folder: String) {
        guard FileManager.default.fileExists(atPath: folder) else {
            return
        }
        _ = try? ProgramRun([script, "stop", folder])
    }

    // The script writes `REEF_OWNER_PID` into the folder's `owner.pid`, TestPostgresServer.ownerFile.

    /// Stops and removes the clusters of test processes that died without stopping theirs (a
    /// crash, a kill): a folder whose owner is gone is stale. Folders naming no owner (started by
    /// hand) are left.
    static func removeStaleClusters() {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in folders where name.hasPrefix("reef-patroni-") {
            let folder = "/tmp/" + name
            guard TestPostgresServer.ownerIsGone(of: folder) else {
                continue
            }
            stop(folder)
        }
    }

    /// Throws, saying to run `scripts/setup`, unless `patroni`, `etcd` and `curl` are on the PATH.
    private static func requireInstalled() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/sbin"
        let folders = path.split(separator: ":").map(String.init)
        let missing = ["patroni", "etcd", "curl"].filter { program in
            !folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + program) }
        }
        guard missing.isEmpty else {
            throw ServerError("""
                \(missing.joined(separator: ", ")) not found: the Patroni tests need patroni, etcd and curl; \
                run scripts/setup (it installs the packages patroni and etcd-server; scripts/test does too)
                """)
        }
    }
}
