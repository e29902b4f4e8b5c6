import Foundation
import PostgresClient
import PostgresTestSupport
import TerminalTestSupport
import XCTest

/// reef's sessions name themselves `reef` in `pg_stat_activity`; a name the user gives in the
/// connection string or in `PGAPPNAME` wins.
final class ReefApplicationNameOnPostgresTests: XCTestCase {
    /// The application name of the session that runs reef's SQL prompt, as reef shows it.
    private func shownName(_ conninfo: String, environment extra: [String: String] = [:]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["PGAPPNAME"] = nil
        environment.merge(extra) { $1 }
        let run = try ReefProcess.run([
            "--headless", "60x6", "--keys",
            "eSELECT 'name=' || application_name AS app FROM pg_stat_activity WHERE pid = pg_backend_pid()<Enter>", conninfo,
        ], environment: environment)
        XCTAssertEqual(run.status, 0, run.error)
        let line = run.output.split(separator: "\n").first { $0.contains("name=") } ?? ""
        return String(line.split(separator: "name=").last?.prefix { $0 != " " && $0 != "│" } ?? "")
    }

    func testReefsSessionsSayReefUnlessTheUserNamesThem() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("reef_appname", for: self)
        let conninfo = server.connectionString(database: name)
        XCTAssertEqual(try shownName(conninfo), "reef")
        XCTAssertEqual(try shownName(conninfo + " application_name=mine"), "mine")
        XCTAssertEqual(try shownName(server.url(database: name) + "?application_name=fromurl"), "fromurl")
        XCTAssertEqual(try shownName(conninfo, environment: ["PGAPPNAME": "theirs"]), "theirs")
    }
}
