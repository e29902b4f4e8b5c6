import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A headless script that exports gets its file whole: the runner waits for background counts
/// only so long (``HeadlessRunner/settleLimit``), but for an export to its end, however long it
/// takes (a PostgreSQL export of a million rows outlasted the limit and was stopped as reef quit,
/// "nothing written").
final class HeadlessExportWaitTests: XCTestCase {
    /// The folder of the test's files.
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// With no time at all to settle, the export still ends before the last screen, whole.
    func testAnExportOutlastingTheSettleTimeEndsBeforeTheScriptDoes() throws {
        let rows = 100_000
        let database = try Database(path: directory.appendingPathComponent("rows.sqlite").path)
        try database.executeScript("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO t SELECT i, 'row ' || i FROM n;
            """)
        let file = directory.appendingPathComponent("all rows.csv").path
        let app = try App(database: database, theme: .builtinDefault, initialTable: "t")
        let screens = HeadlessRunner(app: app, columns: 100, rows: 5, settleTime: 0)
            .run(try KeyScript.parse("X\(file)<Enter>"))
        let last = screens.last?.joined(separator: "\n") ?? ""
        XCTAssertTrue(last.contains("exported 100,000 rows to \(file)"), last)
        // CSV lines end in CR LF (RFC 4180).
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n")
        XCTAssertEqual(lines.count, rows + 2, "a header, the rows and the empty rest after the last line end")
        XCTAssertEqual(lines.suffix(2), ["100000,row 100000", ""])
    }
}
