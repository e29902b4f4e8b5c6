import Foundation
import PostgresTestSupport
import XCTest

@testable import PostgresClient

/// A connection told to discard notices prints nothing on standard error: not the server's
/// notices, nor the `FATAL` of a session ended while it waits for notifications.
final class PGNoticeTests: XCTestCase {
    func testADiscardingConnectionPrintsNothingWhenItsSessionIsEnded() throws {
        let server = try TestPostgresServer.shared()
        let admin = try PGConnection(server.connectionString())

        let printed = try capturingStandardError {
            let listener = try PGConnection(server.connectionString())
            try listener.listen("pg_notice_test")
            try listener.execute("DO $$ BEGIN RAISE NOTICE 'a notice'; END $$")
            try endSession(of: listener, using: admin)
        }
        XCTAssertTrue(printed.contains("a notice") && printed.contains("terminating connection"),
                      "libpq prints both by default: \(printed)")

        let discarded = try capturingStandardError {
            let listener = try PGConnection(server.connectionString())
            listener.discardNotices()
            try listener.listen("pg_notice_test")
            try listener.execute("DO $$ BEGIN RAISE NOTICE 'a notice'; END $$")
            try endSession(of: listener, using: admin)
        }
        XCTAssertEqual(discarded, "")
    }

    /// Ends `listener`'s session from `admin`, and waits on `listener` until it finds it gone.
    private func endSession(of listener: PGConnection, using admin: PGConnection) throws {
        try admin.execute("SELECT pg_terminate_backend($1::int)", [.text(String(listener.backendProcessID))])
        try waitUntil("the listener finds its session ended") {
            do {
                _ = try listener.notifications(waitingUpTo: 100)
                return false
            } catch {
                return true
            }
        }
    }
}
