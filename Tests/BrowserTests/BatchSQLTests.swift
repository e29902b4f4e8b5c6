import Foundation
import TerminalTestSupport
import XCTest
@testable import Browser

/// `reef DB --sql`, run as the built executable on SQLite: each format's exact text, standard
/// input, each exit status, the one-line error, and every row of a long result.
final class BatchSQLTests: XCTestCase {
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

    /// Two albums with empty text, NULLs, a BLOB, a line break, and a literal with quotes and a comma.
    private let albums = """
        SELECT id, title, cover, notes, price, 'say "hi", ok' AS q FROM albums WHERE id IN (2, 3) ORDER BY id
        """

    /// Runs `statements` on the fixture with `extra` arguments.
    private func run(_ statements: String, _ extra: [String] = [], input: String = "") throws -> BatchProcess.Result {
        try BatchProcess.run([fixture.path, "--sql", statements] + extra, input: input)
    }

    func testCSVIsTheDefaultOffATerminalAndEncodesEveryValueExactly() throws {
        let expected = "id,title,cover,notes,price,q\r\n"
            + "2,\"\",,,12.0,\"say \"\"hi\"\", ok\"\r\n"
            + "3,東京,\\x00ff,\"line one\nline two\",,\"say \"\"hi\"\", ok\"\r\n"
        for extra in [[], ["--format", "csv"]] {
            let result = try run(albums, extra)
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(result.text, expected)
            XCTAssertEqual(result.error, "")
        }
    }

    func testTableIsTheDefaultOnATerminal() throws {
        let terminal = try TmuxTerminal(name: "batch")
        let reef = try ReefProcess.executable().path
        let command = [reef, fixture.path, "--sql", "SELECT id, name FROM artists WHERE id < 3 ORDER BY id"]
            .map(TmuxTerminal.shellQuoted).joined(separator: " ")
        try terminal.start(command + "; echo status=$?; cat", columns: 60, rows: 10, for: self)
        try terminal.waitFor("status=0")
        let lines = try terminal.capture().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(Array(lines.prefix(5)), ["id  name", "--  ----------", "1  Ada", "2  漢字テスト", "status=0"])
    }

    func testImportedFilesAreQueriedAndReadOnlyWithoutSave() throws {
        let csv = fixture.directory.appendingPathComponent("people.csv")
        try Data("name,n\nann,1\nbo,2\n".utf8).write(to: csv)
        // The import's temporary folder goes in a folder of the test's own: the sweep of abandoned
        // ones (`reef-KIND-PID-…`) would take the fixture's `reef-tests-UUID` for one when the
        // UUID starts with digits only.
        let temporary = fixture.directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        let query = try BatchProcess.run([csv.path, "--sql", "SELECT name, n FROM people ORDER BY n", "--format", "jsonl"],
                                         environment: environment)
        XCTAssertEqual(query.status, 0, query.error)
        XCTAssertEqual(query.text, #"{"name":"ann","n":1}"# + "\n" + #"{"name":"bo","n":2}"# + "\n")
        let delete = try BatchProcess.run([csv.path, "--sql", "DELETE FROM people"], environment: environment)
        XCTAssertEqual(delete.status, 1)
        XCTAssertEqual(delete.error, "reef: statement 1 of 1 (line 1): read-only: imported files are browsed read-only; "
            + "--save FILE imports them into a database you can edit\n")
    }

    func testTSVAndJSONAndJSONLinesAreTheExportsText() throws {
        let tsv = try run(albums, ["--format", "tsv"])
        XCTAssertEqual(tsv.status, 0, tsv.error)
        XCTAssertEqual(tsv.text, "id\ttitle\tcover\tnotes\tprice\tq\n"
            + "2\t\"\"\t\t\t12.0\t\"say \"\"hi\"\", ok\"\n"
            + "3\t東京\t\\x00ff\t\"line one\nline two\"\t\t\"say \"\"hi\"\", ok\"\n")
        let second = #"{"id":2,"title":"","cover":null,"notes":null,"price":12.0,"q":"say \"hi\", ok"}"#
        let third = #"{"id":3,"title":"東京","cover":{"$base64":"AP8="},"notes":"line one\nline two","price":null,"q":"say \"hi\", ok"}"#
        let json = try run(albums, ["--format", "json"])
        XCTAssertEqual(json.status, 0, json.error)
        XCTAssertEqual(json.text, "[\n" + second + ",\n" + third + "\n]\n")
        let lines = try run(albums, ["--format", "jsonl"])
        XCTAssertEqual(lines.text, second + "\n" + third + "\n")
        // What the file exports write, byte for byte.
        let encoder = ExportFormat.jsonLines.encoder(columns: ["id"], schema: nil)
        XCTAssertEqual(try run("SELECT 7 AS id", ["--format", "jsonl"]).text, encoder.header() + encoder.encode([.integer(7)]))
    }

    func testTextThatIsNotUTF8KeepsItsBytes() throws {
        let query = "SELECT CAST(X'C328' AS TEXT) AS bad"
        XCTAssertEqual(try run(query).text, "bad\r\n\\xc328\r\n")
        XCTAssertEqual(try run(query, ["--format", "json"]).text, "[\n" + #"{"bad":{"$textBase64":"wyg="}}"# + "\n]\n")
    }

    func testTableAlignsAndShowsControlCharactersWithoutSendingThem() throws {
        let result = try run("SELECT id, notes, char(27) || '[31mred' AS esc FROM albums WHERE id IN (2, 3) ORDER BY id",
                             ["--format", "table"])
        XCTAssertEqual(result.status, 0, result.error)
        let expected = [
            "id  notes" + String(repeating: " ", count: 14) + "esc",
            "--  " + String(repeating: "-", count: 17) + "  " + String(repeating: "-", count: 9),
            " 2  ∅" + String(repeating: " ", count: 18) + "^[[31mred",
            " 3  line one↵line two  ^[[31mred",
        ]
        XCTAssertEqual(result.text, expected.map { $0 + "\n" }.joined())
        XCTAssertFalse(result.output.contains(0x1B))
    }

    func testStatementsFromStandardInputRunInOrderAndATriggerBodyStaysWhole() throws {
        let script = """
            CREATE TABLE log (msg TEXT);
            CREATE TRIGGER artists_log AFTER INSERT ON artists BEGIN
              INSERT INTO log VALUES ('added ' || new.name);
              INSERT INTO log VALUES ('twice');
            END;
            INSERT INTO artists (name) VALUES ('Zed');
            SELECT msg FROM log ORDER BY rowid;
            """
        let result = try run("-", input: script)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.text, "msg\r\nadded Zed\r\ntwice\r\n")
    }

    func testAStatementWithoutRowsSaysWhatItChangedAndReturningRowsAreRows() throws {
        let update = try run("UPDATE albums SET price = 1 WHERE artist_id = 1")
        XCTAssertEqual(update.status, 0, update.error)
        XCTAssertEqual(update.text, "")
        XCTAssertEqual(update.error, "2 rows changed\n")
        let returning = try run("DELETE FROM albums WHERE id = 4 RETURNING id, notes", ["--format", "jsonl"])
        XCTAssertEqual(returning.text, #"{"id":4,"notes":"emoji 🎉 party"}"# + "\n")
        XCTAssertEqual(try run("SELECT count(*) AS n FROM albums").text, "n\r\n3\r\n")
    }

    func testAFailingStatementIsOneLineWithItsPlaceAndTheRestDoNotRun() throws {
        let result = try run("INSERT INTO pairs VALUES ('z', 1, 'z1');\nSELECT id,\n       nosuch FROM artists;\nINSERT INTO pairs VALUES ('z', 2, 'z2')")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: statement 2 of 3 (line 3, column 8): no such column: nosuch\n")
        XCTAssertEqual(result.text, "")
        XCTAssertEqual(try run("SELECT v FROM pairs WHERE a = 'z'").text, "v\r\nz1\r\n")
    }

    func testATransactionBegunAndNotEndedIsRolledBackAndSaid() throws {
        let open = try run("BEGIN; INSERT INTO pairs VALUES ('t', 1, 'open'); SELECT count(*) AS n FROM pairs")
        XCTAssertEqual(open.status, 0, open.error)
        XCTAssertEqual(open.text, "n\r\n4\r\n")
        XCTAssertEqual(open.error, "reef: a transaction was still open at the end: rolled back\n")
        let committed = try run("BEGIN; INSERT INTO pairs VALUES ('t', 2, 'kept'); COMMIT; SELECT v FROM pairs WHERE a = 't'")
        XCTAssertEqual(committed.error, "")
        XCTAssertEqual(committed.text, "v\r\nkept\r\n")
    }

    func testReadOnlyRefusesWritesAsTheScreensDo() throws {
        let insert = try run("INSERT INTO pairs VALUES ('r', 1, 'r1')", ["--readonly"])
        XCTAssertEqual(insert.status, 1)
        XCTAssertEqual(insert.error, "reef: statement 1 of 1 (line 1): read-only: the database is open with --readonly\n")
        let begin = try run("SELECT 1; BEGIN", ["--readonly"])
        XCTAssertEqual(begin.status, 1)
        XCTAssertTrue(begin.error.hasPrefix("reef: statement 2 of 2 (line 1): read-only"), begin.error)
        XCTAssertEqual(try run("SELECT count(*) AS n FROM pairs", ["--readonly"]).text, "n\r\n3\r\n")
    }

    func testUsageErrorsExitWithStatus2() throws {
        let cases: [([String], String)] = [
            ([fixture.path, "--sql", "SELECT 1", "--format", "xml"], "--format takes csv, tsv, json, jsonl or table (got 'xml')"),
            ([fixture.path, "--sql", "SELECT 1", "--headless", "80x20"], "--sql runs without a screen: not with --headless"),
            ([fixture.path, "--sql", "SELECT 1", "--keys", "j"], "--sql runs without a screen: not with --keys"),
            ([fixture.path, "--sql", " ; -- nothing"], "--sql: no statement to run"),
            ([fixture.path, "--sql", "-"], "--sql: no statement to run"),
            (["--sql", "SELECT 1"], "Missing expected argument"),
            ([fixture.path, "--sql", "SELECT 1", "--no-such-flag"], "Unknown option"),
        ]
        for (arguments, message) in cases {
            let result = try BatchProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.error)")
            XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
            XCTAssertEqual(result.text, "")
        }
        XCTAssertEqual(try BatchProcess.run([fixture.path, "--format", "csv", "--headless", "40x10"]).status, 64)
    }

    func testHelpDocumentsTheFormatsAndEveryExitStatus() throws {
        let help = try ReefProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for line in ["--format <FORMAT>       With --sql: csv, tsv, json, jsonl or table (default:",
                     "  0    every statement ran", "  1    a statement failed", "  2    usage: a bad --format",
                     "  3    no connection to the PostgreSQL server", "  130  interrupted by Ctrl-C"] {
            XCTAssertTrue(help.output.contains(line), line)
        }
    }

    func testAMissingFileExitsWithStatus1AndIsNotCreated() throws {
        let path = fixture.directory.appendingPathComponent("missing.sqlite").path
        let result = try BatchProcess.run([path, "--sql", "SELECT 1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "reef: \(path): no such file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testEveryOneOf100000RowsArrives() throws {
        let query = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x, 'v' || x AS v FROM c"
        let csv = try run(query)
        XCTAssertEqual(csv.status, 0, csv.error)
        let lines = csv.text.split(separator: "\r\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 100_002)  // the header, the rows, and the empty end
        XCTAssertEqual(lines[1], "1,v1")
        XCTAssertEqual(lines[100_000], "100000,v100000")
        XCTAssertEqual(Set(lines.dropFirst().dropLast()).count, 100_000)
        let json = try run(query, ["--format", "json"])
        let rows = try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]]
        XCTAssertEqual(rows?.count, 100_000)
        XCTAssertEqual(rows?.last?["v"] as? String, "v100000")
    }

    func testCtrlCStopsTheStatementWithStatus130() throws {
        let started = try ReefProcess.start([fixture.path, "--sql",
                                              "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"])
        // Rows on standard output: the statement runs, and Ctrl-C is handled.
        XCTAssertFalse(started.output.fileHandleForReading.availableData.isEmpty)
        started.process.interrupt()
        _ = started.output.fileHandleForReading.readDataToEndOfFile()
        let error = String(decoding: started.error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.process.waitUntilExit()
        XCTAssertEqual(started.process.terminationReason, .exit)
        XCTAssertEqual(started.process.terminationStatus, 130, error)
        XCTAssertEqual(error, "reef: interrupted: statement 1 of 1 was stopped\n")
    }
}
