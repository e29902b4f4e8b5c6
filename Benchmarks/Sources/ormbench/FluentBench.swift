import BenchSupport
import FluentKit
import Foundation
import ORMCore

/// The Fluent scenario: Vapor's Fluent (fluent-kit with fluent-postgres-driver) beside ORMCore and
/// libpq on the same PostgreSQL server in the same run: 100,000 models inserted one by one in one
/// transaction, the same as batches, every row fetched as models, and the filtered query. Run on a
/// server of its own (`scripts/pg-cluster`, started and removed by the run), or on one a Unix-socket
/// connection string names:
///
///     ormbench --scenario fluent [--postgres "host=/tmp/… port=… user=reef dbname=reef"]
///
/// Fluent is called as a Vapor app calls it, with `async` functions, from the synchronous harness by
/// waiting for each call's future (``FluentDatabase``).
enum FluentBench {
    /// The models one `[Model].create(on:)` inserts: 4 parameters each, so one statement stays
    /// under PostgreSQL's 65,535 parameters (100,000 models in one statement would need 400,000).
    static let batchRows = 10_000

    static func run(conninfo: String?, rows: Int, harness: Harness) throws {
        if let conninfo {
            return try run(conninfo: conninfo, rows: rows, harness: harness)
        }
        let server = try ThrowawayPostgres()
        defer { server.stop() }
        try run(conninfo: server.conninfo, rows: rows, harness: harness)
    }

    static func run(conninfo: String, rows: Int, harness: Harness) throws {
        let values = (0..<rows).map(Dataset.value)
        /// The table as ORMCore makes it for ``Item``, empty: every contender inserts into the same table.
        func emptyTable() throws {
            try RawPostgres(conninfo).exec("DROP TABLE IF EXISTS item")
            try ORMCore.Database(url: conninfo).prepare(Item.self)
        }
        try emptyTable()
        let fluent = try FluentDatabase(conninfo: conninfo)
        defer { fluent.shutdown() }
        let database = fluent.database
        print("\nPostgreSQL \(try RawPostgres(conninfo).serverVersion()), load average \(loadAverage())")

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
        let fluentSetup = { () throws -> FluentDatabase in
            try emptyTable()
            return fluent
        }
        /// The rows the table holds after an insert run, checked.
        func stored(_: Any) throws -> Double {
            let count = try RawPostgres(conninfo).fetch("SELECT id, name, score, count, note FROM item").count
            if count != rows { throw BenchmarkError("the table holds \(count) rows, expected \(rows)") }
            return Double(count)
        }
        let inserts = try harness.measure([
            .init("raw", "libpq, one insert at a time, RETURNING id", setup: rawSetup, {
                try $0.insert(values, pipelined: false, returningKeys: true)
            }, measure: stored),
            .init("orm", "ORMCore", setup: ormSetup, { db in
                try db.transaction { _ in
                    for value in values { try Item(value).commit(in: db) }
                }
            }, measure: stored),
            .init("fluent", "Fluent create(on:), one by one", setup: fluentSetup, { fluent in
                try fluent.wait {
                    try await database.transaction { transaction in
                        for value in values { try await FluentItem(value).create(on: transaction) }
                    }
                }
            }, measure: stored),
            .init("raw", "libpq, pipelined", setup: rawSetup, { try $0.insert(values, pipelined: true) }, measure: stored),
            .init("fluent", "Fluent [Model].create(on:), batches", setup: fluentSetup, { fluent in
                try fluent.wait {
                    try await database.transaction { transaction in
                        for start in stride(from: 0, to: values.count, by: batchRows) {
                            let batch = values[start..<min(start + batchRows, values.count)].map(FluentItem.init)
                            try await batch.create(on: transaction)
                        }
                    }
                }
            }, measure: stored),
        ])
        report(
            "PostgreSQL: insert \(rows) objects, each built in the loop, in one transaction "
                + "(Fluent's batches: \(batchRows) models a statement)",
            inserts, references: ["ORMCore"], measureUnit: "rows")

        let filled = try rawSetup()
        try filled.insert(values, pipelined: true)
        try filled.exec("VACUUM ANALYZE item")
        try fetch(conninfo: conninfo, rows: rows, harness: harness)
        try filteredQuery(conninfo: conninfo, rows: rows, harness: harness)
        try filled.exec("DROP TABLE item")
    }

    /// A new libpq connection that has read one row of the table, as each library's connection has
    /// before its timing (ORMCore's read connection, Fluent's pooled one).
    static func warmRaw(_ conninfo: String) throws -> RawPostgres {
        let db = try RawPostgres(conninfo)
        _ = try db.fetch("SELECT id, name, score, count, note FROM item LIMIT 1")
        return db
    }

    /// Every row as models (libpq: as structs), each run on a new connection of each library's.
    static func fetch(conninfo: String, rows: Int, harness: Harness) throws {
        func check(_ count: Int, _ who: String) throws {
            if count != rows { throw BenchmarkError("\(who) returned \(count) rows, expected \(rows)") }
        }
        let ormDatabase = { () throws -> ORMCore.Database in
            let db = try ORMCore.Database(url: conninfo)
            try db.prepare(Item.self)
            _ = try Item.query(in: db).limit(1).fetch()  // opens its read connection, as Fluent's setup does
            return db
        }
        let fetches = try harness.measure([
            .init("raw", "libpq, binary results", setup: { try warmRaw(conninfo) }) {
                try check(try $0.fetch("SELECT id, name, score, count, note FROM item").count, "libpq")
            },
            .init("orm", "ORMCore query().fetch()", setup: ormDatabase) { db in
                try check(try Item.query(in: db).fetch().count, "ORMCore query")
            },
            .init("orm", "ORMCore fetchAll()", setup: ormDatabase) { db in
                try check(try Item.fetchAll(in: db).count, "ORMCore fetchAll")
            },
            .init("fluent", "Fluent query(on:).all()", setup: { try FluentDatabase(conninfo: conninfo) }) { fluent in
                let database = fluent.database
                try check(try fluent.wait { try await FluentItem.query(on: database).all() }.count, "Fluent")
            },
        ])
        report(
            "PostgreSQL: fetch all \(rows) rows as objects (libpq: as structs)", fetches,
            references: ["ORMCore query().fetch()", "ORMCore fetchAll()"])
    }

    /// `score > 0.5`, sorted by name, the first 100: the same rows from each library, checked once
    /// before the timing, then timed, each run on a new connection of each library's.
    static func filteredQuery(conninfo: String, rows: Int, harness: Harness) throws {
        let sql = "SELECT id, name, score, count, note FROM item WHERE score > $1 ORDER BY name LIMIT 100"
        let raw = { (db: RawPostgres) throws -> [String] in try db.fetch(sql, bindingDouble: 0.5).map(\.name) }
        let orm = { (db: ORMCore.Database) throws -> [String] in
            try Item.query(in: db).where("score > \(0.5)").orderBy("name").limit(100).fetch().map(\.name)
        }
        let fluentQuery = { (fluent: FluentDatabase) throws -> [String] in
            let database = fluent.database
            return try fluent.wait {
                try await FluentItem.query(on: database).filter(\.$score > 0.5).sort(\.$name).limit(100).all()
            }.map(\.name)
        }
        let ormDatabase = { () throws -> ORMCore.Database in
            let db = try ORMCore.Database(url: conninfo)
            try db.prepare(Item.self)
            _ = try Item.query(in: db).limit(1).fetch()  // opens its read connection, as Fluent's setup does
            return db
        }
        let expected = try raw(try RawPostgres(conninfo))
        guard expected.count == 100 else { throw BenchmarkError("libpq returned \(expected.count) rows, expected 100") }
        if try orm(try ormDatabase()) != expected { throw BenchmarkError("ORMCore's filtered rows differ from libpq's") }
        if try fluentQuery(try FluentDatabase(conninfo: conninfo)) != expected { throw BenchmarkError("Fluent's filtered rows differ from libpq's") }
        func check(_ names: [String], _ who: String) throws {
            if names.count != 100 { throw BenchmarkError("\(who) returned \(names.count) rows, expected 100") }
        }
        let results = try harness.measure([
            .init("raw", "libpq, bound parameter", setup: { try warmRaw(conninfo) }) { try check(try raw($0), "libpq") },
            .init("orm", "ORMCore query builder", setup: ormDatabase) { try check(try orm($0), "ORMCore") },
            .init("fluent", "Fluent query(on:).filter", setup: { try FluentDatabase(conninfo: conninfo) }) { try check(try fluentQuery($0), "Fluent") },
        ])
        report("PostgreSQL: filtered, sorted, limited (100 of \(rows))", results, references: ["ORMCore query builder"])
    }
}
