import BenchSupport
import CSQLiteRaw
import Foundation
import GRDB
import ORMCore

/// Random access into a 1,000,000-row result: ORMCore's batched result set (a key snapshot and
/// windows loaded by key) beside LIMIT/OFFSET windows with GRDB and the raw C API.
enum ResultSetBench {
    static let window = 1_000

    static func run(rows: Int) throws {
        let path = try OrmBench.populatedFile(rows: rows)
        print("\nbatched result set, \(rows) rows, window \(window) (each step in ms; memory: resident growth)")
        print(pad("order", 22) + pad("step", 18) + pad("raw C", 11) + pad("ORMCore", 11) + "GRDB")
        for (label, order) in [("key (indexed)", "id"), ("score (unindexed)", "score")] {
            let positions = [("first window", 0), ("jump to last", rows - 1), ("jump to middle", rows / 2), ("back to first", 0)]
            let raw = try rawSteps(path: path, order: order, positions: positions.map(\.1))
            let (orm, ormMemory) = try ormSteps(path: path, order: order, positions: positions.map(\.1), last: rows - 1)
            let grdb = try grdbSteps(path: path, order: order, positions: positions.map(\.1))
            for (index, position) in positions.enumerated() {
                print(
                    pad(index == 0 ? label : "", 22) + pad(position.0, 18) + pad(ms(raw[index]), 11)
                        + pad(ms(orm[index]), 11) + ms(grdb[index]))
            }
            print(pad("", 22) + pad("ORMCore memory", 18) + String(format: "%.1f MB", ormMemory))
        }
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let elapsed = try ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }

    private static func rawSteps(path: String, order: String, positions: [Int]) throws -> [Double] {
        let db = try RawSQLite(path: path)
        return try positions.map { position in
            let start = position / window * window
            return try time {
                let items = try db.fetch("SELECT id, name, score, count, note FROM item ORDER BY \(order), id LIMIT \(window) OFFSET \(start)")
                if items.isEmpty { throw BenchmarkError("raw: empty window at \(start)") }
            }
        }
    }

    /// A viewer's steps: the jump to the last record reads the count and the last records on their
    /// own (`loadLastRows()`, no wait for the key snapshot); other deep jumps use the snapshot.
    private static func ormSteps(path: String, order: String, positions: [Int], last: Int) throws -> ([Double], Double) {
        let db = try ORMCore.Database(path: path)
        try db.prepare(Item.self)
        let before = residentMegabytes()
        var results: ResultSet<Item>?
        var steps: [Double] = []
        steps.append(try time { results = try Item.query(in: db).orderBy(order).batch(window).fetch() })
        guard let results else { throw BenchmarkError("no result set") }
        for position in positions.dropFirst() {
            steps.append(try time {
                if position == last {
                    let end = try results.loadLastRows() - 1
                    if end != last { throw BenchmarkError("ORMCore: \(end + 1) records, expected \(last + 1)") }
                    _ = (results.recordIfAvailable(at: end) ?? results[end]).count
                } else {
                    _ = results[position].count
                }
            })
        }
        return (steps, residentMegabytes() - before)
    }

    private static func grdbSteps(path: String, order: String, positions: [Int]) throws -> [Double] {
        let queue = try OrmBench.grdbQueue(path)
        return try positions.map { position in
            let start = position / window * window
            return try time {
                let items = try queue.read { db in
                    try GRDBItem.order(Column(order), Column("id")).limit(window, offset: start).fetchAll(db)
                }
                if items.isEmpty { throw BenchmarkError("GRDB: empty window at \(start)") }
            }
        }
    }

    /// Resident memory from /proc (Linux), in MB.
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    private static func ms(_ value: Double) -> String { String(format: "%.2f", value) }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
