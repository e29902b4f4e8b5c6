import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// The real program with ncurses, driven through tmux: keys in, screen text out.
///
/// One serialized suite (XCTest runs a class's tests one after another) on a tmux server of its
/// own (its own socket, no configuration file), so a user's tmux and its settings never meet the
/// tests; each test owns its session, and the server is killed at the end of each test.
final class TmuxEndToEndTests: XCTestCase {
    /// The fixture database.
    private var fixture: BrowserFixture!
    /// The terminal (its own tmux server, killed when each test ends).
    private var terminal: TmuxTerminal!

    /// Builds the fixture; fails when tmux is not installed (scripts/setup installs it).
    override func setUpWithError() throws {
        terminal = try TmuxTerminal()
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture?.remove()
    }

    /// Browsing, help, schema, arrows, resize and quitting in a real terminal.
    func testBrowseInARealTerminal() throws {
        let reef = try ReefProcess.executable().path
        try start("'\(reef)' '\(fixture.path)'; echo \"reef exited with $?\"; sleep 60", columns: 100, rows: 30)
        try waitFor("▸ Tables (5)")
        try waitFor("album_titles ◇")

        try send("j", "Enter")
        try waitFor("albums  1/4  id")
        try waitFor("│  3│         2│東京  │<2 B> 00ff")
        let grid = try capture()
        XCTAssertTrue(grid.contains(" BROWSE "), grid)

        try send("Down", "Down", "Right")
        try waitFor("albums  3/4  artist_id")

        try send("?")
        try waitFor("Keys (vim and arrows); q or Esc closes")
        try send("q", "S")
        // Wait for the line itself: the title is drawn first and a capture can land mid-frame.
        try waitFor("(artist_id) → artists(id)  ON DELETE CASCADE")
        XCTAssertTrue(try capture().contains("Schema of albums"))
        try send("q")
        try waitFor("albums  3/4  artist_id")

        try terminal.resize(columns: 50, rows: 12)
        try waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 12 && lines[11].contains("BROWSE") && lines.allSatisfy { TextWidth.of(String($0)) <= 50 }
        }

        try send("q")
        try waitFor("reef exited with 0")
        XCTAssertFalse(try capture().contains("BROWSE"), "the terminal was not restored")
    }

    /// A missing database in a real terminal: the error line, status 1, no file created.
    func testMissingFileInARealTerminal() throws {
        let reef = try ReefProcess.executable().path
        let missing = fixture.directory.appendingPathComponent("nope.sqlite").path
        try start("'\(reef)' '\(missing)'; echo \"reef exited with $?\"; sleep 60", columns: 100, rows: 10)
        try waitFor("reef: \(missing): no such file")
        try waitFor("reef exited with 1")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    /// Another process inserts, updates and deletes rows while reef shows the table: the screen
    /// follows, the cursor stays on its row by key, and the status bar says so.
    func testTheScreenFollowsAnotherProcess() throws {
        let reef = try ReefProcess.executable().path
        try start("'\(reef)' --table artists '\(fixture.path)'; sleep 60", columns: 100, rows: 20)
        try waitFor("artists  1/3  id")
        try send("j")
        try waitFor("artists  2/3  id")  // the cursor on 漢字テスト (id 2)

        let writes = [
            "INSERT INTO artists VALUES (4, 'Newcomer', 'NZ')",
            "UPDATE artists SET country = 'XX' WHERE id = 2",
            "DELETE FROM artists WHERE id = 1",
        ]
        for (index, sql) in writes.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            // The fixture keeps a rollback journal, where reef's reads (the refresh of the write
            // before) hold a shared lock for a moment: wait for it as any writer should, rather
            // than fail at once with "database is locked".
            process.arguments = ["-cmd", ".timeout 60000", fixture.path, sql]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            let expected = ["Newcomer", "│XX", "artists  1/3  id"][index]
            // How soon is measured end to end in Benchmarks/reef_live.py, not asserted here.
            try waitFor(expected, within: 60)
        }
        let screen = try capture()
        XCTAssertFalse(screen.contains("Ada"), screen)
        XCTAssertTrue(screen.contains("changed by another process: refreshed"), screen)
    }

    /// `E` hands the terminal to the editor (ncurses suspended; the editor in the foreground, so
    /// it can read keys) and takes it back: what was typed in the editor is staged and committed.
    func testTheEditorGetsTheTerminalAndGivesItBack() throws {
        let reef = try ReefProcess.executable().path
        let editor = fixture.directory.appendingPathComponent("editor.sh")
        try """
            #!/bin/sh
            clear; echo "EDITING:"; cat "$1"; echo; printf 'new text: '
            read line && printf '%s' "$line" > "$1"
            """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try start("EDITOR='\(editor.path)' '\(reef)' --table artists '\(fixture.path)'; echo \"reef exited with $?\"; sleep 60", columns: 100, rows: 12)
        try waitFor("artists  1/3  id")
        try send("l", "E")
        try waitFor("new text:")
        XCTAssertTrue(try capture().contains("Ada"), "the editor shows the cell's value")
        XCTAssertFalse(try capture().contains("BROWSE"), "the screen is the editor's")
        try send("Typed in the editor", "Enter")
        try waitFor("│  1│Typed in the editor│UK")
        try waitFor("1 pending")
        try send("w")
        try waitFor("committed 1 change")
        let names = try Database(path: fixture.path).fetchAll("SELECT name FROM artists WHERE id = 1")
        XCTAssertEqual(names.first?.first, .text("Typed in the editor"))
        try send("Q")
        try waitFor("reef exited with 0")
    }

    // MARK: - Helpers

    /// Starts `shellCommand` in the terminal, `columns` by `rows`.
    private func start(_ shellCommand: String, columns: Int, rows: Int) throws {
        try terminal.start(shellCommand, columns: columns, rows: rows, for: self)
    }

    /// Sends keys by tmux name (`Enter`, `Down`) or as text.
    private func send(_ keys: String...) throws {
        try terminal.tmux(["send-keys", "-t", terminal.session] + keys)
    }

    /// The pane's text.
    private func capture() throws -> String {
        try terminal.capture()
    }

    /// Waits for the screen to contain `text` (``TmuxTerminal/waitFor(_:within:file:line:)``).
    private func waitFor(_ text: String, within: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        try terminal.waitFor(text, within: within, file: file, line: line)
    }

    /// Waits for `condition` to hold on the screen.
    private func waitFor(_ condition: (String) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try terminal.waitFor(condition, file: file, line: line)
    }
}
