import XCTest
@testable import Browser

/// `y` and `Y` copy the cell and the row to the terminal's clipboard through the backend.
final class YankTests: XCTestCase {
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

    /// Plays `keys` on `table` and returns the runner (for its backend) and the final screen.
    private func run(_ keys: String, table: String, columns: Int = 70) throws -> (MemoryBackend, [String]) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        let runner = HeadlessRunner(app: app, columns: columns, rows: 4)
        let screens = runner.run(try KeyScript.parse(keys))
        return (runner.backend, screens.last ?? [])
    }

    /// `y` copies the cell as text and says what was copied; OSC 52 is what a terminal gets.
    func testYankCellCopiesTheCell() throws {
        let (backend, screen) = try run("jjlly", table: "albums")
        XCTAssertEqual(backend.clipboard, ["東京"])
        XCTAssertEqual(backend.clipboardOutput, "\u{1B}]52;c;5p2x5Lqs\u{07}")
        XCTAssertEqual(screen.last, " BROWSE  copied title: 東京                        albums  3/4  title")
    }

    /// A number is copied as written; NULL as empty text; a short BLOB as hex.
    func testYankCellValueKinds() throws {
        XCTAssertEqual(try run("j$y", table: "albums").0.clipboard, ["12.0"])
        XCTAssertEqual(try run("jlllly", table: "albums").0.clipboard, [""])
        XCTAssertEqual(try run("jjllly", table: "albums").0.clipboard, ["00ff"])
    }

    /// `Y` copies the row, tab-separated, line breaks inside values made spaces.
    func testYankRowCopiesTabSeparatedValues() throws {
        let (backend, screen) = try run("jjY", table: "albums")
        XCTAssertEqual(backend.clipboard, ["3\t2\t東京\t00ff\tline one line two\t"])
        XCTAssertEqual(screen.last, " BROWSE  copied row 3: 6 values                       albums  3/4  id")
    }
}
