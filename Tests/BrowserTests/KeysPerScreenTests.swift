import Foundation
import ORMCore
import XCTest
@testable import Browser

/// No key is typed in vain: on every screen, every key sequence of the key map either does
/// something the screen shows (moves, opens, edits, asks) or says that it is not a key there,
/// and a key that opens a prompt hands the text typed after it to that prompt.
final class KeysPerScreenTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A screen to try keys on, reached by playing keys from a fresh start.
    private struct Setup {
        /// What the failure messages call it.
        var name: String
        /// The table opened first (nil: the table list has the focus).
        var table: String?
        /// The keys that reach the screen.
        var keys: String
        /// The status-bar mode the screen shows (checked, so a broken setup does not pass).
        var mode: String
        /// The screen's height: small, so that text screens can scroll both ways.
        var rows = 8
        /// Done to the database file (its path given) after `keys`, before `then`: another
        /// process's write.
        var meanwhile: ((String) throws -> Void)?
        /// Keys played after `meanwhile`.
        var then = ""
    }

    /// Every screen and prompt of reef, each with room to move every way.
    private var setups: [Setup] {
        get throws {
            let existing = fixture.directory.appendingPathComponent("existing.csv").path
            try "kept\n".write(toFile: existing, atomically: true, encoding: .utf8)
            return [
                Setup(name: "table list", table: nil, keys: "jj", mode: "TABLES"),
                Setup(name: "grid", table: "albums", keys: "jjll", mode: "BROWSE"),
                Setup(name: "record view", table: "albums", keys: "j<Enter>jj", mode: "RECORD", rows: 12),
                Setup(name: "schema view", table: "albums", keys: "Sj", mode: "SCHEMA"),
                Setup(name: "pending view", table: "albums", keys: "jllxjxjxpj", mode: "PENDING", rows: 5),
                Setup(name: "help", table: "albums", keys: "?j", mode: "HELP"),
                Setup(name: "query results", table: "albums", keys: "eSELECT * FROM albums<Enter>jjll", mode: "RESULTS"),
                Setup(name: "conflicts", table: "artists", keys: "lli<C-u>Mine<Enter>jjli<C-u>Too<Enter>", mode: "CONFLICT",
                      rows: 6, meanwhile: { path in
                          try Database(path: path).execute("UPDATE artists SET name = 'Theirs', country = 'FR'")
                      }, then: "wj"),
                Setup(name: "filter prompt", table: "albums", keys: "fab<Left>", mode: "FILTER"),
                Setup(name: "search prompt", table: "albums", keys: "/ab<Left>", mode: "SEARCH"),
                Setup(name: "go-to prompt", table: "albums", keys: ":12<Left>", mode: "GOTO"),
                Setup(name: "SQL prompt", table: "albums", keys: "eab<Left>", mode: "SQL"),
                Setup(name: "export prompt", table: "albums", keys: "Xab<Left>", mode: "EXPORT"),
                Setup(name: "cell editor", table: "albums", keys: "lli<Left>", mode: "EDIT"),
                Setup(name: "delete question", table: "albums", keys: "dd", mode: "DELETE"),
                Setup(name: "revert question", table: "albums", keys: "llxU", mode: "REVERT"),
                Setup(name: "replace question", table: "albums", keys: "X\(existing)<Enter>", mode: "EXPORT"),
                Setup(name: "quit question", table: "albums", keys: "llxQ", mode: "QUIT"),
            ]
        }
    }

    /// Every key sequence of the key map, on every screen: the screen changes (a move, a prompt, a
    /// message such as "s is not a key here"), or reef quits, repaints or copies.
    func testEveryKeyDoesSomethingVisibleOnEveryScreen() throws {
        let sequences = KeyBindings.all.flatMap(\.sequences)
        var silent: [String] = []
        var probe = 0
        for setup in try setups {
            for sequence in sequences {
                probe += 1
                let (app, runner) = try start(setup, copy: probe)
                let before = runner.run([]).last ?? []
                let promptBefore = app.prompt.current.map { [$0.text, String($0.cursor)] }
                XCTAssertTrue(before.last?.hasPrefix(" \(setup.mode) ") == true || app.prompt.current?.kind.mode.label == setup.mode,
                              "\(setup.name): not reached\n\(before.joined(separator: "\n"))")
                // Effects other than drawing are something visible done: a copy, the editor, a repaint, a quit.
                var outcome = Outcome()
                for key in sequence {
                    outcome.merge(app.handle(key))
                    outcome.merge(app.tick())
                }
                let after = runner.run([]).last ?? []
                let acted = outcome.effects.contains { $0 != .redraw }
                if after == before && app.prompt.current.map({ [$0.text, String($0.cursor)] }) == promptBefore && !acted {
                    silent.append("\(setup.name): \(sequence.map(\.description).joined())")
                }
            }
        }
        XCTAssertEqual(silent, [], "keys that did nothing visible:\n" + silent.joined(separator: "\n"))
    }

    /// An app brought to `setup`'s screen, on copy number `copy` of the fixture database (a key
    /// that commits changes only its own copy), its status message cleared so that a key showing
    /// the same screen again is seen doing nothing.
    private func start(_ setup: Setup, copy: Int) throws -> (App, HeadlessRunner) {
        let path = fixture.directory.appendingPathComponent("probe-\(copy).sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let app = try App(database: try DatabaseOpener.open(path: path, readOnly: false), theme: .builtinDefault,
                          initialTable: setup.table)
        app.editing.externalEditor = ExternalEditor(command: nil)
        let runner = HeadlessRunner(app: app, columns: 80, rows: setup.rows)
        runner.run(try KeyScript.parse(setup.keys))
        if let meanwhile = setup.meanwhile {
            try meanwhile(path)
            runner.run(try KeyScript.parse(setup.then))
        }
        app.state.message = nil
        return (app, runner)
    }
}
