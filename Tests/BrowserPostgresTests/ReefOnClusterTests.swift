import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore

/// reef on a replicated cluster the test starts: the status bar says which server it is on and
/// its role.
final class ReefOnClusterTests: XCTestCase {
    func testTheStatusBarNamesTheServerAndItsRole() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let primary = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby, cluster.primary]), readOnly: false)
        try primary.execute("CREATE TABLE t (a int PRIMARY KEY)")
        let onPrimary = HeadlessRunner(app: try App(database: primary, theme: .builtinDefault, initialTable: "t"),
                                       columns: 100, rows: 6).run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(onPrimary.last?.contains("primary 127.0.0.1:\(cluster.primary.port)") ?? false, onPrimary.joined(separator: "\n"))

        let standby = try DatabaseOpener.open(cluster.url(hosts: [cluster.standby]), readOnly: false)
        try waitUntil("the standby has the table") { (try? standby.fetchRows("SELECT count(*) FROM t")) != nil }
        let onStandby = HeadlessRunner(app: try App(database: standby, theme: .builtinDefault, initialTable: "t"),
                                       columns: 100, rows: 6).run(try KeyScript.parse("")).last ?? []
        XCTAssertTrue(onStandby.last?.contains("standby 127.0.0.1:\(cluster.standby.port)") ?? false, onStandby.joined(separator: "\n"))
    }
}
