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
        try terminal.startReef([fixture.path], columns: 100, rows: 30, for: self)
        try terminal.waitFor("▸ Tables (5)")
        try terminal.waitFor("album_titles ◇")

        try terminal.send("j", "Enter")
        try terminal.waitFor("albums  1/4  id")
        try terminal.waitFor("│  3│         2│東京  │<2 B> 00ff")
        let grid = try terminal.capture()
        XCTAssertTrue(grid.contains(" BROWSE "), grid)

        try terminal.send("Down", "Down", "Right")
        try terminal.waitFor("albums  3/4  artist_id")

        try terminal.send("?")
        try terminal.waitFor("Keys (vim and arrows); q or Esc closes")
        try terminal.send("q", "S")
        // Wait for the line itself: the title is drawn first and a capture can land mid-frame.
        try terminal.waitFor("(artist_id) → artists(id)  ON DELETE CASCADE")
        XCTAssertTrue(try terminal.capture().contains("Schema of albums"))
        try terminal.send("q")
        try terminal.waitFor("albums  3/4  artist_id")

        try terminal.resize(columns: 50, rows: 12)
        try terminal.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 12 && lines[11].contains("BROWSE") && lines.allSatisfy { TextWidth.of(String($0)) <= 50 }
        }

        try terminal.send("q")
        try terminal.waitFor("reef exited with 0")
        XCTAssertFalse(try terminal.capture().contains("BROWSE"), "the terminal was not restored")
    }

    /// A missing database in a real terminal: the error line, status 1, no file created.
    func testMissingFileInARealTerminal() throws {
        let missing = fixture.directory.appendingPathComponent("nope.sqlite").path
        try terminal.startReef([missing], columns: 100, rows: 10, for: self)
        try terminal.waitFor("reef: \(missing): no such file")
        try terminal.waitFor("reef exited with 1")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    /// Another process inserts, updates and deletes rows while reef shows the table: the screen
    /// follows, the cursor stays on its row by key, and the status bar says so.
    func testTheScreenFollowsAnotherProcess() throws {
        try terminal.startReef(["--table", "artists", fixture.path], columns: 100, rows: 20, for: self)
        try terminal.waitFor("artists  1/3  id")
        try terminal.send("j")
        try terminal.waitFor("artists  2/3  id")  // the cursor on 漢字テスト (id 2)

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
            try terminal.waitFor(expected, within: 60)
        }
        // The count comes from a recount apart from the rows read again: wait for the whole screen.
        try terminal.waitFor({ !$0.contains("Ada") && $0.contains("artists  1/3  id") && $0.contains("changed by another process: refreshed") },
                             description: "the delete refreshed, Ada gone", within: 60)
    }

    /// `E` hands the terminal to the editor (ncurses suspended; the editor in the foreground, so
    /// it can read keys) and takes it back: what was typed in the editor is staged and committed.
    func testTheEditorGetsTheTerminalAndGivesItBack() throws {
        let editor = fixture.directory.appendingPathComponent("editor.sh")
        try """
            #!/bin/sh
            clear; echo "EDITING:"; cat "$1"; echo; printf 'new text: '
            read line && printf '%s' "$line" > "$1"
            """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try terminal.startReef(["--table", "artists", fixture.path], environment: "EDITOR=" + TmuxTerminal.shellQuoted(editor.path),
                               columns: 100, rows: 12, for: self)
        try terminal.waitFor("artists  1/3  id")
        try terminal.send("l", "E")
        try terminal.waitFor("new text:")
        XCTAssertTrue(try terminal.capture().contains("Ada"), "the editor shows the cell's value")
        XCTAssertFalse(try terminal.capture().contains("BROWSE"), "the screen is the editor's")
        try terminal.send("Typed in the editor", "Enter")
        try terminal.waitFor("│  1│Typed in the editor│UK")
        try terminal.waitFor("1 pending")
        try terminal.send("w")
        try terminal.waitFor("committed 1 change")
        let names = try Database(path: fixture.path).fetchAll("SELECT name FROM artists WHERE id = 1")
        XCTAssertEqual(names.first?.first, .text("Typed in the editor"))
        try terminal.send("Q")
        try terminal.waitFor("reef exited with 0")
    }
}
