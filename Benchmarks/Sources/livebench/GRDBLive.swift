import Foundation
import GRDB

/// GRDB's `ValueObservation` of the same count, the commits made by the same process through its
/// `DatabasePool` (GRDB does not see commits of other processes).
enum GRDBLive {
    static func sameProcess(folder: URL, commits: Int) throws -> Latencies {
        let pool = try DatabasePool(path: folder.appendingPathComponent("grdb.sqlite").path)
        try pool.write { db in try db.execute(sql: "CREATE TABLE live_item (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)") }
        let arrivals = Arrivals()
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM live_item") ?? 0 }
            .removeDuplicates()
        let cancellable = observation.start(
            in: pool, scheduling: .async(onQueue: DispatchQueue(label: "grdb.values")),
            onError: { error in print("GRDB: \(error)") }, onChange: { arrivals.deliver($0) })
        defer { cancellable.cancel() }
        _ = try arrivals.wait(for: 0)
        var latencies = Latencies()
        for index in 1...commits {
            try pool.write { db in try db.execute(sql: "INSERT INTO live_item (n) VALUES (1)") }
            let committed = monotonicNanoseconds()
            let arrived = try arrivals.wait(for: index)
            latencies.samples.append(arrived > committed ? arrived - committed : 0)
        }
        return latencies
    }
}
