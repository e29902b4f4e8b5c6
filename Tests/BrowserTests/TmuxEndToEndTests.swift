import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ORMCore
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
    /// The tmux session name.
    private let session = "reef-e2e"
    /// The private server's socket name (`tmux -L`), unique to this test process.
    private let socket = "reef-e2e-\(ProcessInfo.processInfo.processIdentifier)"

    /// Builds the fixture; fails when tmux is not installed (scripts/setup installs it).
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw MissingTool(description: "tmux is not installed: run scripts/setup (apt-get install tmux)")
        }
        fixture = try BrowserFixture()
    }

    /// Kills the private server (and so the session) and removes the fixture.
    override func tearDown() {
        if fixture != nil {
            _ = try? tmux(["kill-server"])
            // tmux leaves the socket file of a killed server behind.
            let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            unlink("\(folder)/tmux-\(getuid())/\(socket)")
        }
        fixture?.remove()
    }

    /// Browsing, help, schema, arrows, resize and quitting in a real terminal.
    func testBrowseInARealTerminal() throws {
        let reef = try ReefProcess.executable().path
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30",
                  "'\(reef)' '\(fixture.path)'; echo \"reef exited with $?\"; sleep 60"])
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

        try tmux(["resize-window", "-t", session, "-x", "50", "-y", "12"])
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
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "10",
                  "'\(reef)' '\(missing)'; echo \"reef exited with $?\"; sleep 60"])
        try waitFor("reef: \(missing): no such file")
        try waitFor("reef exited with 1")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    /// Another process inserts, updates and deletes rows while reef shows the table: the screen
    /// follows, the cursor stays on its row by key, and the status bar says so.
    func testTheScreenFollowsAnotherProcess() throws {
        let reef = try ReefProcess.executable().path
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "20",
                  "'\(reef)' --table artists '\(fixture.path)'; sleep 60"])
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
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "12",
                  "EDITOR='\(editor.path)' '\(reef)' --table artists '\(fixture.path)'; echo \"reef exited with $?\"; sleep 60"])
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

    /// Runs tmux and returns its output.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // Run through system(3), not Process: the tmux server that new-session starts inherits
        // Foundation's descriptors and Process.waitUntilExit would then wait for ever.
        let outputFile = fixture.directory.appendingPathComponent("tmux-output")
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "/usr/bin/tmux -L '\(socket)' -f /dev/null " + quoted.joined(separator: " ") + " > '\(outputFile.path)' 2>/dev/null < /dev/null"
        guard system(command) == 0 else {
            throw TmuxFailure(arguments: arguments)
        }
        return String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }

    /// Sends keys by tmux name (`Enter`, `Down`) or as text.
    private func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// The pane's text.
    private func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", session])
    }

    /// Waits for the screen to contain `text`, failing after `within` seconds (a minute by default:
    /// a limit for a hang, not a speed assertion; a busy machine may take several seconds).
    private func waitFor(_ text: String, within: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        try waitFor({ $0.contains(text) }, description: text, within: within, file: file, line: line)
    }

    /// Waits for `condition` to hold on the screen, failing after `within` seconds (a minute by default).
    private func waitFor(_ condition: (String) -> Bool, description: String = "condition", within: TimeInterval = 60,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(within)
        var screen = ""
        while Date() < deadline {
            screen = (try? capture()) ?? ""
            if condition(screen) {
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("timed out waiting for \(description); screen:\n\(screen)", file: file, line: line)
    }

    /// A tmux command that failed.
    private struct TmuxFailure: Error {
        /// Its arguments.
        var arguments: [String]
    }
}
