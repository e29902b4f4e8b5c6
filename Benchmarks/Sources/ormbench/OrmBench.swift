import BenchSupport
import CSQLiteRaw
import Foundation
import GRDB
import ORMCore

/// `ormbench`: ORMCore beside GRDB (Codable records and hand-written ones) and the raw SQLite C
/// API, in one run.
///
///     swift run -c release ormbench [--rows N] [--runs N] [--scenario NAME] [--only raw|orm|grdb|class|fluent|LABEL]
///                                   [--key-rows N] [--key-runs N] [--resultset-rows N] [--autoincrement]
///                                   [--postgres CONNINFO]
///
/// Scenarios: `insert` (objects built in the timed loop, as a user writes it), `insert-prebuilt`
/// (objects built before the timing), `fetch`, `query`, `join`, `keys` (rowid keys against random
/// keys at 1,000,000 rows: insert time, file size, fetch time), `resultset`, and `postgres` (ORMCore
/// and libpq inserting and fetching the same rows on PostgreSQL: on the server `--postgres` or
/// `REEF_BENCH_PG` names, else, with `--scenario postgres`, on a throwaway one it starts), and
/// `fluent` (Vapor's Fluent beside ORMCore and libpq on PostgreSQL, likewise; only when named).
@main
enum OrmBench {
    static func main() throws {
        defer { removeScratch() }
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
                let value = Int(arguments[index + 1])
            else { return fallback }
            return value
        }
        func text(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let rows = option("--rows", 100_000)
        let harness = Harness(runs: option("--runs", 7), only: text("--only"))
        let scenario = text("--scenario")
        // The insert scenarios on an AUTOINCREMENT table (ORMCore's `.autoincrement` model), the
        // configuration of the figures before rowid keys became the default.
        let autoincrement = arguments.contains("--autoincrement")
        print(
            "ormbench: \(rows) rows, \(harness.runs) runs, SQLite \(String(cString: sqlite3_libversion())); "
                + "load average \(loadAverage())")
        print("times: median of the runs; ratios: median of the run-by-run ratios [lowest–highest]")

        let scenarios: [(String, () throws -> Void)] = [
            ("insert", { try insert(rows: rows, harness: harness, builtInLoop: true, autoincrement: autoincrement) }),
            ("insert-prebuilt", {
                try insert(rows: rows, harness: harness, builtInLoop: false, autoincrement: autoincrement)
            }),
            ("fetch", { try fetchAll(rows: rows, harness: harness) }),
            ("query", { try query(rows: rows, harness: harness) }),
            ("join", { try join(rows: rows, harness: harness) }),
            ("keys", {
                try KeysBench.run(
                    rows: option("--key-rows", 1_000_000),
                    harness: Harness(runs: option("--key-runs", 3), only: harness.only))
            }),
        ]
        for (name, run) in scenarios where scenario == nil || scenario == name {
            try run()
        }
        if scenario == nil || scenario == "resultset" {
            try ResultSetBench.run(rows: option("--resultset-rows", 1_000_000))
        }
        let conninfo = text("--postgres") ?? ProcessInfo.processInfo.environment["REEF_BENCH_PG"]
        if scenario == "postgres" || (scenario == nil && conninfo != nil) {
            try PostgresBench.run(conninfo: conninfo, rows: rows, harness: harness)
        }
        if scenario == "fluent" {
            try FluentBench.run(conninfo: conninfo, rows: rows, harness: harness)
        }
        print("\nload average at the end: \(loadAverage())")
    }

    static let grdbReferences = ["GRDB Codable", "GRDB hand-written"]

    // MARK: - Insert

    /// Inserts `rows` objects in one transaction. Built in the loop, each library makes its object
    /// (ORMCore's model, GRDB's records) from the values inside the timed loop, as a user's code
    /// does; raw C binds the values. Prebuilt, the objects are made before the timing.
    static func insert(rows: Int, harness: Harness, builtInLoop: Bool, autoincrement: Bool) throws {
        if autoincrement {
            try insert(
                AutoincrementItem.self, rows: rows, harness: harness, builtInLoop: builtInLoop,
                table: Dataset.createAutoincrementTable, keys: "autoincrement keys")
        } else {
            try insert(Item.self, rows: rows, harness: harness, builtInLoop: builtInLoop, table: Dataset.createTable, keys: nil)
        }
    }

    // Inlined into each caller, so the model type is known where the timed loops are compiled and
    // making an object is inlined into them (as in a user's own loop).
    @inline(__always)
    static func insert<M: DatasetModel>(
        _ model: M.Type, rows: Int, harness: Harness, builtInLoop: Bool, table: String, keys: String?
    ) throws {
        func item(_ value: Dataset.Value) -> M { M(value) }
        let values = (0..<rows).map(Dataset.value)
        func rawFile() throws -> RawSQLite {
            let db = try RawSQLite(path: try scratchFile("raw.sqlite"))
            try db.exec(table)
            return db
        }
        func ormFile() throws -> ORMCore.Database {
            let db = try ORMCore.Database(path: try scratchFile("orm.sqlite"))
            try db.prepare(M.self)
            return db
        }
        func grdbFile() throws -> DatabaseQueue {
            let queue = try grdbQueue(try scratchFile("grdb.sqlite"))
            try queue.write { try $0.execute(sql: table) }
            return queue
        }
        let contenders: [Harness.Contender]
        if builtInLoop {
            contenders = [
                .init("raw", "raw C", setup: rawFile) { db in try db.insert(values) },
                .init("orm", "ORMCore", setup: ormFile) { db in
                    try db.transaction { _ in
                        for value in values { try item(value).commit(in: db) }
                    }
                },
                .init("grdb", "GRDB Codable", setup: grdbFile) { queue in
                    try queue.write { db in
                        for value in values {
                            var record = GRDBItem(id: nil, name: value.name, score: value.score, count: value.count, note: value.note)
                            try record.insert(db)
                        }
                    }
                },
                .init("grdb", "GRDB hand-written", setup: grdbFile) { queue in
                    try queue.write { db in
                        for value in values {
                            var record = GRDBRowItem(id: nil, name: value.name, score: value.score, count: value.count, note: value.note)
                            try record.insert(db)
                        }
                    }
                },
            ]
        } else {
            contenders = [
                .init("raw", "raw C", setup: { (try rawFile(), values.map { RawItem(id: 0, name: $0.name, score: $0.score, count: $0.count, note: $0.note) }) }) {
                    db, items in try db.insert(items)
                },
                .init("orm", "ORMCore", setup: { (try ormFile(), values.map(item)) }) { db, items in
                    try db.transaction { _ in
                        for item in items { try item.commit(in: db) }
                    }
                },
                .init("grdb", "GRDB Codable", setup: { (try grdbFile(), values.map { GRDBItem(id: nil, name: $0.name, score: $0.score, count: $0.count, note: $0.note) }) }) {
                    queue, items in
                    try queue.write { db in
                        for var item in items { try item.insert(db) }
                    }
                },
                .init("grdb", "GRDB hand-written", setup: { (try grdbFile(), values.map { GRDBRowItem(id: nil, name: $0.name, score: $0.score, count: $0.count, note: $0.note) }) }) {
                    queue, items in
                    try queue.write { db in
                        for var item in items { try item.insert(db) }
                    }
                },
            ]
        }
        let title =
            (builtInLoop
                ? "insert \(rows) objects, each built in the loop, in one transaction"
                : "insert \(rows) objects built before the timing, in one transaction") + (keys.map { ", \($0)" } ?? "")
        report(title, try harness.measure(contenders), references: grdbReferences)
    }

    // MARK: - Fetch

    /// A file with `rows` rows, shared by the read scenarios.
    static func populatedFile(rows: Int, randomKeys: Bool = false) throws -> String {
        let path = try scratchFile("read.sqlite")
        let db = try RawSQLite(path: path)
        try db.exec(Dataset.createTable)
        try db.insert((0..<rows).map(Dataset.value), randomKeys: randomKeys)
        return path
    }

    static func fetchAll(rows: Int, harness: Harness) throws {
        let path = try populatedFile(rows: rows)
        let sql = "SELECT id, name, score, count, note FROM item"
        func check(_ count: Int, _ library: String) throws {
            if count != rows { throw BenchmarkError("\(library) returned \(count) rows, expected \(rows)") }
        }
        let ormDatabase = { () throws -> ORMCore.Database in
            let db = try ORMCore.Database(path: path)
            try db.prepare(Item.self)
            return db
        }
        // Each run on a fresh connection (no objects alive from earlier runs). The 120-byte class (an
        // ORMCore object's size before its bookkeeping shrank to 32 bytes) runs right after ORMCore:
        // the heap it trims is grown again by GRDB, and raw C never starts on a heap another
        // contender trimmed.
        let results = try harness.measure([
            .init("raw", "raw C (structs)", setup: { try RawSQLite(path: path) }) { try check(try $0.fetch(sql).count, "raw") },
            .init("orm", "ORMCore query().fetch()", setup: ormDatabase) { db in
                try check(try Item.query(in: db).fetch().count, "ORMCore query")
            },
            .init("class", "raw C into a class padded to 120 bytes", setup: { try RawSQLite(path: path) }) {
                try check(try $0.fetchObjects(sql, as: PaddedRawObject.init).count, "120-byte class")
            },
            .init("orm", "ORMCore fetchAll()", setup: ormDatabase) { db in
                try check(try Item.fetchAll(in: db).count, "ORMCore fetchAll")
            },
            .init("grdb", "GRDB Codable", setup: { try grdbQueue(path) }) { queue in
                try check(try queue.read { try GRDBItem.fetchAll($0, sql: sql).count }, "GRDB Codable")
            },
            .init("grdb", "GRDB hand-written", setup: { try grdbQueue(path) }) { queue in
                try check(try queue.read { try GRDBRowItem.fetchAll($0, sql: sql).count }, "GRDB hand-written")
            },
            .init("class", "raw C into a plain class", setup: { try RawSQLite(path: path) }) {
                try check(try $0.fetchObjects(sql, as: RawObject.init).count, "plain class")
            },
            .init("class", "raw C into a class padded to 104 bytes", setup: { try RawSQLite(path: path) }) {
                try check(try $0.fetchObjects(sql, as: SmallerPaddedRawObject.init).count, "104-byte class")
            },
        ])
        report("fetch all \(rows) rows as objects", results, references: grdbReferences)
        let ormBytes = instanceBytes(Item())
        let paddedBytes = instanceBytes(PaddedRawObject(.init(id: 0, name: "", score: 0, count: 0, note: nil)))
        let plainBytes = instanceBytes(RawObject(.init(id: 0, name: "", score: 0, count: 0, note: nil)))
        let smallerBytes = instanceBytes(SmallerPaddedRawObject(.init(id: 0, name: "", score: 0, count: 0, note: nil)))
        print(
            "  (instance bytes: ORMCore \(ormBytes), 120-byte class \(paddedBytes), plain class \(plainBytes), "
                + "104-byte class \(smallerBytes))")
    }

    static func query(rows: Int, harness: Harness) throws {
        let path = try populatedFile(rows: rows)
        let sql = "SELECT id, name, score, count, note FROM item WHERE score > ? ORDER BY name LIMIT 100"
        try compareReads(
            "filtered, sorted, limited (100 of \(rows))", path: path, harness: harness, expected: 100,
            raw: { db in try db.fetch(sql) { sqlite3_bind_double($0, 1, 0.5) }.count },
            orm: { db in try Item.query(in: db).where("score > \(0.5)").orderBy("name").limit(100).fetch().count },
            grdb: { db in try GRDBItem.fetchAll(db, sql: sql, arguments: [0.5]).count },
            grdbRow: { db in try GRDBRowItem.fetchAll(db, sql: sql, arguments: [0.5]).count })
    }

    static func join(rows: Int, harness: Harness) throws {
        let path = try populatedFile(rows: rows)
        let setup = try RawSQLite(path: path)
        try setup.exec("CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
        try setup.exec("WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < \(rows - 1)) INSERT INTO tag SELECT i, 'tag ' || (i % 1000) FROM s")
        let sql = "SELECT item.id, item.name, item.score, item.count, item.note FROM item LEFT JOIN tag ON tag.id = item.count WHERE tag.label = ? ORDER BY item.name LIMIT 100"
        try compareReads(
            "join + filter + sort (100 of \(rows))", path: path, harness: harness, expected: 100,
            raw: { db in try db.fetch(sql) { statement in _ = "tag 7".withCString { raw_bind_text(statement, 1, $0, -1) } }.count },
            orm: { db in
                try Item.query(in: db).joinTo(try db.table("tag").entity, leftParameter: "item.count", targetParameter: "tag.id")
                    .where("tag.label = ?", "tag 7").orderBy("name").limit(100).fetch().count
            },
            grdb: { db in try GRDBItem.fetchAll(db, sql: sql, arguments: ["tag 7"]).count },
            grdbRow: { db in try GRDBRowItem.fetchAll(db, sql: sql, arguments: ["tag 7"]).count })
    }

    /// Times one read on each library, each on a fresh connection, and checks every library returned
    /// the expected count.
    static func compareReads(
        _ title: String, path: String, harness: Harness, expected: Int, raw: @escaping (RawSQLite) throws -> Int,
        orm: @escaping (ORMCore.Database) throws -> Int, grdb: @escaping (GRDB.Database) throws -> Int,
        grdbRow: @escaping (GRDB.Database) throws -> Int
    ) throws {
        func check(_ count: Int, _ library: String) throws {
            if count != expected { throw BenchmarkError("\(library) returned \(count) rows, expected \(expected)") }
        }
        let results = try harness.measure([
            .init("raw", "raw C", setup: { try RawSQLite(path: path) }) { try check(try raw($0), "raw") },
            .init(
                "orm", "ORMCore query builder",
                setup: { () throws -> ORMCore.Database in
                    let db = try ORMCore.Database(path: path)
                    try db.prepare(Item.self)
                    return db
                }
            ) { try check(try orm($0), "ORMCore") },
            .init("grdb", "GRDB Codable", setup: { try grdbQueue(path) }) { queue in
                try check(try queue.read(grdb), "GRDB Codable")
            },
            .init("grdb", "GRDB hand-written", setup: { try grdbQueue(path) }) { queue in
                try check(try queue.read(grdbRow), "GRDB hand-written")
            },
        ])
        report(title, results, references: grdbReferences)
    }

    static func grdbQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
