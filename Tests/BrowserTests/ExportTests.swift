import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser
import TestSupport

/// Exporting the current view from the app: its filter and sort, every format, paging, errors.
final class ExportTests: XCTestCase {
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

    /// A path in the fixture's folder.
    private func path(_ name: String) -> String {
        fixture.directory.appendingPathComponent(name).path
    }

    /// The filtered, sorted view goes to CSV in its order; the status bar gives the count.
    func testCSVExportFollowsFilterAndSort() throws {
        let file = path("albums.csv")
        let screen = try fixture.screen("fprice > 1<Enter>$sX\(file)<Enter>", columns: 200, rows: 4, table: "albums")
        XCTAssertTrue(screen.last?.hasPrefix(" BROWSE  exported 2 rows to \(file) ") ?? false, screen.last ?? "")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), """
            id,artist_id,title,cover,notes,price\r
            1,1,First,\\x89504e470d0a1a0a00,A long note that goes on and on and on until it has to be cut somewhere,9.5\r
            2,1,"",,,12.0\r

            """)
    }

    /// JSON lines and SQL of the whole table: the SQL creates the table, then fills it.
    func testJSONLinesAndSQLExports() throws {
        let jsonl = path("artists.jsonl"), sql = path("artists.sql")
        // <dump> waits for the first export to finish: X during an export stops it.
        _ = try fixture.screen("X\(jsonl)<Enter><dump>X\(sql)<Enter>", columns: 200, rows: 4, table: "artists")
        XCTAssertEqual(try String(contentsOfFile: jsonl, encoding: .utf8), """
            {"id":1,"name":"Ada","country":"UK"}
            {"id":2,"name":"漢字テスト","country":"JP"}
            {"id":3,"name":"Emoji 😀 band","country":null}

            """)
        XCTAssertEqual(try String(contentsOfFile: sql, encoding: .utf8), """
            -- reef export: rows of "artists"
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE artists (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
            INSERT INTO "artists" ("id", "name", "country") VALUES (1, 'Ada', 'UK');
            INSERT INTO "artists" ("id", "name", "country") VALUES (2, '漢字テスト', 'JP');
            INSERT INTO "artists" ("id", "name", "country") VALUES (3, 'Emoji 😀 band', NULL);
            COMMIT;

            """)
    }

    /// An unwritable path and an unknown extension are reported; the browser goes on.
    func testErrorsAreShownAndTheProgramGoesOn() throws {
        let screens = try fixture.headless("X/nonexistent-dir/out.csv<Enter><dump>X\(path("out.txt"))<Enter><dump>j",
                                           columns: 80, rows: 3, table: "artists")
        XCTAssertEqual(screens[0].last, " BROWSE  export failed: /nonexistent-dir/out.csv: No such file or directory 1/3")
        XCTAssertEqual(screens[1].last, " BROWSE  export: name the file .csv, .tsv, .json, .jsonl or .sql   artists  1/3")
        XCTAssertEqual(screens[2].last, " BROWSE  ? help                                                artists  2/3  id")
    }

    /// Query results go out in one pass, every row once, in the view's order, over many pages.
    func testQueryResultsExportEveryRowOnceInOrder() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE many (n INTEGER)")
        try database.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1234) INSERT INTO many SELECT x FROM c")
        let source = try PagedSource.query("SELECT n FROM many WHERE n % 2 = 0", in: database)
        guard let sorted = try source.applying(sort: GridSort(column: 0, descending: true), filter: nil) as? PagedSource else {
            return XCTFail("not a paged source")
        }
        let file = path("query.csv")
        var reported: [Int] = []
        let exporter = Exporter(rows: RelationRows(database: database, query: sorted.query), table: "query", columns: ["n"],
                                format: .csv, path: file)
        XCTAssertEqual(try exporter.run { reported.append($0) }, 617)
        XCTAssertEqual(reported, [500, 617])
        let numbers = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n").dropFirst().compactMap { Int($0) }
        XCTAssertEqual(numbers, Array(stride(from: 1234, through: 2, by: -2)))
    }

    /// A file already there is replaced only when the user says `y`; any other key keeps it.
    func testAnExistingFileIsReplacedOnlyWhenConfirmed() throws {
        let file = path("artists.csv")
        try "keep me\n".write(toFile: file, atomically: false, encoding: .utf8)
        let screens = try fixture.headless("X\(file)<Enter><dump>n<dump>X\(file)<Enter>y<dump>", columns: 200, rows: 3,
                                           table: "artists")
        XCTAssertEqual(screens[0].last, "\(file) exists: replace it? y/n")
        XCTAssertTrue(screens[1].last?.hasPrefix(" BROWSE  nothing exported: \(file) kept ") ?? false, screens[1].last ?? "")
        XCTAssertTrue(screens[2].last?.hasPrefix(" BROWSE  exported 3 rows to \(file) ") ?? false, screens[2].last ?? "")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n").first, "id,name,country")
        XCTAssertEqual(try leftovers(), [])
    }

    /// An export that fails part way leaves the file that was there as it was, and no partial file.
    func testAFailedExportLeavesTheOldFileAndNoPartialOne() throws {
        let file = path("rows.csv")
        try "old export\n".write(toFile: file, atomically: false, encoding: .utf8)
        let exporter = Exporter(rows: TwoRowPages(pages: 1, thenFail: true), table: "t", columns: ["n"], format: .csv, path: file)
        var reported: [Int] = []
        XCTAssertThrowsError(try exporter.run { reported.append($0) }) { XCTAssertTrue($0 is TwoRowPages.Failure) }
        XCTAssertEqual(reported, [2], "the first page was written before the failure")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old export\n")
        XCTAssertEqual(try leftovers(), [])

        let fresh = path("fresh.csv")
        XCTAssertThrowsError(try Exporter(rows: TwoRowPages(pages: 1, thenFail: true), table: "t", columns: ["n"], format: .csv, path: fresh).run { _ in })
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))
        XCTAssertEqual(try leftovers(), [])
    }

    /// A stopped export writes nothing: the file that was there stays.
    func testACancelledExportWritesNothing() throws {
        let file = path("rows.csv")
        try "old export\n".write(toFile: file, atomically: false, encoding: .utf8)
        var pages = 0
        let exporter = Exporter(rows: TwoRowPages(pages: 5, thenFail: false), table: "t", columns: ["n"], format: .csv, path: file)
        XCTAssertNil(try exporter.run(isCancelled: { pages == 2 }) { _ in pages += 1 })
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old export\n")
        XCTAssertEqual(try leftovers(), [])
    }

    /// Exporting through a symbolic link replaces the file it names and keeps the link.
    func testExportThroughALinkKeepsTheLink() throws {
        let target = path("target.csv"), link = path("link.csv")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        XCTAssertEqual(try Exporter(rows: TwoRowPages(pages: 1, thenFail: false), table: "t", columns: ["n"], format: .csv,
                                    path: link).run { _ in }, 2)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "n\r\n1\r\n2\r\n")
    }

    /// The database file (under any name, through a link too) and a folder are refused as targets.
    func testTheDatabaseItselfAndAFolderAreRefused() throws {
        let database = path("copy.csv"), link = path("link.csv")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: database)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: database)
        let folder = path("folder.csv")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let app = try App(database: try Database(path: database), theme: .builtinDefault, initialTable: "artists")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let screens = HeadlessRunner(app: app, columns: 200, rows: 3).run(try KeyScript.parse(
            "X\(database)<Enter><dump>X\(link)<Enter><dump>X\(folder)<Enter>"))
        XCTAssertTrue(screens[0].last?.contains("export: \(database) is the database itself") == true, screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[1].last?.contains("export: \(link) is the database itself") == true, screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[2].last?.contains("is a folder; name a file in it") == true, screens[2].joined(separator: "\n"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
    }

    /// Quitting while an export runs stops it: the file it would replace stays, no partial file
    /// is left, and the user is told.
    func testQuittingStopsARunningExportAndLeavesNothing() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE many (n INTEGER, t TEXT)")
        try database.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000) INSERT INTO many SELECT x, 'row ' || x FROM c")
        let file = path("many.csv")
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "many")
        app.resize(columns: 80, rows: 6)
        try app.waitForWaitedWork()
        app.exports.startExport(to: file, replacing: true)
        XCTAssertEqual(app.finish(), "reef: the export to \(file) was stopped: nothing written")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old\n")
        XCTAssertEqual(try leftovers(), [])
        XCTAssertNil(app.finish(), "nothing left to stop")
    }

    /// A new file gets the mode the umask allows; a file name too long to take the temporary
    /// suffix still exports.
    func testNewFilesFollowTheUmaskAndLongNamesExport() throws {
        let previous = umask(0o077)
        defer { umask(previous) }
        let file = path("private.csv")
        XCTAssertEqual(try Exporter(rows: TwoRowPages(pages: 1, thenFail: false), table: "t", columns: ["n"], format: .csv,
                                    path: file).run { _ in }, 2)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)
        XCTAssertEqual(mode.intValue, 0o600)
        let long = path(String(repeating: "n", count: 246) + ".csv")
        XCTAssertEqual(try Exporter(rows: TwoRowPages(pages: 1, thenFail: false), table: "t", columns: ["n"], format: .csv,
                                    path: long).run { _ in }, 2)
        XCTAssertEqual(try String(contentsOfFile: long, encoding: .utf8), "n\r\n1\r\n2\r\n")
        XCTAssertEqual(try leftovers(), [])
    }

    /// A link to a file not there yet is written through, the link kept.
    func testExportThroughALinkToAMissingFile() throws {
        let link = path("dangling.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "later.csv")
        XCTAssertEqual(try Exporter(rows: TwoRowPages(pages: 1, thenFail: false), table: "t", columns: ["n"], format: .csv,
                                    path: link).run { _ in }, 2)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "later.csv")
        XCTAssertEqual(try String(contentsOfFile: path("later.csv"), encoding: .utf8), "n\r\n1\r\n2\r\n")
    }

    /// `~` and `~user` expand as a shell expands them; an unknown user is left as typed.
    func testTildeExpansion() {
        XCTAssertEqual(expandingTilde(in: "~root/x.csv"), "/root/x.csv")
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            XCTAssertEqual(expandingTilde(in: "~/x.csv"), home + "/x.csv")
        }
        XCTAssertEqual(expandingTilde(in: "~no-such-user-here/x.csv"), "~no-such-user-here/x.csv")
        XCTAssertEqual(expandingTilde(in: "a/~/x.csv"), "a/~/x.csv")
    }

    /// The temporary file of an export killed with SIGKILL stays (it cannot remove it), and the next
    /// export to that folder removes it; the temporary file of an export still running in another
    /// reef is left alone, as are files of other names. Both exports read a view that never ends.
    func testAKilledExportsFileIsRemovedByTheNextAndARunningOneKept() throws {
        try Database(path: fixture.path).execute("""
            CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c
            """)
        let unrelated = [path(".notes.reef-1"), path("keep.reef-AbC123"), path(".reef-export-AbC12")]
        for file in unrelated {
            try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        }
        let killed = try exportInAnotherReef(to: path("killed.csv")), running = try exportInAnotherReef(to: path("running.csv"))
        defer {
            running.process.terminate()
            running.process.waitUntilExit()
        }
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        XCTAssertTrue(FileManager.default.fileExists(atPath: killed.temporary), "a killed export cannot clean up")

        XCTAssertEqual(try Exporter(rows: TwoRowPages(pages: 1, thenFail: false), table: "t", columns: ["n"], format: .csv,
                                    path: path("next.csv")).run { _ in }, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: killed.temporary), "the next export removes it")
        XCTAssertTrue(FileManager.default.fileExists(atPath: running.temporary), "a running export's file stays")
        XCTAssertTrue(running.process.isRunning)
        for file in unrelated {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file), file)
        }
    }

    /// Starts a reef process exporting the endless view to `file` and waits until its temporary
    /// file exists; returns the process and that file's path.
    private func exportInAnotherReef(to file: String) throws -> (process: Process, temporary: String) {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let process = Process()
        process.executableURL = try ReefProcess.executable()
        // `<wait:600000>` lets time pass on purpose: the export goes on until the test ends the process.
        process.arguments = [fixture.path, "--table", "endless", "--headless", "80x5", "--keys", "X\(file)<Enter><wait:600000>"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var temporary: String?
        try waitUntil("the export's temporary file exists or reef ended") {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
            temporary = names.first { $0.hasPrefix(".\(name).reef-") }.map(path)
            return temporary != nil || !process.isRunning
        }
        guard let temporary else {
            throw MissingTool(description: "reef ended before its export started")
        }
        return (process, temporary)
    }

    /// Temporary export files left in the fixture's folder.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter(ExportFile.isTemporaryName)
    }

    /// A `PRAGMA`'s results are exported from reef's copy of them, as a query's are (they were
    /// refused when reef could only read them again by running them).
    func testPragmaResultsAreExportedFromTheirCopy() throws {
        let out = fixture.directory.appendingPathComponent("out.csv").path
        let screens = try fixture.headless("ePRAGMA table_info(artists)<Enter>X\(out)<Enter><dump>", columns: 200, rows: 6)
        XCTAssertTrue(screens[0].last?.contains("exported 3 rows") == true, screens[0].last ?? "")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("cid,name,type,notnull,dflt_value,pk"), written)
    }

    /// Many pages, in key order and sorted, give every row once, in the view's order.
    func testPagedExportWritesEveryRowOnce() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE many (n INTEGER)")
        try database.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1234) INSERT INTO many SELECT x FROM c")
        let source = try TableSource(table: database.table("many"))
        for sort in [nil, GridSort(column: 0, descending: true)] {
            guard let view = try source.applying(sort: sort, filter: "n % 2 = 0") as? TableSource else {
                return XCTFail("not a table source")
            }
            let file = path("many.csv")
            var reported: [Int] = []
            let exporter = Exporter(rows: TableRows(view), table: "many", columns: ["n"], format: .csv, path: file)
            XCTAssertEqual(try exporter.run { reported.append($0) }, 617)
            XCTAssertEqual(reported, [500, 617])
            let numbers = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n").dropFirst().compactMap { Int($0) }
            let expected = Array(stride(from: 2, through: 1234, by: 2))
            XCTAssertEqual(numbers, sort == nil ? expected : expected.reversed())
        }
    }
}

/// Rows that come in `pages` pages of two (1, 2, then 3, 4, …), then end or, when `thenFail`,
/// throw ``Failure``.
private struct TwoRowPages: ExportRows {
    /// The error thrown after the last page.
    struct Failure: Error {}

    /// The pages handed out.
    var pages: Int
    /// Whether the rows end with ``Failure``.
    var thenFail: Bool

    func forEachPage(size: Int, _ body: ([[ExportValue]]) throws -> Bool) throws {
        for page in 0..<pages {
            let first = Int64(page * 2 + 1)
            if try !body([[.integer(first)], [.integer(first + 1)]]) {
                return
            }
        }
        if thenFail {
            throw Failure()
        }
    }
}
