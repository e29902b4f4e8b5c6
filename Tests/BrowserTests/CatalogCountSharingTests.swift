import Dispatch
import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser
import TestSupport

/// The table list takes the count a grid took of the same rows instead of counting them again: a
/// view opened at start was counted twice at once, by the grid and by the list (a slow view ran
/// twice on the server).
final class CatalogCountSharingTests: XCTestCase {
    /// What the SQL functions saw, shared with them.
    private final class Seen: Sendable {
        /// How many rows `tally()` saw: each is a row a read of `v` went through.
        let tallies = Mutex(0)
        /// Whether `hold()` has been called.
        let held = Mutex(false)
    }

    private let seen = Seen()
    /// `hold()` waits for `release` on its first call: the counter's worker stops inside
    /// `a_held`'s count until the test lets it go on.
    private let entered = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)

    private var tallies: Int { seen.tallies.withLock { $0 } }

    private func makeDatabase() throws -> Database {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-share-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        var configuration = Configuration()
        configuration.functions = [
            SQLFunction("tally", argumentCount: 0, isDeterministic: false) { [seen] _ in
                seen.tallies.withLock { $0 += 1 }
                return .null
            },
            SQLFunction("hold", argumentCount: 0, isDeterministic: false) { [seen, entered, release] _ in
                if seen.held.withLock({ was in defer { was = true }; return !was }) {
                    entered.signal()
                    release.wait()
                }
                return .null
            },
        ]
        let database = try Database(path: folder.appendingPathComponent("share.sqlite").path, configuration: configuration)
        try database.executeScript("""
            CREATE TABLE t (x INTEGER PRIMARY KEY);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i FROM n;
            CREATE VIEW a_held AS SELECT x FROM t WHERE hold() IS NULL;
            CREATE VIEW v AS SELECT x FROM t WHERE tally() IS NULL;
            CREATE VIEW w AS SELECT x FROM t WHERE hold() IS NULL;
            """)
        return database
    }

    func testACountTakenElsewhereIsNotTakenAgain() throws {
        let counter = CatalogCounter(database: try makeDatabase())
        counter.start(tables: ["t"], views: ["a_held", "v"])
        entered.wait()  // counting a_held, v still to come
        counter.countedElsewhere("v")
        counter.adopt("v", count: 42)
        release.signal()
        try waitUntil("the counts ended") { !counter.isCounting }
        XCTAssertEqual(counter.count(of: "v"), .done(42))
        XCTAssertEqual(counter.count(of: "a_held"), .done(100))
        XCTAssertEqual(tallies, 0, "v was never counted by the list")
        XCTAssertEqual(counter.largest, 100)
    }

    func testACountUnderWayIsStoppedAndItsResultDropped() throws {
        let counter = CatalogCounter(database: try makeDatabase())
        counter.start(tables: [], views: ["w"])
        entered.wait()  // counting w
        counter.adopt("w", count: 7)
        release.signal()
        try waitUntil("the count under way ended") { !counter.isCounting }
        XCTAssertEqual(counter.count(of: "w"), .done(7), "the grid's count, not the stopped one's ?")
    }

    func testAViewLeftToAGridWaitsForItAndShowsWhyWhenItGivesUp() throws {
        let counter = CatalogCounter(database: try makeDatabase())
        counter.start(tables: [], views: ["a_held", "v"])
        entered.wait()
        counter.countedElsewhere("v")
        release.signal()
        try waitUntil("a_held counted, v left to its grid") { !counter.isCounting }
        XCTAssertNil(counter.count(of: "v"))
        XCTAssertEqual(tallies, 0)
        counter.recount(["v"])
        try waitUntil("a recount leaves it to its grid too") { !counter.isCounting }
        XCTAssertEqual(tallies, 0)

        counter.gaveUp("v", reason: "stopped")
        XCTAssertEqual(counter.count(of: "v"), .stopped("stopped"))
        counter.countAgain("v")
        try waitUntil("asked for, the list counts it") { counter.count(of: "v") == .done(100) }
        XCTAssertEqual(tallies, 100)
    }

    /// reef opened on a view: the list shows the grid's count, and the view ran once for it.
    func testReefOpenedOnAViewRunsItOnceToCountIt() throws {
        let database = try makeDatabase()
        try database.executeScript("DROP VIEW a_held; DROP VIEW w")
        let app = try App(database: database, theme: .builtinDefault, initialTable: "v")
        let lines = HeadlessRunner(app: app, columns: 60, rows: 6).run([]).last ?? []
        XCTAssertEqual(lines.dropFirst().first, "t        100│  1│  1│", lines.joined(separator: "\n"))
        XCTAssertEqual(lines.dropFirst(2).first, "v ◇      100│  2│  2│", "the grid's count: \(lines.joined(separator: "\n"))")
        // The grid's first window and its count read the view's 100 rows once each: a count by
        // the list too made it 300.
        XCTAssertEqual(tallies, 200)
    }

}
