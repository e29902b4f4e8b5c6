import Dispatch
import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// The table list's counts: tables are counted before views, and a recount stops the counting it
/// replaces, so a view that never ends neither hides the tables' counts nor holds readers.
final class CatalogTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try fixture.addEndlessView()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Waits for the count of `name` (nil once `waitUntil` gives up: a hang, not slowness).
    private func count(of name: String, in catalog: Catalog) throws -> Int? {
        var count: Int?
        try waitUntil("\(name) is counted") {
            count = catalog.entries.first(where: { $0.name == name })?.count
            return count != nil
        }
        return count
    }

    func testTablesAreCountedBeforeAViewThatNeverEndsAndRecountsStopIt() throws {
        var configuration = Configuration()
        configuration.maximumReaders = 2
        let database = try Database(path: fixture.path, configuration: configuration)
        let catalog = try Catalog(database: database)
        XCTAssertEqual(catalog.names.first?.name, "aaa_endless", "the view comes first by name")
        XCTAssertEqual(try count(of: "artists", in: catalog), 3)
        XCTAssertEqual(try count(of: "pairs", in: catalog), 3)
        XCTAssertNil(catalog.entries.first?.count, "the view is still being counted")
        for _ in 0..<4 {
            try catalog.refresh()
        }
        XCTAssertEqual(try count(of: "albums", in: catalog), 4, "counts after recounts more often than there are readers")
        let read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? database.scalar("SELECT count(*) FROM artists")
            read.signal()
        }
        XCTAssertEqual(read.wait(timeout: .now() + 5), .success, "a reader is free")
    }

    /// A table whose pages are damaged shows `?` for its count in the list and for its total in
    /// the status bar once its snapshot failed, not a spinner that never stops; the other tables
    /// are counted.
    func testADamagedTableShowsAQuestionMarkNotASpinner() throws {
        let path = fixture.directory.appendingPathComponent("damaged.sqlite").path
        var configuration = Configuration()
        configuration.journalMode = .unchanged  // a rollback journal: every page is in the file once closed
        do {
            let database = try Database(path: path, configuration: configuration)
            try database.execute("CREATE TABLE fine (x)")
            try database.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, t TEXT)")
            try database.execute("""
                WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)
                INSERT INTO big SELECT i, printf('%.100c', 'x') FROM c
                """)
        }
        let pageSize = 4_096  // SQLite's default
        let file = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try file.seek(toOffset: UInt64(pageSize * 50))
        file.write(Data(repeating: 0xFF, count: pageSize))
        try file.close()

        let app = try App(database: try Database(path: path), theme: .builtinDefault, initialTable: "big")
        let screens = HeadlessRunner(app: app, columns: 80, rows: 6).run(try KeyScript.parse("G"))
        let screen = try XCTUnwrap(screens.last)
        XCTAssertTrue(screen[1].hasPrefix("big        ?│"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen[2].hasPrefix("fine       0│"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.hasSuffix("big  1/?  id") == true, screen.joined(separator: "\n"))
    }
}
