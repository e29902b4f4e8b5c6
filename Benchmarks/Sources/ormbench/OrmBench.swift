import Foundation
import GRDB
import ORMCore
import CSQLiteRaw

/// `ormbench`: ORMCore beside GRDB (Codable records) and the raw SQLite C API, in one run.
///
///     swift run -c release ormbench [--rows N] [--runs N] [--scenario NAME] [--only raw|orm|grdb]
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
        let rows = option("--rows", 100_000)
        let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        let harness = Harness(runs: option("--runs", 7), only: only)
        print("ormbench: \(rows) rows, median of \(harness.runs) runs, SQLite \(String(cString: sqlite3_libversion()))")
        print(ResultRow.header)

        let scenario = arguments.firstIndex(of: "--scenario").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        let scenarios: [(String, () throws -> ResultRow)] = [
            ("insert", { try insert(rows: rows, harness: harness) }),
            ("fetch", { try fetchAll(rows: rows, harness: harness) }),
            ("query", { try query(rows: rows, harness: harness) }),
            ("join", { try join(rows: rows, harness: harness) }),
        ]
        for (name, run) in scenarios where scenario == nil || scenario == name {
            print(try run().line)
        }
        if scenario == nil || scenario == "resultset" {
            try ResultSetBench.run(rows: option("--resultset-rows", 1_000_000))
        }
    }

    // MARK: - Insert

    static func insert(rows: Int, harness: Harness) throws -> ResultRow {
        let values = (0..<rows).map(Dataset.value)
        let times = try harness.medians([
            .init(
                "raw",
                setup: { () throws -> (RawSQLite, [RawItem]) in
                    let db = try RawSQLite(path: try scratchFile("raw.sqlite"))
                    try db.exec(Dataset.createTable)
                    return (db, values.map { RawItem(id: 0, name: $0.name, score: $0.score, count: $0.count, note: $0.note) })
                }, { db, items in try db.insert(items) }),
            .init(
                "orm",
                setup: { () throws -> (ORMCore.Database, [Item]) in
                    let db = try ORMCore.Database(path: try scratchFile("orm.sqlite"))
                    try db.prepare(Item.self)
                    let items = values.map { value -> Item in
                        let item = Item()
                        item.name = value.name
                        item.score = value.score
                        item.count = value.count
                        item.note = value.note
                        return item
                    }
                    return (db, items)
                },
                { db, items in
                    try db.transaction { _ in
                        for item in items { try item.commit(in: db) }
                    }
                }),
            .init(
                "grdb",
                setup: { () throws -> (DatabaseQueue, [GRDBItem]) in
                    let queue = try grdbQueue(try scratchFile("grdb.sqlite"))
                    try queue.write { try $0.execute(sql: Dataset.createTable) }
                    return (queue, values.map { GRDBItem(id: nil, name: $0.name, score: $0.score, count: $0.count, note: $0.note) })
                },
                { queue, items in
                    try queue.write { db in
                        for var item in items { try item.insert(db) }
                    }
                }),
        ])
        let (raw, orm, grdb) = (times[0], times[1], times[2])
        return ResultRow(scenario: "insert \(rows) objects in one transaction", raw: raw, orm: orm, grdb: grdb)
    }

    // MARK: - Fetch

    /// A file with `rows` rows, shared by the read scenarios.
    static func populatedFile(rows: Int) throws -> String {
        let path = try scratchFile("read.sqlite")
        let db = try RawSQLite(path: path)
        try db.exec(Dataset.createTable)
        try db.insert((0..<rows).map(Dataset.value).map { RawItem(id: 0, name: $0.name, score: $0.score, count: $0.count, note: $0.note) })
        return path
    }

    static func fetchAll(rows: Int, harness: Harness) throws -> ResultRow {
        let path = try populatedFile(rows: rows)
        let sql = "SELECT id, name, score, count, note FROM item ORDER BY id"
        return try compare(
            "fetch all \(rows) as objects", path: path, harness: harness, expected: rows,
            raw: { try $0.fetch(sql).count },
            rawClass: { try $0.fetchObjects(sql, as: RawObject.init).count },
            paddedClass: { try $0.fetchObjects(sql, as: PaddedRawObject.init).count },
            orm: { try Item.fetchAll(in: $0).count },
            grdb: { queue in try queue.read { try GRDBItem.fetchAll($0, sql: sql).count } })
    }

    static func query(rows: Int, harness: Harness) throws -> ResultRow {
        let path = try populatedFile(rows: rows)
        let sql = "SELECT id, name, score, count, note FROM item WHERE score > ? ORDER BY name LIMIT 100"
        return try compare(
            "filtered, sorted, limited (100 of \(rows))", path: path, harness: harness, expected: 100,
            raw: { db in try db.fetch(sql) { sqlite3_bind_double($0, 1, 0.5) }.count },
            orm: { db in try Item.fetch(sql: "SELECT * FROM $T WHERE score > ? ORDER BY name LIMIT 100", 0.5, in: db).count },
            grdb: { queue in try queue.read { try GRDBItem.fetchAll($0, sql: sql, arguments: [0.5]).count } })
    }

    static func join(rows: Int, harness: Harness) throws -> ResultRow {
        let path = try populatedFile(rows: rows)
        let setup = try RawSQLite(path: path)
        try setup.exec("CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT NOT NULL)")
        try setup.exec("WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < \(rows - 1)) INSERT INTO tag SELECT i, 'tag ' || (i % 1000) FROM s")
        let sql = "SELECT item.id, item.name, item.score, item.count, item.note FROM item LEFT JOIN tag ON tag.id = item.count WHERE tag.label = ? ORDER BY item.name LIMIT 100"
        return try compare(
            "join + filter + sort (100 of \(rows))", path: path, harness: harness, expected: 100,
            raw: { db in try db.fetch(sql) { statement in _ = "tag 7".withCString { raw_bind_text(statement, 1, $0, -1) } }.count },
            orm: { db in
                try Item.query(in: db).joinTo(try db.table("tag").entity, leftParameter: "count", targetParameter: "id")
                    .where("tag.label = ?", "tag 7").orderBy("name").limit(100).fetch().count
            },
            grdb: { queue in try queue.read { try GRDBItem.fetchAll($0, sql: sql, arguments: ["tag 7"]).count } })
    }

    /// Times one read on each library, each on a fresh connection (no objects alive from earlier runs),
    /// and checks every library returned the expected count. `rawClass`, when given, is also timed:
    /// the raw C API filling instances of a plain Swift class, the least any object per row costs;
    /// so is `paddedClass`, the same with the class as big as an ORMCore object.
    static func compare(
        _ scenario: String, path: String, harness: Harness, expected: Int, raw: @escaping (RawSQLite) throws -> Int,
        rawClass: ((RawSQLite) throws -> Int)? = nil, paddedClass: ((RawSQLite) throws -> Int)? = nil,
        orm: @escaping (ORMCore.Database) throws -> Int, grdb: @escaping (DatabaseQueue) throws -> Int
    ) throws -> ResultRow {
        func check(_ count: Int, _ library: String) throws {
            if count != expected { throw BenchmarkError("\(library) returned \(count) rows, expected \(expected)") }
        }
        var contenders: [Harness.Contender] = [
            .init("raw", setup: { try RawSQLite(path: path) }, { try check(try raw($0), "raw") }),
            .init(
                "orm",
                setup: { () throws -> ORMCore.Database in
                    let db = try ORMCore.Database(path: path)
                    try db.prepare(Item.self)
                    return db
                }, { try check(try orm($0), "ORMCore") }),
            .init("grdb", setup: { try grdbQueue(path) }, { try check(try grdb($0), "GRDB") }),
        ]
        if let rawClass, let paddedClass {
            contenders.append(.init("class", setup: { try RawSQLite(path: path) }, { try check(try rawClass($0), "raw class") }))
            // Right after ORMCore, whose objects are as big: the heap this one trims is grown again by
            // GRDB, as it was before this contender was added, and raw C never starts on a trimmed heap.
            contenders.insert(
                .init("class", setup: { try RawSQLite(path: path) }, { try check(try paddedClass($0), "padded class") }),
                at: 2)
        }
        var times = try harness.medians(contenders)
        let padded = contenders.count > 4 ? times.remove(at: 2) : nil
        var row = ResultRow(scenario: scenario, raw: times[0], orm: times[1], grdb: times[2])
        if let padded {
            row.plainClass = times[3]
            row.paddedClass = (padded, instanceBytes(PaddedRawObject(.init(id: 0, name: "", score: 0, count: 0, note: nil))))
            row.ormObjectBytes = instanceBytes(Item())
            row.plainClassBytes = instanceBytes(RawObject(.init(id: 0, name: "", score: 0, count: 0, note: nil)))
        }
        return row
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
