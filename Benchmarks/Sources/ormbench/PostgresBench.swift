import BenchSupport
import Foundation
import ORMCore

/// The PostgreSQL scenarios: ORMCore inserting and fetching the data set as `@Model` objects
/// through `Database(url:)`, beside libpq doing the same work in the same run (one prepared
/// statement, one transaction, binary parameters and results). Run on a server of its own
/// (`scripts/pg-cluster`, started and removed by the run), or on one a connection string names:
///
///     ormbench --scenario postgres [--postgres "host=/tmp/… port=… user=reef dbname=reef"]
enum PostgresBench {
    static func run(conninfo: String?, rows: Int, harness: Harness) throws {
        if let conninfo {
            return try run(conninfo: conninfo, rows: rows, harness: harness)
        }
        let server = try ThrowawayPostgres()
        defer { server.stop() }
        try run(conninfo: server.conninfo, rows: rows, harness: harness)
    }

    /// The label of libpq's pipelined inserts that read their keys, the floor of a pipelined commit.
    static let pipelinedReturning = "libpq, pipelined, RETURNING id"

    static func run(conninfo: String, rows: Int, harness: Harness) throws {
        let values = (0..<rows).map(Dataset.value)
        /// The table as ORMCore makes it for ``Item``, empty: every contender inserts into the same table.
        func emptyTable() throws {
            try RawPostgres(conninfo).exec("DROP TABLE IF EXISTS item")
            try ORMCore.Database(url: conninfo).prepare(Item.self)
        }
        let rawSetup = { () throws -> RawPostgres in
            try emptyTable()
            return try RawPostgres(conninfo)
        }
        let ormSetup = { () throws -> ORMCore.Database in
            try emptyTable()
            let db = try ORMCore.Database(url: conninfo)
            try db.prepare(Item.self)
            return db
        }
        /// The rows the table holds after an insert run, checked.
        func stored(_: Any) throws -> Double {
            let count = try RawPostgres(conninfo).fetch("SELECT id, name, score, count, note FROM item").count
            if count != rows { throw BenchmarkError("the table holds \(count) rows, expected \(rows)") }
            return Double(count)
        }
        let version = try RawPostgres(conninfo).serverVersion()
        print("\nPostgreSQL \(version), load average \(loadAverage())")

        for builtInLoop in [true, false] {
            // The floor: what ORMCore does for an object whose key the server's sequence gives (one
            // insert at a time, its key read back). Beside it, libpq without the key, and pipelined.
            var contenders: [Harness.Contender] = [
                .init("raw", "libpq, one insert at a time, RETURNING id", setup: rawSetup, {
                    try $0.insert(values, pipelined: false, returningKeys: true)
                }, measure: stored)
            ]
            if builtInLoop {
                contenders.append(
                    .init("orm", "ORMCore", setup: ormSetup, { db in
                        try db.transaction { _ in
                            for value in values { try Item(value).commit(in: db) }
                        }
                    }, measure: stored))
            } else {
                contenders.append(
                    .init("orm", "ORMCore", setup: { (try ormSetup(), values.map(Item.init)) }, { db, items in
                        try db.transaction { _ in
                            for item in items { try item.commit(in: db) }
                        }
                    }, measure: stored))
            }
            contenders += batchInsert(values, builtInLoop: builtInLoop, setup: ormSetup, measure: stored)
            contenders.append(
                .init("raw", "libpq, one insert at a time, no key read", setup: rawSetup, {
                    try $0.insert(values, pipelined: false)
                }, measure: stored))
            contenders.append(
                .init("raw", "libpq, pipelined", setup: rawSetup, { try $0.insert(values, pipelined: true) },
                      measure: stored))
            contenders.append(
                .init("raw", pipelinedReturning, setup: rawSetup, {
                    try $0.insert(values, pipelined: true, returningKeys: true)
                }, measure: stored))
            report(
                "PostgreSQL: insert \(rows) objects"
                    + (builtInLoop ? ", each built in the loop," : " built before the timing,")
                    + " in one transaction (prepared statement, binary parameters)",
                try harness.measure(contenders), references: [pipelinedReturning], measureUnit: "rows")
        }
        try runWrites(conninfo: conninfo, values: values, harness: harness, emptyTable: emptyTable)

        let filled = try rawSetup()
        try filled.insert(values, pipelined: true)
        try filled.exec("VACUUM ANALYZE item")
        let sql = "SELECT id, name, score, count, note FROM item"
        func check(_ count: Int, _ who: String) throws {
            if count != rows { throw BenchmarkError("\(who) returned \(count) rows, expected \(rows)") }
        }
        let ormDatabase = { () throws -> ORMCore.Database in
            let db = try ORMCore.Database(url: conninfo)
            try db.prepare(Item.self)
            return db
        }
        let fetches = try harness.measure([
            .init("raw", "libpq, binary results", setup: { try RawPostgres(conninfo) }) {
                try check(try $0.fetch(sql).count, "libpq")
            },
            .init("orm", "ORMCore query().fetch()", setup: ormDatabase) { db in
                try check(try Item.query(in: db).fetch().count, "ORMCore query")
            },
            .init("orm", "ORMCore fetchAll()", setup: ormDatabase) { db in
                try check(try Item.fetchAll(in: db).count, "ORMCore fetchAll")
            },
            .init("raw", "libpq, single-row mode, binary", setup: { try RawPostgres(conninfo) }) {
                try check(try $0.fetchSingleRows(sql, binary: true).count, "libpq single-row binary")
            },
            .init("raw", "libpq, single-row mode, text", setup: { try RawPostgres(conninfo) }) {
                try check(try $0.fetchSingleRows(sql, binary: false).count, "libpq single-row text")
            },
        ])
        report("PostgreSQL: fetch all \(rows) rows as objects (libpq: as structs)", fetches)
        try filled.exec("DROP TABLE item")
    }
}
