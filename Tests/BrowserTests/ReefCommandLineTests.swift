import Foundation
import TerminalTestSupport
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

    /// Opening a SQLite file loads no PostgreSQL client: libpq and what it pulls in (OpenSSL,
    /// Kerberos, LDAP) cost about 6 MB resident, so they are loaded only when PostgreSQL is used.
    /// The dynamic loader's own log (`LD_DEBUG=files`) lists every library the process loads.
    func testASQLiteFileLoadsNoPostgreSQLClient() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try ReefProcess.run([fixture.path, "--headless", "40x10"], environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.error.contains("libc.so"), "the loader's log was not seen:\n\(result.error.prefix(500))")
        XCTAssertFalse(result.error.contains("libpq"), "reef loaded libpq to open a SQLite file")
    }

    /// A file name with escape sequences in it is printed with them shown, never sent: a name
    /// does not retitle the terminal or ring its bell.
    func testAFileNameOnStandardErrorHasItsControlCharactersShown() throws {
        let path = fixture.directory.appendingPathComponent("miss\u{1B}]0;FN\u{07}.db").path
        let result = try ReefProcess.run([path, "--headless", "40x10"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasSuffix("no such file\n"), result.error)
        XCTAssertFalse(result.error.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, result.error)
        XCTAssertEqual(result.error, "reef: " + Sanitizer.sanitize(path) + ": no such file\n")
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

    /// `--schema` chooses a PostgreSQL schema: on a SQLite file only `main` is there.
    func testSchemaOtherThanMainIsAnErrorOnASQLiteFile() throws {
        let refused = try ReefProcess.run([fixture.path, "--headless", "40x10", "--schema", "sales"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.error,
                       "reef: \(fixture.path): --schema chooses a PostgreSQL schema; a SQLite file has one, main (not sales)\n")
        let main = try ReefProcess.run([fixture.path, "--headless", "40x5", "--schema", "main"])
        XCTAssertEqual(main.status, 0, main.error)
        XCTAssertTrue(main.output.hasPrefix("▸ Tables (5)"), main.output)
        let switched = try ReefProcess.run([fixture.path, "--headless", "60x5", "--keys", "gs"])
        XCTAssertTrue(switched.output.contains("a SQLite file has one schema, main"), switched.output)
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

    /// `--version` and `--list-themes` need no database. Issue #25: the list named default and
    /// monochrome twice (built in, and their files in themes/); each theme is listed once.
    func testVersionAndThemeList() throws {
        XCTAssertEqual(try ReefProcess.run(["--version"]).output, "0.1.0\n")
        let themes = try ReefProcess.run(["--list-themes"])
        XCTAssertEqual(themes.status, 0)
        let names = themes.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(Array(names.prefix(2)), ["default", "monochrome"], themes.output)
        XCTAssertEqual(Set(names).count, names.count, "each theme once: \(themes.output)")
        XCTAssertTrue(names.contains("solarized"), themes.output)
        XCTAssertTrue(themes.output.hasPrefix("default        built in\nmonochrome     built in\n"), themes.output)
    }

    /// Issue #25: an unknown `--theme` gave a warning and the default theme. It is an error before
    /// the screen starts, naming the themes there are; nothing is drawn.
    func testUnknownThemeIsAnError() throws {
        let result = try ReefProcess.run([fixture.path, "--headless", "40x5", "--theme", "solarised"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("reef: unknown theme solarised (themes: default, monochrome, "), result.error)
        XCTAssertTrue(result.error.hasSuffix(", solarized; or give a file path)\n"), result.error)
        XCTAssertEqual(result.output, "")
    }

    /// A theme file with an error is an error too, naming the file and the line.
    func testBadThemeFileNamesTheLine() throws {
        let theme = fixture.directory.appendingPathComponent("bad.theme").path
        try Data("name = Bad\nheader = blu default\n".utf8).write(to: URL(fileURLWithPath: theme))
        let result = try ReefProcess.run([fixture.path, "--headless", "40x5", "--theme", theme])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("reef: theme \(theme):2: "), result.error)
        XCTAssertEqual(result.output, "")
    }

    /// Issue #25: `--keys` and `--script` refused a value starting with `-` ("Missing value").
    func testKeysAndScriptMayStartWithADash() throws {
        let keys = try ReefProcess.run([fixture.path, "--headless", "60x5", "--table", "artists", "--keys", "-j"])
        XCTAssertEqual(keys.status, 0, keys.error)
        XCTAssertTrue(keys.output.split(separator: "\n").last?.contains("artists  2/3") == true, keys.output)
        let script = fixture.directory.appendingPathComponent("-down.keys").path
        try Data("jj\n".utf8).write(to: URL(fileURLWithPath: script))
        let fromScript = try ReefProcess.run([fixture.path, "--headless", "60x5", "--table", "artists", "--script", script])
        XCTAssertEqual(fromScript.status, 0, fromScript.error)
        XCTAssertTrue(fromScript.output.split(separator: "\n").last?.contains("artists  3/3") == true, fromScript.output)
        let relative = Process()
        relative.executableURL = try ReefProcess.executable()
        relative.currentDirectoryURL = fixture.directory
        relative.arguments = ["fixture.sqlite", "--headless", "60x5", "--table", "artists", "--script", "-down.keys"]
        let output = Pipe()
        relative.standardOutput = output
        relative.standardError = FileHandle.nullDevice
        try relative.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        relative.waitUntilExit()
        XCTAssertEqual(relative.terminationStatus, 0)
        XCTAssertTrue(text.split(separator: "\n").last?.contains("artists  3/3") == true, text)
    }
}
