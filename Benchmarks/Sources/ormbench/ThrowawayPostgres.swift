import Foundation

/// A PostgreSQL server of the benchmark's own, started with `scripts/pg-cluster start` (initdb into
/// a folder under /tmp, a Unix socket there, trust for local connections) and stopped and removed
/// with ``stop()``: the `postgres` scenario runs on one when no `--postgres` names a server.
final class ThrowawayPostgres {
    /// The server's folder.
    let folder: String
    /// A libpq connection string to its database `reef`.
    let conninfo: String

    /// The repository's `scripts/pg-cluster`, found from this source file's place.
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg-cluster").path

    /// Starts a server; throws with the script's own message when it cannot.
    init() throws {
        let lines = try Self.run(["start"]).split(separator: "\n").map(String.init)
        guard lines.count >= 2 else { throw BenchmarkError("scripts/pg-cluster start printed \(lines)") }
        folder = lines[lines.count - 2]
        conninfo = lines[lines.count - 1]
    }

    /// Stops the server and removes its folder.
    func stop() {
        _ = try? Self.run(["stop", folder])
    }

    /// Runs the script and returns what it printed. Through `popen`: Foundation's `Process`
    /// never saw the script end here once it had started a server.
    private static func run(_ arguments: [String]) throws -> String {
        let command = ([script] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        guard let pipe = popen(command, "r") else { throw BenchmarkError("cannot run \(command)") }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        let status = pclose(pipe)
        guard status == 0 else { throw BenchmarkError("\(command) failed (\(status))") }
        return String(decoding: output, as: UTF8.self)
    }
}
