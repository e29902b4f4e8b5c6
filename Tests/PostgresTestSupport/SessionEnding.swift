import Foundation
import PostgresClient
import XCTest

extension XCTestCase {
    /// Ends every session of `conninfo`'s database but the one it opens to do so, as an
    /// administrator's `pg_terminate_backend` does, and waits until their server processes have
    /// exited (so each session's socket is closed: what a client finds when it looks later).
    /// The server runs on this machine: a process that exited is gone from `/proc` or a zombie.
    public func endSessions(of conninfo: String) throws {
        let administrator = try PGConnection(conninfo)
        let pids = try administrator.execute("""
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND backend_type = 'client backend'
            """).compactMap { $0.text(at: 0) }
        XCTAssertFalse(pids.isEmpty, "the database had sessions to end")
        for pid in pids {
            try administrator.execute("SELECT pg_terminate_backend($1)", [.text(pid)])
        }
        try waitUntil("the sessions' server processes exited") {
            pids.allSatisfy { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
                    return true
                }
                // `pid (command) state …`: the state follows the last parenthesis.
                return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
            }
        }
    }
}
