import XCTest
@testable import Browser

/// Behaviour of the application that golden screens do not show well: key sequences, prompts,
/// read-only mode, resizing and width invariants.
final class AppBehaviourTests: XCTestCase {
    /// `gg` waits for its second key; an unbound key resets.
    func testKeyDispatcherSequences() {
        var dispatcher = KeyDispatcher()
        XCTAssertEqual(dispatcher.feed(.character("g")), .pending)
        XCTAssertEqual(dispatcher.feed(.character("g")), .command(.top))
        XCTAssertEqual(dispatcher.feed(.character("g")), .pending)
        XCTAssertEqual(dispatcher.feed(.character("j")), .unbound, "a sequence gone wrong runs nothing")
        XCTAssertEqual(dispatcher.lastSequenceText, "gj")
        XCTAssertEqual(dispatcher.feed(.character("d")), .pending)
        XCTAssertEqual(dispatcher.feed(.escape), .cancelled, "Esc drops the start of a sequence")
        XCTAssertEqual(dispatcher.feed(.escape), .command(.cancel))
        XCTAssertEqual(dispatcher.feed(.character("Z")), .unbound)
        XCTAssertEqual(dispatcher.feed(.control("f")), .command(.pageDown))
    }

    /// Every command has at least one key and appears in the help.
    func testEveryCommandIsBoundAndDocumented() {
        let bound = Set(KeyBindings.all.map(\.command))
        XCTAssertEqual(bound, Set(Command.allCases))
        let help = HelpView.rows(width: 200).map { $0.keys + $0.text }.joined(separator: "\n")
        for binding in KeyBindings.all {
            XCTAssertTrue(help.contains(binding.keysText), binding.keysText)
        }
    }

    /// The prompt edits, recalls its history and submits.
    func testPromptEditingAndHistory() {
        var prompt = PromptState(kind: .sql, history: ["SELECT 1", "SELECT 2"])
        for character in "abc" {
            _ = prompt.handle(.character(character))
        }
        _ = prompt.handle(.left)
        _ = prompt.handle(.backspace)
        XCTAssertEqual(prompt.text, "ac")
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.text, "SELECT 2")
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.text, "SELECT 1")
        _ = prompt.handle(.down)
        _ = prompt.handle(.down)
        XCTAssertEqual(prompt.text, "ac")
        XCTAssertEqual(prompt.handle(.enter), .submitted("ac"))
        XCTAssertEqual(prompt.handle(.escape), .cancelled)
    }

    /// A write in read-only mode reports it and changes nothing.
    func testReadOnlyRefusesWrites() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let screen = try fixture.screen("eDELETE FROM artists<Enter>", columns: 80, rows: 6, table: "artists", readOnly: true)
        // The refused statement stays in the SQL editor, what was refused said above it.
        XCTAssertEqual(Array(screen.suffix(2)), ["✗ the database is open read-only (--readonly)", "SQL> DELETE FROM artists"])
        XCTAssertEqual(try fixture.open().scalar("SELECT count(*) FROM artists"), .integer(3))
    }

    /// Text written in double quotes is an unknown column to SQLite here: the message says how to
    /// write text, and only when the SQL quoted the name that way.
    func testDoubleQuotedTextGetsAHint() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let quoted = try fixture.screen(#"fname = "Ada"<Enter>"#, columns: 100, rows: 6, table: "artists")
        XCTAssertTrue(quoted.last?.contains("filter: no such column: Ada (text takes single quotes: 'Ada')") == true,
                      quoted.last ?? "")
        let misspelt = try fixture.screen("fnmae = 1<Enter>", columns: 100, rows: 6, table: "artists")
        XCTAssertTrue(misspelt.last?.contains("filter: no such column: nmae ") == true, misspelt.last ?? "")
        XCTAssertFalse(misspelt.last?.contains("single quotes") == true)
    }

    /// Every row of every screen is exactly as wide as the terminal, at several sizes, even with
    /// wide characters; a resize redraws at once.
    func testScreensFillTheirWidthAtAnySize() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let backend = MemoryBackend(columns: 100, rows: 30)
        let terminal = Terminal(backend: backend)
        let keys: [Key] = [.character("j"), .enter, .character("l"), .character("l"), .enter, .escape, .character("S"),
                           .escape, .character("?"), .escape, .tab]
        for (columns, rows) in [(100, 30), (40, 10), (57, 9), (120, 40)] {
            backend.resize(columns: columns, rows: rows)
            app.resize(columns: columns, rows: rows)  // as the runners do when the terminal's size changes
            for key in keys {
                _ = app.handle(key)
                terminal.draw { app.render(&$0) }
                assertEveryLineFillsWidth(backend.screen)
                XCTAssertEqual(backend.screen, terminal.previous)
            }
        }
    }

    /// A click selects a table and a cell; the wheel moves the cursor.
    func testMouse() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let lines = try fixture.headless("", columns: 80, rows: 8)
        XCTAssertTrue(lines.last?.first?.hasPrefix("▸ Tables (5)") ?? false)
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run([.key(.mouse(MouseEvent(x: 2, y: 3, button: .left)))])
        XCTAssertEqual(app.selectedTableName, "artists")
        _ = runner.run([.key(.mouse(MouseEvent(x: 30, y: 2, button: .left)))])
        XCTAssertEqual(app.state.main.focus, .grid)
        XCTAssertEqual(app.currentGrid?.cursorRow, 1)
        _ = runner.run([.key(.mouse(MouseEvent(x: 30, y: 3, button: .wheelDown)))])
        XCTAssertEqual(app.currentGrid?.cursorRow, 2)
    }
}
