import BenchSupport
import Foundation
import ORMCore

@Model(table: "live_item")
final class LiveItem {
    var n: Int = 0
}

/// From a commit to the live query's new value: ORMCore's `observeCount()` on SQLite (a commit by
/// another process, and by this one) and on PostgreSQL (a commit by another session, without and
/// with change notifications installed), beside GRDB's `ValueObservation` for a commit made in the
/// same process (GRDB does not see other processes). Each commit waits for the value it makes
/// before the next (after a random pause of 0 to 20 ms); the time runs from the committing call's
/// return to the value's delivery.
///
///     swift run -c release livebench [--commits 100] [--postgres CONNINFO]
///     livebench --write-sqlite PATH      (the other process: one insert per line read, prints the time)
@main
struct LiveBench {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let index = arguments.firstIndex(of: "--write-sqlite"), index + 1 < arguments.count {
            try OtherProcessWriter.serve(path: arguments[index + 1])
            return
        }
        let commits = value(after: "--commits", in: arguments).flatMap(Int.init) ?? 100
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livebench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        print("livebench: \(commits) commits each, from the commit's return to the new value")
        var rows: [(String, Latencies)] = []
        rows.append(("ORMCore, SQLite, another process", try SQLiteLive.otherProcess(folder: folder, commits: commits)))
        rows.append(("ORMCore, SQLite, same process", try SQLiteLive.sameProcess(folder: folder, commits: commits)))
        rows.append(("GRDB ValueObservation, same process", try GRDBLive.sameProcess(folder: folder, commits: commits)))
        let server: ThrowawayPostgres? = value(after: "--postgres", in: arguments) == nil ? try ThrowawayPostgres() : nil
        defer { server?.stop() }
        if let conninfo = value(after: "--postgres", in: arguments) ?? server?.conninfo {
            rows.append(("ORMCore, PostgreSQL, another session, commits back to back", try PostgresLive.otherSession(conninfo, commits: commits, notifications: false)))
            rows.append(("ORMCore, PostgreSQL, another session, commits 1.5 s apart", try PostgresLive.otherSession(conninfo, commits: max(1, commits / 5), notifications: false, spacing: .milliseconds(1_500))))
            rows.append(("ORMCore, PostgreSQL, another session, notifications installed", try PostgresLive.otherSession(conninfo, commits: commits, notifications: true)))
        }
        print("| | median | p90 | worst |")
        print("| --- | --- | --- | --- |")
        for (label, latencies) in rows {
            print("| \(label) | \(latencies.median) | \(latencies.p90) | \(latencies.worst) |")
        }
    }

    static func value(after flag: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

/// The system-wide monotonic clock, in nanoseconds: the same in the other process.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Latencies of one scenario, in nanoseconds.
struct Latencies {
    var samples: [UInt64] = []

    private func at(_ fraction: Double) -> String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "-" }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return Self.format(sorted[index])
    }

    var median: String { at(0.5) }
    var p90: String { at(0.9) }
    var worst: String { at(1) }

    static func format(_ nanoseconds: UInt64) -> String {
        let milliseconds = Double(nanoseconds) / 1e6
        return milliseconds < 10 ? String(format: "%.2f ms", milliseconds) : String(format: "%.0f ms", milliseconds)
    }
}

/// Hands the values an observation delivers to the thread that waits for them, with the time
/// each came.
final class Arrivals: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [(value: Int, at: UInt64)] = []

    func deliver(_ value: Int) {
        let now = monotonicNanoseconds()
        condition.withLock {
            values.append((value, now))
            condition.broadcast()
        }
    }

    /// Waits (at most 30 s) until `value` came; returns when it came.
    func wait(for value: Int) throws -> UInt64 {
        let deadline = Date().addingTimeInterval(30)
        return try condition.withLock {
            while true {
                if let arrival = values.first(where: { $0.value == value }) { return arrival.at }
                guard condition.wait(until: deadline) else { throw BenchmarkError("the value \(value) never came") }
            }
        }
    }
}
