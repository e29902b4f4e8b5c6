import BenchSupport
import ORMCore

/// The PostgreSQL update and remove scenarios: every row of the filled table written once in one
/// transaction, by libpq (one prepared statement, binary parameters, one at a time or pipelined)
/// and by ORMCore (each object committed or removed in the loop, or all in one call).
extension PostgresBench {
    static func runWrites(
        conninfo: String, values: [Dataset.Value], harness: Harness, emptyTable: @escaping () throws -> Void
    ) throws {
        let rows = values.count
        /// The table filled with the data set (libpq, pipelined), and its keys.
        func filled() throws -> [Int64] {
            try emptyTable()
            let raw = try RawPostgres(conninfo)
            try raw.insert(values, pipelined: true)
            return try raw.keys()
        }
        let rawSetup = { () throws -> (RawPostgres, [Int64]) in
            let keys = try filled()
            return (try RawPostgres(conninfo), keys)
        }
        let ormSetup = { () throws -> (ORMCore.Database, [Item]) in
            _ = try filled()
            let db = try ORMCore.Database(url: conninfo)
            try db.prepare(Item.self)
            return (db, try Item.fetchAll(in: db))
        }
        /// Every row's count is its key plus one, checked after an update run.
        func updated(_: Any) throws -> Double {
            let items = try RawPostgres(conninfo).fetch("SELECT id, name, score, count, note FROM item")
            let wrong = items.filter { Int64($0.count) != $0.id + 1 }.count
            if items.count != rows || wrong != 0 { throw BenchmarkError("\(wrong) of \(items.count) rows not updated") }
            return Double(items.count)
        }
        /// The table is empty, checked after a remove run.
        func removed(_: Any) throws -> Double {
            let left = try RawPostgres(conninfo).fetch("SELECT id, name, score, count, note FROM item").count
            if left != 0 { throw BenchmarkError("\(left) rows left after removing every object") }
            return Double(rows)
        }
        for deleting in [false, true] {
            let measure = deleting ? removed : updated
            var contenders: [Harness.Contender] = [
                .init("raw", "libpq, one at a time", setup: rawSetup, { raw, keys in
                    try raw.write(keys: keys, deleting: deleting, pipelined: false)
                }, measure: measure),
                .init("orm", "ORMCore", setup: ormSetup, { db, items in
                    try db.transaction { _ in
                        for item in items {
                            if deleting {
                                try item.remove(from: db)
                            } else {
                                item.count = Int(item.id + 1)
                                try item.commit(in: db)
                            }
                        }
                    }
                }, measure: measure),
            ]
            contenders += batchWrites(deleting: deleting, setup: ormSetup, measure: measure)
            contenders.append(
                .init("raw", "libpq, pipelined", setup: rawSetup, { raw, keys in
                    try raw.write(keys: keys, deleting: deleting, pipelined: true)
                }, measure: measure))
            report(
                "PostgreSQL: \(deleting ? "remove" : "update the count of") \(rows) objects in one transaction"
                    + " (prepared statement, binary parameters)",
                try harness.measure(contenders), references: ["libpq, pipelined"], measureUnit: "rows")
        }
    }
}
