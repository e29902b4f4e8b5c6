import Foundation
import ORMCore

/// `clusterbench`: ORMCore on real PostgreSQL clusters.
///
///     swift run -c release clusterbench [--runs N] [--scenario failover|standby-reads]
///                                       [--commits N] [--rate N]
///
/// `failover` (`--runs`, 5): a Patroni cluster of two nodes and an etcd (`scripts/pg-patroni`) a
/// run; the leader's Patroni and postmaster killed with SIGKILL, then, from that moment, the time
/// until Patroni's REST API says the other node is the primary (`GET /primary` answers 200), and
/// the time until ORMCore's `transaction(retryingFor:)`, begun at once, has committed on it.
///
/// `standby-reads`: a primary and a streaming standby (`scripts/pg-cluster start --standby`); at a
/// steady rate (`--rate`, 50 commits a second; `--commits`, 1,000) a database reading with
/// `readPlacement = .preferStandby` commits a row and reads it back at once, and a database reading
/// on the primary reads the same row: the time of each read and the standby's extra wait.
@main
enum ClusterBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
                  let value = Int(arguments[index + 1]), value > 0
            else { return fallback }
            return value
        }
        let scenario = arguments.firstIndex(of: "--scenario").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        print("clusterbench: load average \(loadAverage())")
        if scenario == nil || scenario == "failover" {
            try FailoverBench.run(runs: option("--runs", 5))
        }
        if scenario == nil || scenario == "standby-reads" {
            try StandbyReadBench.run(commits: option("--commits", 1_000), rate: option("--rate", 50))
        }
        print("load average at the end: \(loadAverage())")
    }
}

/// Prints a line at once, unbuffered, also into a pipe (`clusterbench | tee`).
func print(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The machine's load average (1, 5 and 15 minutes), from /proc.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// Seconds since the epoch, as `date +%s.%N` gives them (the moment of a kill in another process).
func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The `fraction` quantile of `values` (nearest rank), 0 for none.
func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

