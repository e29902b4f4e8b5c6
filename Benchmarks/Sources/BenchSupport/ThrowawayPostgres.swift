import Foundation

/// A PostgreSQL server of the benchmark's own, started with `scripts/pg-cluster start` (initdb into
/// a folder under /tmp, a Unix socket there, trust for local connections) and stopped and removed
/// with ``stop()``: the `postgres` scenario runs on one when no `--postgres` names a server, and so does livebench's.
public final class ThrowawayPostgres {
    /// The server's folder.
    public let folder: String
    /// A libpq connection string to its database `reef`.
    public let conninfo: String

    /// Starts a server; throws with the script's own message when it cannot.
    public init() throws {
        let lines = try Self.run(["start"]).split(separator: "\n").map(String.init)
        guard lines.count >= 2 else { throw BenchmarkError("scripts/pg-cluster start printed \(lines)") }
        folder = lines[lines.count - 2]
        conninfo = lines[lines.count - 1]
    }

    /// Stops the server and removes its folder.
    public func stop() {
        _ = try? Self.run(["stop", folder])
    }

    /// Runs `scripts/pg-cluster` with `arguments` and returns what it printed.
    private static func run(_ arguments: [String]) throws -> String {
        try runScript("pg-cluster", arguments)
    }
}
