import BenchSupport
import CLibPQRaw
import Foundation
import ORMCore

/// ORMCore's live count on PostgreSQL, the commits made by another session (libpq, in this
/// process: a session of its own is all the server sees).
enum PostgresLive {
    /// `spacing`: the pause before each commit (by default none beyond SQLite's random one); the
    /// watch delivers "every table" at most once a second, so commits back to back wait for it.
    static func otherSession(
        _ conninfo: String, commits: Int, notifications: Bool, spacing: Duration? = nil
    ) throws -> Latencies {
        let db = try Database(url: conninfo)
        try db.execute("DROP TABLE IF EXISTS live_item")
        try db.prepare(LiveItem.self)
        if notifications { _ = try db.installChangeNotifications(on: ["live_item"]) }
        defer { if notifications { _ = try? db.removeChangeNotifications(from: ["live_item"]) } }
        guard let session = PQconnectdb(conninfo), PQstatus(session) == CONNECTION_OK else {
            throw BenchmarkError("cannot connect to \(conninfo)")
        }
        defer { PQfinish(session) }
        let pause: () -> Duration = { spacing ?? .microseconds(Int.random(in: 0...20_000)) }
        return try SQLiteLive.measure(db, commits: commits, pause: pause) {
            let result = PQexec(session, "INSERT INTO live_item (n) VALUES (1)")
            defer { PQclear(result) }
            guard PQresultStatus(result) == PGRES_COMMAND_OK else {
                throw BenchmarkError("insert: " + String(cString: PQerrorMessage(session)))
            }
            return monotonicNanoseconds()
        }
    }
}
