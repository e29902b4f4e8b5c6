import Dispatch
import Foundation
import ORMCore
import XCTest
@testable import Browser

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

    /// Waits up to five seconds for the count of `name`.
    private func count(of name: String, in catalog: Catalog) -> Int? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let count = catalog.entries.first(where: { $0.name == name })?.count {
                return count
            }
            usleep(10_000)
        }
        return nil
    }

    func testTablesAreCountedBeforeAViewThatNeverEndsAndRecountsStopIt() throws {
        var configuration = Configuration()
        configuration.maximumReaders = 2
        let database = try Database(path: fixture.path, configuration: configuration)
        let catalog = try Catalog(database: database)
        XCTAssertEqual(catalog.names.first?.name, "aaa_endless", "the view comes first by name")
        XCTAssertEqual(count(of: "artists", in: catalog), 3)
        XCTAssertEqual(count(of: "pairs", in: catalog), 3)
        XCTAssertNil(catalog.entries.first?.count, "the view is still being counted")
        for _ in 0..<4 {
            try catalog.refresh()
        }
        XCTAssertEqual(count(of: "albums", in: catalog), 4, "counts after recounts more often than there are readers")
        let read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? database.scalar("SELECT count(*) FROM artists")
            read.signal()
        }
        XCTAssertEqual(read.wait(timeout: .now() + 5), .success, "a reader is free")
    }
}
