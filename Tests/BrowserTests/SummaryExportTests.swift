import ORMCore
import XCTest
@testable import Browser

/// The column summary (`I`) leaves reef as a grid's rows do: `X` exports it and `gY` copies it,
/// a row a column, as the summary shows it.
final class SummaryExportTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE single (n INTEGER, label TEXT);
            INSERT INTO single VALUES (7, 'seven'), (9, 'nine');
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Plays `keys` on `single`; returns what reached the clipboard and the last screen.
    private func run(_ keys: String) throws -> (clipboard: [String], screen: [String]) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "single")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        let screens = runner.run(try KeyScript.parse(keys))
        return (runner.backend.clipboard, screens.last ?? [])
    }

    func testGYCopiesTheSummaryAsShown() throws {
        let (clipboard, screen) = try run("IgYcsv<Enter>")
        XCTAssertTrue(screen[7].contains("copied the view of"), screen[7])
        let lines = clipboard.first?.split(separator: "\r\n").map(String.init) ?? []
        XCTAssertEqual(lines.first, "column,type,stored,nulls,null %,distinct,min,p25,median,p75,max,histogram,mean,stddev,mode,mode #")
        XCTAssertTrue(lines.count == 3 && lines[1].hasPrefix("n,INTEGER,integer,0,0.0,2,7,7.5,8,8.5,9,"), "\(lines)")
        XCTAssertTrue(lines.count == 3 && lines[2].hasPrefix("label,TEXT,text,0,0.0,2,nine,"), "\(lines)")
    }

    func testXExportsTheSummaryToAFile() throws {
        let file = fixture.directory.appendingPathComponent("summary.jsonl").path
        let screen = try run("IX\(file)<Enter>").screen
        XCTAssertTrue(screen[7].contains("exported 2 rows to"), screen[7])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(#"{"column":"n","type":"INTEGER","stored":"integer","nulls":0,"null %":0.0,"distinct":2,"#), text)
    }
}
