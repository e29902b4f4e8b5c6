import BenchSupport
import Foundation
import ORMCore

/// ORMCore's default key (the rowid SQLite assigns, ascending) beside the old default (a random
/// 64-bit key) and SQLite's AUTOINCREMENT at a million rows: inserting them in one transaction,
/// the file it leaves, and fetching every row back as objects. Raw C inserting the same keys shows
/// what SQLite's B-tree itself costs for each.
enum KeysBench {
    static func run(rows: Int, harness: Harness) throws {
        let values = (0..<rows).map(Dataset.value)
        func rawFile(autoincrement: Bool = false) throws -> (RawSQLite, String) {
            let path = try scratchFile("raw.sqlite")
            let db = try RawSQLite(path: path)
            try db.exec(autoincrement ? Dataset.createAutoincrementTable : Dataset.createTable)
            return (db, path)
        }
        // The file's size once its connection is closed (the WAL checkpointed into it and removed).
        final class Box<T> {
            var value: T?
            init(_ value: T) { self.value = value }
        }
        func closedSize(_ path: String, _ close: () -> Void) -> Double {
            close()
            defer { removeScratch(of: path) }
            return fileMegabytes(path)
        }
        func ormInsert<T: DatasetModel>(_ type: T.Type) -> Harness.Contender {
            .init(
                "orm", "ORMCore, " + label(T.modelSchema.primaryKey.strategy),
                setup: { () throws -> (Box<ORMCore.Database>, String) in
                    let path = try scratchFile("orm.sqlite")
                    let db = try ORMCore.Database(path: path)
                    try db.prepare(T.self)
                    return (Box(db), path)
                },
                { box, _ in
                    guard let db = box.value else { return }
                    try db.transaction { _ in
                        for value in values { try T(value).commit(in: db) }
                    }
                },
                measure: { box, path in closedSize(path) { box.value = nil } })
        }
        let inserts = try harness.measure([
            .init(
                "raw", "raw C, autoincrement keys", setup: { () throws -> (Box<RawSQLite>, String) in
                    let (db, path) = try rawFile(autoincrement: true)
                    return (Box(db), path)
                }, { box, _ in try box.value?.insert(values) }, measure: { box, path in closedSize(path) { box.value = nil } }),
            ormInsert(AutoincrementItem.self),
            .init(
                "raw", "raw C, rowid keys", setup: { () throws -> (Box<RawSQLite>, String) in
                    let (db, path) = try rawFile()
                    return (Box(db), path)
                }, { box, _ in try box.value?.insert(values) }, measure: { box, path in closedSize(path) { box.value = nil } }),
            ormInsert(Item.self),
            .init(
                "raw", "raw C, random keys", setup: { () throws -> (Box<RawSQLite>, String) in
                    let (db, path) = try rawFile()
                    return (Box(db), path)
                }, { box, _ in try box.value?.insert(values, randomKeys: true) },
                measure: { box, path in closedSize(path) { box.value = nil } }),
            ormInsert(RandomKeyItem.self),
        ])
        // Each ORMCore line's ratio that matters is to the raw C line of the same keys, above it.
        report(
            "keys: insert \(rows) objects built in the loop, one transaction (time; file size once closed)", inserts,
            references: ["raw C, rowid keys", "ORMCore, rowid keys (default)", "raw C, random keys"], measureUnit: "MB")

        let ascending = try OrmBench.populatedFile(rows: rows)
        let random = try OrmBench.populatedFile(rows: rows, randomKeys: true)
        let sql = "SELECT id, name, score, count, note FROM item"
        func check(_ count: Int) throws {
            if count != rows { throw BenchmarkError("returned \(count) rows, expected \(rows)") }
        }
        let fetches = try harness.measure([
            .init("raw", "raw C, rowid keys", setup: { try RawSQLite(path: ascending) }) { try check(try $0.fetch(sql).count) },
            .init("orm", "ORMCore query().fetch(), rowid keys", setup: { try ORMCore.Database(path: ascending) }) { db in
                try check(try Item.query(in: db).fetch().count)
            },
            .init("raw", "raw C, random keys", setup: { try RawSQLite(path: random) }) { try check(try $0.fetch(sql).count) },
            .init("orm", "ORMCore query().fetch(), random keys", setup: { try ORMCore.Database(path: random) }) { db in
                try check(try RandomKeyItem.query(in: db).fetch().count)
            },
        ])
        report(
            "keys: fetch all \(rows) rows as objects", fetches,
            references: ["ORMCore query().fetch(), rowid keys", "raw C, random keys"])
    }

    static func label(_ strategy: PrimaryKey.Strategy) -> String {
        switch strategy {
        case .rowID: "rowid keys (default)"
        case .randomInteger: "random keys"
        case .autoincrement: "autoincrement keys"
        case .provided: "provided keys"
        }
    }
}
