import Foundation
import ORMCore
import TerminalTestSupport
import XCTest

/// `reef a.db b.db …` run as a subprocess: both open (`--keys` plays across them), one that
/// cannot be opened is said beside the others, and `--sql` takes one database.
final class OpenDatabasesCommandLineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-open-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Database(path: path("a.db")).execute("CREATE TABLE apples (id INTEGER PRIMARY KEY, name TEXT)")
        try Database(path: path("b.db")).execute("CREATE TABLE bananas (id INTEGER PRIMARY KEY, name TEXT)")
        try Database(path: path("b.db")).execute("INSERT INTO bananas VALUES (1, 'Cavendish')")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testKeysPlayAcrossTheDatabases() throws {
        let result = try ReefProcess.run([path("a.db"), path("b.db"), "--headless", "200x6", "--keys", "gt"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "[2/2] \(path("b.db"))")
        XCTAssertTrue(lines[2].hasPrefix("bananas"), lines[2])
        XCTAssertTrue(lines[2].contains("Cavendish"), lines[2])
    }

    func testADatabaseThatCannotBeOpenedIsSaidAndTheOthersOpen() throws {
        let result = try ReefProcess.run([path("missing.db"), path("b.db"), "--headless", "200x6"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.error, "reef: \(path("missing.db")): no such file\n")
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("▸ Tables (1)"), "one database open: no row naming it: \(lines[0])")
        XCTAssertTrue(lines.last?.contains("not opened: \(path("missing.db")): no such file") ?? false, lines.last ?? "")

        let none = try ReefProcess.run([path("missing.db"), path("gone.db"), "--headless", "200x6"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.error, "reef: \(path("missing.db")): no such file\nreef: \(path("gone.db")): no such file\n")
        XCTAssertEqual(none.output, "")
    }

    func testSQLTakesOneDatabase() throws {
        let result = try ReefProcess.run([path("a.db"), path("b.db"), "--sql", "SELECT 1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("--sql runs on one database (or data files imported together): 2 given"), result.error)
    }

    private func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }
}
