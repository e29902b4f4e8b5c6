import Foundation

/// The PostgreSQL scenarios: inserting and fetching the data set with libpq, the floor an ORM on
/// PostgreSQL is measured against. Run with a server's connection string:
///
///     ormbench --scenario postgres --postgres "host=/tmp/… port=… user=reef dbname=reef"
///
/// (`scripts/pg-cluster start` starts a throwaway server and prints one.) ORMCore joins these
/// scenarios when its PostgreSQL driver lands (issue #22).
enum PostgresBench {
    static func run(conninfo: String, rows: Int, harness: Harness) throws {
        let values = (0..<rows).map(Dataset.value)
        let setup = { () throws -> RawPostgres in
            let connection = try RawPostgres(conninfo)
            try connection.recreateTable()
            return connection
        }
        /// The rows the table holds after an insert run, checked.
        func stored(_ connection: RawPostgres) throws -> Double {
            let count = try connection.fetch("SELECT id, name, score, count, note FROM item").count
            if count != rows { throw BenchmarkError("the table holds \(count) rows, expected \(rows)") }
            return Double(count)
        }
        let server = try RawPostgres(conninfo).serverVersion()
        print("\nPostgreSQL \(server)")
        let inserts = try harness.measure([
            .init("raw", "libpq, one insert at a time", setup: setup, { try $0.insert(values, pipelined: false) },
                  measure: stored),
            .init("raw", "libpq, pipelined", setup: setup, { try $0.insert(values, pipelined: true) },
                  measure: stored),
        ])
        report(
            "PostgreSQL: insert \(rows) rows in one transaction (prepared statement, binary parameters)", inserts,
            measureUnit: "rows")

        let filled = try setup()
        try filled.insert(values, pipelined: true)
        let sql = "SELECT id, name, score, count, note FROM item"
        let fetches = try harness.measure([
            .init("raw", "libpq, binary results", setup: { try RawPostgres(conninfo) }) { connection in
                let count = try connection.fetch(sql).count
                if count != rows { throw BenchmarkError("libpq returned \(count) rows, expected \(rows)") }
            }
        ])
        report("PostgreSQL: fetch all \(rows) rows as values", fetches)
        try filled.exec("DROP TABLE item")
    }
}
