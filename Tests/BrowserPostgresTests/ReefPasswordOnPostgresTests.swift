import Foundation
import PostgresTestSupport
import XCTest

@testable import Browser

#if canImport(Glibc)
    import Glibc
#endif

/// A server that asks for a password the URL, `PGPASSWORD` and the password file do not give:
/// reef asks once (the tests' server wants one over TCP), connects with what was typed, and keeps
/// it for the session; nothing asked when the URL has it; a clear error when no one can be asked.
final class ReefPasswordOnPostgresTests: XCTestCase {
    /// The test's database over TCP, without the password.
    private var url = ""
    /// The server's address as the prompt names it.
    private var target = ""
    /// `PGPASSWORD` and `PGPASSFILE` as they were, restored after the test.
    private var saved: [String: String?] = [:]

    override func setUpWithError() throws {
        let server = try TestPostgresServer.shared()
        let database = try server.makeDatabase("reef_password", for: self)
        url = "postgres://\(TestPostgresServer.superuser)@127.0.0.1:\(server.port)/\(database)"
        target = "\(TestPostgresServer.superuser)@127.0.0.1:\(server.port)/\(database)"
        // Nothing but the prompt may give the password.
        for name in ["PGPASSWORD", "PGPASSFILE"] {
            saved[name] = getenv(name).map { String(cString: $0) }
        }
        unsetenv("PGPASSWORD")
        setenv("PGPASSFILE", "/nonexistent/reef-test-pgpass", 1)
    }

    override func tearDown() {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }

    func testTheServerAsksAndThePasswordTypedOpensAndIsKept() throws {
        var prompts: [String] = []
        let opening = PasswordOpening { prompt in
            prompts.append(prompt)
            return TestPostgresServer.password
        }
        let database = try opening.open(url, readOnly: false)
        XCTAssertEqual(try database.scalar("SELECT current_user"), .text(TestPostgresServer.superuser))
        XCTAssertEqual(prompts, ["Password for \(target): "])
        XCTAssertEqual(opening.password, TestPostgresServer.password)
        // The next opening (a schema switch) connects with it, asking nothing.
        _ = try opening.open(url, readOnly: true, schema: "public")
        XCTAssertEqual(prompts.count, 1)
    }

    func testAWrongPasswordSaysTheServersReason() throws {
        let opening = PasswordOpening { _ in "not-the-password" }
        XCTAssertThrowsError(try opening.open(url, readOnly: false)) { error in
            let said = (error as? OpenError)?.description ?? "\(error)"
            XCTAssertTrue(said.contains("password authentication failed"), said)
            XCTAssertFalse(said.contains("not-the-password"), said)
        }
        XCTAssertNil(opening.password, "a password the server refused is not kept")
    }

    func testWithNoOneToAskTheErrorSaysWhereToGiveIt() throws {
        let opening = PasswordOpening { _ in nil }
        XCTAssertThrowsError(try opening.open(url, readOnly: false)) { error in
            XCTAssertEqual(
                (error as? OpenError)?.description,
                "reef: cannot connect to \(target): the server asks for a password; give it in the URL, "
                    + "PGPASSWORD or ~/.pgpass (reef asks for it only at a terminal)")
        }
    }

    func testAPasswordInTheURLAsksNothing() throws {
        let withPassword = url.replacingOccurrences(
            of: "\(TestPostgresServer.superuser)@", with: "\(TestPostgresServer.superuser):\(TestPostgresServer.password)@")
        let opening = PasswordOpening { _ in
            XCTFail("asked though the URL has the password")
            return nil
        }
        XCTAssertNoThrow(try opening.open(withPassword, readOnly: false))
        XCTAssertNil(opening.password)
    }
}
