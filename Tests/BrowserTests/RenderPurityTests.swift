import ORMCore
import XCTest
@testable import Browser

/// Drawing only reads: the same state drawn twice gives the same cells, runs no SQL and leaves the
/// state as it was (reading rows and laying out happen after keys and ticks, in `prepareFrame`).
final class RenderPurityTests: XCTestCase {
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

    /// What drawing must leave alone, as text.
    private func fingerprint(of app: App) -> [String] {
        var lines = [
            app.state.screens.map(\.mode.label).joined(separator: " "),
            "focus \(app.state.main.focus) table \(app.state.main.selectedTable) first \(app.state.main.firstVisibleTable)",
            "message \(app.state.message?.text ?? "-") spinner \(app.state.spinnerFrame)",
            "prompt \(app.prompt.current?.text ?? "-") sidebar \(app.tables.sidebarWidthMark) size \(app.size.columns)x\(app.size.rows)",
            "open \(app.tables.grids.keys.sorted()) pending \(app.pending.work?.label ?? "-") staged \(app.pendingEditCount)",
        ]
        if let grid = app.currentGrid {
            lines.append("grid \(grid.cursorRow),\(grid.cursorColumn) from \(grid.firstRow),\(grid.firstColumn) widths \(grid.widths)")
        }
        if let record = app.state.top as? RecordController {
            lines.append("record scroll \(record.scroll)")
        }
        return lines
    }

    /// Draws `app` into a new in-memory terminal and returns the cells.
    private func draw(_ app: App) -> ScreenBuffer {
        let terminal = Terminal(backend: MemoryBackend(columns: 70, rows: 9))
        terminal.draw { app.render(&$0) }
        return terminal.previous
    }

    func testDrawingTwiceDrawsTheSameAndChangesNothing() throws {
        let statements = LockedValue<[String]>([])
        var configuration = try fixture.open().configuration
        configuration.tracer = { sql in statements.mutate { $0.append(sql) } }
        let database = try Database(path: fixture.path, configuration: configuration)
        for keys in ["", "jjl", "j<Enter>", "jj<Enter>j", "S", "?", "eSELECT title FROM albums<Enter>", "li<C-u>Zed<Enter>p",
                     "<Tab>jj"] {
            let app = try App(database: database, theme: .builtinDefault, initialTable: "albums")
            let runner = HeadlessRunner(app: app, columns: 70, rows: 9)
            let shown = runner.run(try KeyScript.parse(keys)).last ?? []
            let before = fingerprint(of: app)
            statements.mutate { $0.removeAll() }
            let first = draw(app)
            let second = draw(app)
            XCTAssertEqual(first, second, keys)
            XCTAssertEqual(first.lines().map { $0.trimmingTrailingBlanks }, shown, keys)
            XCTAssertEqual(fingerprint(of: app), before, "drawing changed the state after \(keys)")
            // ORMCore's watch for other processes' commits polls `PRAGMA data_version` on a queue of its own.
            XCTAssertEqual(statements.value.filter { $0 != "PRAGMA data_version" }, [], "drawing ran SQL after \(keys)")
        }
    }
}

private extension String {
    /// The line without its trailing blanks (as the headless runner gives screens).
    var trimmingTrailingBlanks: String {
        var line = self
        while line.last == " " {
            line.removeLast()
        }
        return line
    }
}
