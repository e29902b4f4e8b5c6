import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// `reef data.csv more.jsonl`: data files imported as tables, run as a subprocess.
final class ImportCommandLineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "id,name,price\n1,Ada,9.5\n2,\"Zoë, 😀\",12\n3,short\n".write(to: file("sales.csv"), atomically: true, encoding: .utf8)
        try "{\"id\": 1, \"customer\": \"Ada\"}\n{\"id\": 2, \"customer\": \"Bo\", \"tags\": [1, 2]}\n"
            .write(to: file("customers.jsonl"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testDataFilesOpenAsTablesTheFirstOnScreenAndJoinInSQL() throws {
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let shown = try ReefProcess.run([path("sales.csv"), path("customers.jsonl"), "--headless", "100x6"],
                                        environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(shown.status, 0, shown.error)
        XCTAssertEqual(shown.error, "reef: \(path("sales.csv")):4: 2 fields where the header has 3: the missing ones are NULL\n")
        let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("Tables (2)"), shown.output)
        XCTAssertEqual(lines[0], "Tables (2)   │ │id │name   │price │", "the first file's table is shown")
        XCTAssertEqual(lines[2], "sales       3│2│  2│Zoë, 😀│  12.0│")
        XCTAssertTrue(shown.output.contains("imported 2 files: 5 rows; 1 problem listed when reef ends (read-only"), shown.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [],
                       "the temporary database is removed when reef ends")

        let joined = try ReefProcess.run([path("sales.csv"), path("customers.jsonl"), "--headless", "60x5",
                                          "--keys", "eSELECT s.name, c.customer FROM sales s JOIN customers c USING (id)<Enter>"])
        XCTAssertEqual(joined.status, 0, joined.error)
        XCTAssertTrue(joined.output.contains("2│Zoë, 😀│Bo       │"), joined.output)
    }

    func testTheImportIsReadOnlyUnlessSaved() throws {
        let refused = try ReefProcess.run([path("sales.csv"), "--headless", "100x6", "--keys", "x"])
        XCTAssertEqual(refused.status, 0, refused.error)
        XCTAssertTrue(refused.output.contains("read-only: imported files are browsed read-only; --save FILE imports"), refused.output)
        XCTAssertFalse(refused.output.contains("--readonly"), "no flag was given: \(refused.output)")
        let statement = try ReefProcess.run([path("sales.csv"), "--headless", "140x6", "--keys", "eDELETE FROM sales<Enter>"])
        XCTAssertTrue(statement.output.contains("✗ read-only: imported files are browsed read-only"), statement.output)

        let saved = path("kept.db")
        let result = try ReefProcess.run([path("sales.csv"), path("customers.jsonl"), "--save", saved, "--headless", "60x5",
                                          "--keys", "jlxw"])
        XCTAssertEqual(result.status, 0, result.error)
        let database = try Database(path: saved)
        XCTAssertEqual(try database.fetchAll("SELECT id, name, price FROM sales ORDER BY id"), [
            [.integer(1), .text("Ada"), .real(9.5)], [.integer(2), .null, .real(12)], [.integer(3), .text("short"), .null],
        ], "the saved import is an ordinary database, edited and committed")
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM customers"), .integer(2))

        let again = try ReefProcess.run([path("sales.csv"), "--save", saved, "--headless", "60x5"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.error.contains("already exists"), again.error)
    }

    func testAFileThatCannotBeImportedIsOneLineAndStatusOne() throws {
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0x0D]).write(to: file("image.csv"))
        let binary = try ReefProcess.run([path("image.csv"), "--headless", "60x5"])
        XCTAssertEqual(binary.status, 1)
        XCTAssertEqual(binary.error, "reef: \(path("image.csv")): not a text file (it holds NUL bytes): nothing to import\n")
        XCTAssertEqual(binary.output, "")

        let missing = try ReefProcess.run([path("sales.csv"), path("nope.json"), "--headless", "60x5"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "reef: \(path("nope.json")): No such file or directory\n")

        // A database beside data files opens too: missing, it is said and the import is browsed.
        let mixed = try ReefProcess.run([path("sales.csv"), path("other.db"), "--headless", "60x5"])
        XCTAssertEqual(mixed.status, 0, mixed.error)
        XCTAssertTrue(mixed.error.contains("reef: \(path("other.db")): no such file\n"), mixed.error)
    }

    func testADatabaseNamedLikeADataFileOpensAsADatabase() throws {
        let database = try Database(path: path("really-sqlite.csv"))
        try database.execute("CREATE TABLE t(a)")
        try database.execute("INSERT INTO t VALUES (42)")
        let result = try ReefProcess.run([path("really-sqlite.csv"), "--headless", "60x5", "--table", "t"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("42"), result.output)
        XCTAssertFalse(result.output.contains("imported"), result.output)
    }

    private func file(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    private func path(_ name: String) -> String {
        file(name).path
    }
}
