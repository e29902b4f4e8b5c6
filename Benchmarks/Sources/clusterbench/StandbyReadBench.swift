import BenchSupport
import Foundation
import ORMCore

/// A read on a standby right after this process's commit (`readPlacement = .preferStandby`: it
/// waits until the standby has replayed the commit) beside the same read on the primary.
enum StandbyReadBench {
    static func run(commits: Int, rate: Int) throws {
        let lines = try runScript("pg-cluster", ["start", "--standby"]).split(separator: "\n").map(String.init)
        guard lines.count == 4 else { throw BenchmarkError("scripts/pg-cluster start --standby printed \(lines)") }
        defer { _ = try? runScript("pg-cluster", ["stop", lines[0]]) }
        let url = lines[3]
        var configuration = Configuration()
        configuration.readPlacement = .preferStandby(maximumWait: .seconds(1))
        let onStandby = try Database(url: url, configuration: configuration)
        let onPrimary = try Database(url: url)
        // Made by the database that reads on the standby, so that its first read waits for it too.
        try onStandby.execute("CREATE TABLE reading (id int PRIMARY KEY, v int NOT NULL)")
        print("\nstandby reads: \(commits) commits at \(rate) a second, each read back at once (primary and streaming")
        print("standby, scripts/pg-cluster start --standby, PostgreSQL's default settings)")

        let warmUp = 50
        let interval = 1.0 / Double(rate)
        var standbyReads: [Double] = []
        var primaryReads: [Double] = []
        var extra: [Double] = []
        var commitTimes: [Double] = []
        var ranOnStandby = 0
        var fellBack: [Double] = []
        let start = wallClock()
        for id in 0..<(warmUp + commits) {
            let beforeCommit = wallClock()
            try onStandby.transaction { _ in try onStandby.execute("INSERT INTO reading VALUES (?, ?)", id, id) }
            let committed = wallClock()
            let standbyRow = try onStandby.fetchRows("SELECT v, pg_is_in_recovery()::int FROM reading WHERE id = ?", id).rows
            let readOnStandby = wallClock()
            let primaryRow = try onPrimary.fetchRows("SELECT v, pg_is_in_recovery()::int FROM reading WHERE id = ?", id).rows
            let readOnPrimary = wallClock()
            guard standbyRow.first?.first == .integer(Int64(id)), primaryRow.first?.first == .integer(Int64(id)) else {
                throw BenchmarkError("row \(id) read back as \(standbyRow) on the standby reader, \(primaryRow) on the primary")
            }
            if id >= warmUp {
                commitTimes.append(committed - beforeCommit)
                standbyReads.append(readOnStandby - committed)
                primaryReads.append(readOnPrimary - readOnStandby)
                extra.append((readOnStandby - committed) - (readOnPrimary - readOnStandby))
                if standbyRow.first?.last == .integer(1) { ranOnStandby += 1 } else { fellBack.append(committed - start) }
            }
            let next = start + Double(id + 1) * interval
            let now = wallClock()
            if next > now { usleep(UInt32((next - now) * 1e6)) }
        }
        let elapsed = wallClock() - start
        func line(_ label: String, _ values: [Double]) {
            print(String(format: "  %@ p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", label,
                         quantile(values, 0.5) * 1e3, quantile(values, 0.9) * 1e3, quantile(values, 0.99) * 1e3,
                         (values.max() ?? 0) * 1e3))
        }
        line("commit (with the primary's WAL position):", commitTimes)
        line("read on the standby after the commit:    ", standbyReads)
        line("the same read on the primary:            ", primaryReads)
        line("extra wait (standby - primary, by commit):", extra)
        print(String(format: "  %d of %d reads ran on the standby (the rest on the primary); %.1f commits a second kept",
                     ranOnStandby, commits, Double(warmUp + commits) / elapsed))
        if !fellBack.isEmpty {
            print("  reads that ran on the primary, at (s into the run): "
                + fellBack.map { String(format: "%.1f", $0) }.joined(separator: ", "))
        }
    }
}
