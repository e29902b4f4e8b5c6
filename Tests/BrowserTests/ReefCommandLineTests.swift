import Foundation
import XCTest
@testable import Browser

/// The command line, run as a subprocess: errors about the database file, headless output,
/// version and themes.
final class ReefCommandLineTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// A missing file is one line on stderr, status 1, and is not created.
    func testMissingFileIsAnErrorAndIsNotCreated() throws {
        let path = fixture.directory.appendingPathComponent("missing.sqlite").path
        let result = try ReefProcess.run([path, "--headless", "40x10"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: \(path): no such file\n")
        XCTAssertEqual(result.output, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// A file that is not a database is one line on stderr, status 1, and stays as it was.
    func testNotADatabaseIsAnErrorAndTheFileIsUntouched() throws {
        let path = fixture.directory.appendingPathComponent("notes.txt").path
        let contents = Data(String(repeating: "just some text, not SQLite\n", count: 200).utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        let result = try ReefProcess.run([path, "--headless", "40x10"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: \(path): not a SQLite database (file is not a database)\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), contents)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        XCTAssertEqual(Set(siblings), ["fixture.sqlite", "notes.txt"])
    }

    /// A directory is refused.
    func testDirectoryIsAnError() throws {
        let result = try ReefProcess.run([fixture.directory.path, "--headless", "40x10"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: \(fixture.directory.path): is a directory, not a database file\n")
    }

    /// `--table` names a table as SQLite does (any case); a name the database lacks is an error.
    func testTableOptionMatchesAnyCaseAndRefusesUnknownNames() throws {
        let found = try ReefProcess.run([fixture.path, "--headless", "60x5", "--table", "ARTISTS"])
        XCTAssertEqual(found.status, 0, found.error)
        XCTAssertTrue(found.output.split(separator: "\n").last?.contains("artists  1/3") == true, found.output)
        let missing = try ReefProcess.run([fixture.path, "--headless", "60x5", "--table", "nosuch"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "reef: \(fixture.path): no table or view named nosuch\n")
        XCTAssertEqual(missing.output, "")
    }

    /// Headless output is the final screen, one line per row, and the journal mode is kept.
    func testHeadlessPrintsTheFinalScreenAndKeepsTheJournalMode() throws {
        let result = try ReefProcess.run([fixture.path, "--headless", "60x5", "--table", "artists", "--keys", "j<Enter>"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output.split(separator: "\n", omittingEmptySubsequences: false).count, 6)
        XCTAssertTrue(result.output.hasPrefix("Record 2 of 3 · artists\n"), result.output)
        XCTAssertTrue(result.output.contains("name    │ 漢字テスト"), result.output)
        let mode = try fixture.open(readOnly: true).scalar("PRAGMA journal_mode")
        XCTAssertEqual(mode, .text("delete"))
    }

    /// A bad key name is reported with its position.
    func testBadKeysAreReported() throws {
        let result = try ReefProcess.run([fixture.path, "--headless", "40x10", "--keys", "jj<Foo>"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: --keys: position 3: unknown key <Foo>; write <lt> for a literal <\n")
    }

    /// A malformed headless size is a usage error.
    func testBadHeadlessSizeIsAUsageError() throws {
        let result = try ReefProcess.run([fixture.path, "--headless", "wide"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.error.contains("--headless takes COLSxROWS"), result.error)
    }

    /// `--version` and `--list-themes` need no database.
    func testVersionAndThemeList() throws {
        XCTAssertEqual(try ReefProcess.run(["--version"]).output, "0.1.0\n")
        let themes = try ReefProcess.run(["--list-themes"])
        XCTAssertEqual(themes.status, 0)
        XCTAssertTrue(themes.output.hasPrefix("default (built in)\nmonochrome (built in)\n"), themes.output)
    }

    /// A theme file with an error names the line and falls back to the default theme.
    func testBadThemeFileNamesTheLineAndFallsBack() throws {
        let theme = fixture.directory.appendingPathComponent("bad.theme").path
        try Data("name = Bad\nheader = blu default\n".utf8).write(to: URL(fileURLWithPath: theme))
        let result = try ReefProcess.run([fixture.path, "--headless", "40x5", "--theme", theme])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.error.hasPrefix("reef: theme \(theme):2: "), result.error)
        XCTAssertTrue(result.error.hasSuffix("; using the default theme\n"), result.error)
    }
}
