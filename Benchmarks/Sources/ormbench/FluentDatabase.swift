import BenchSupport
import FluentKit
import FluentPostgresDriver
import Foundation
import NIOPosix

/// Fluent on PostgreSQL for the benchmark: its `Databases` on an event loop group and a thread pool
/// of their own (one thread each), one pooled connection over the server's Unix socket, called from
/// the synchronous harness by waiting for its futures. ``shutdown()`` closes it all.
final class FluentDatabase {
    private let group: MultiThreadedEventLoopGroup
    private let threadPool: NIOThreadPool
    private let databases: Databases
    /// The database the contenders query.
    let database: any FluentKit.Database
    /// Whether ``shutdown()`` ran.
    private var closed = false

    /// Connects to the server a libpq connection string of the throwaway server's form names
    /// (`host=/folder port=N user=U dbname=D`), opening the pool's connection before it returns, so
    /// no timing includes the connect.
    init(conninfo: String) throws {
        let settings = Self.settings(conninfo)
        guard let folder = settings["host"], folder.hasPrefix("/"), let port = settings["port"], let user = settings["user"]
        else { throw BenchmarkError("Fluent needs a Unix socket conninfo (host=/folder port=N user=U), not \(conninfo)") }
        let configuration = SQLPostgresConfiguration(
            unixDomainSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: settings["password"],
            database: settings["dbname"])
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        databases = Databases(threadPool: threadPool, on: group)
        databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 1), as: .psql)
        var logger = Logger(label: "ormbench.fluent")
        logger.logLevel = .error
        guard let database = databases.database(.psql, logger: logger, on: group.next()) else {
            throw BenchmarkError("Fluent has no database .psql")
        }
        self.database = database
        _ = try wait { try await FluentItem.query(on: database).limit(1).all() }
    }

    deinit { shutdown() }

    /// Runs `work` on Swift's concurrency pool and waits for its end (its value, or its error).
    func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        try database.eventLoop.makeFutureWithTask(work).wait()
    }

    /// Closes the connection, then stops the event loop group and the thread pool (once; again at
    /// the end of the object's life if no one did).
    func shutdown() {
        guard !closed else { return }
        closed = true
        databases.shutdown()
        try? group.syncShutdownGracefully()
        try? threadPool.syncShutdownGracefully()
    }

    /// The `key=value` pairs of a libpq connection string.
    private static func settings(_ conninfo: String) -> [String: String] {
        var settings: [String: String] = [:]
        for pair in conninfo.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { settings[String(parts[0])] = String(parts[1]) }
        }
        return settings
    }
}
