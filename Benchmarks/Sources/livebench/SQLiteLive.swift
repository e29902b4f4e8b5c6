import BenchSupport
import CSQLiteRaw
import Foundation
import ORMCore

/// ORMCore's live count on a SQLite file, the commits made by another process or by this one.
enum SQLiteLive {
    static func otherProcess(folder: URL, commits: Int) throws -> Latencies {
        let path = folder.appendingPathComponent("other-process.sqlite").path
        let db = try Database(path: path)
        try db.prepare(LiveItem.self)
        let writer = try OtherProcessWriter(path: path)
        defer { writer.stop() }
        return try measure(db, commits: commits) { try writer.commit() }
    }

    static func sameProcess(folder: URL, commits: Int) throws -> Latencies {
        let db = try Database(path: folder.appendingPathComponent("same-process.sqlite").path)
        try db.prepare(LiveItem.self)
        return try measure(db, commits: commits) {
            try LiveItem().commit(in: db)
            return monotonicNanoseconds()
        }
    }

    /// Observes the count of `LiveItem` on `db` and times `commit` (which returns when its commit
    /// returned) to each new count. Before each commit it pauses `pause` (by default a random 0 to
    /// 20 ms, so that commits fall anywhere in the 16 ms between two looks at a SQLite file's WAL,
    /// not always just after the look that delivered the value before).
    static func measure(
        _ db: Database, commits: Int, pause: () -> Duration = { .microseconds(Int.random(in: 0...20_000)) },
        commit: () throws -> UInt64
    ) throws -> Latencies {
        let arrivals = Arrivals()
        let registration = try LiveItem.query().on(db).observeCount().removingDuplicates().start { arrivals.deliver($0) }
        defer { registration.cancel() }
        let start = try LiveItem.query().on(db).count()
        _ = try arrivals.wait(for: start)
        var latencies = Latencies()
        for index in 1...commits {
            let wait = pause().components
            Thread.sleep(forTimeInterval: Double(wait.seconds) + Double(wait.attoseconds) / 1e18)
            let committed = try commit()
            let arrived = try arrivals.wait(for: start + index)
            latencies.samples.append(arrived > committed ? arrived - committed : 0)
        }
        return latencies
    }
}

/// The other process: `livebench --write-sqlite PATH` inserts one row into `live_item` with the
/// SQLite C API for each line it reads, and prints the monotonic time its commit returned.
final class OtherProcessWriter {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--write-sqlite", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Asks for one commit; returns when the other process's commit returned.
    func commit() throws -> UInt64 {
        input.fileHandleForWriting.write(Data("\n".utf8))
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                guard let time = UInt64(line) else { throw BenchmarkError("the writer said: \(line)") }
                return time
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkError("the writer process ended") }
            pending.append(chunk)
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's side.
    static func serve(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db = handle else {
            throw BenchmarkError("cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        sqlite3_busy_timeout(db, 5_000)
        while readLine() != nil {
            guard sqlite3_exec(db, "INSERT INTO live_item (n) VALUES (1)", nil, nil, nil) == SQLITE_OK else {
                print("error: " + String(cString: sqlite3_errmsg(db)))
                fflush(nil)
                continue
            }
            print(monotonicNanoseconds())
            fflush(nil)
        }
    }
}
