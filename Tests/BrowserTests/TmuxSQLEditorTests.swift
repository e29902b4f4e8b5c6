import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// The SQL editor in a real terminal through tmux: Shift with the arrows selects (ncurses reads
/// the keys even where the terminal's description leaves them out, `TERM=screen`), `Ctrl-O` runs
/// the selection alone, and the buffer is there again in the next run.
final class TmuxSQLEditorTests: XCTestCase {
    /// The fixture database.
    private var fixture: BrowserFixture!
    /// The terminal (its own tmux server, killed when each test ends).
    private var terminal: TmuxTerminal!

    /// Builds the fixture; fails when tmux is not installed (scripts/setup installs it).
    override func setUpWithError() throws {
        terminal = try TmuxTerminal(name: "editor")
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture?.remove()
    }

    func testShiftArrowsSelectAndControlORunsTheSelection() throws {
        try startReef()
        try terminal.waitFor("▸ Tables (5)")
        try terminal.send("e")
        try terminal.type("DELETE FROM artists WHERE id = 3 OR 1 = 1")  // a final ; would end the tmux command
        try terminal.send("Home")
        try terminal.send(contentsOf: Array(repeating: "S-Right", count: 32))
        try terminal.send("C-o")
        try terminal.waitFor("1 row changed")
        let left = try fixture.open().fetchAll("SELECT id FROM artists ORDER BY id").map { $0.first }
        XCTAssertEqual(left, [.integer(1), .integer(2)], "only the selection ran")

        try terminal.send("e")
        try terminal.waitFor("SQL> DELETE FROM artists WHERE id = 3 OR 1 = 1")
        try terminal.send("C-u")
        try terminal.type("SELECT 1,")
        try terminal.send("C-j")
        try terminal.type("22")
        try terminal.send("Left", "S-Up")
        try terminal.type("x")
        try terminal.waitFor("SQL> Sx2")
        try terminal.send("Escape", "Q")
        try terminal.waitFor("reef exited with 0")

        try startReef()
        try terminal.waitFor("▸ Tables (5)")
        try terminal.send("e")
        try terminal.waitFor("SQL> Sx2")
    }

    // MARK: - Helpers

    /// Starts reef on the fixture with `TERM=screen`, keeping its state in the fixture's folder.
    private func startReef() throws {
        terminal.kill()
        let state = fixture.directory.appendingPathComponent("state").path
        try terminal.startReef([fixture.path], environment: "TERM=screen XDG_STATE_HOME=" + TmuxTerminal.shellQuoted(state),
                               columns: 100, rows: 20, for: self)
    }
}

extension TmuxTerminal {
    /// Sends `keys`, each a tmux key name.
    fileprivate func send(contentsOf keys: [String]) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }
}
