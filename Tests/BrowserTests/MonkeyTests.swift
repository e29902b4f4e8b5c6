import Foundation
import ORMCore
import TestSupport
import XCTest

@testable import Browser

/// Tens of thousands of random keys, headless, over the fixture database, editing keys and their
/// prompts' answers included: reef must never crash, never draw past the screen's edge, and never
/// leave the database corrupt. The seed is printed;
/// `REEF_MONKEY_SEED=N` replays a run.
final class MonkeyTests: XCTestCase {
    private static let keys: [(weight: Int, keys: String)] = [
        (30, "j"), (20, "k"), (12, "h"), (12, "l"), (4, "G"), (4, "gg"), (4, "<PgDn>"), (4, "<PgUp>"), (3, "<C-f>"),
        (3, "<Home>"), (3, "<End>"), (3, "0"), (3, "$"), (6, "<Tab>"), (3, "<S-Tab>"), (8, "<Enter>"), (3, "S"), (2, "?"),
        (4, "s"), (3, "<lt>"), (3, ">"), (3, "r"), (3, "n"), (3, "N"), (4, "q"), (3, "<Esc>"), (1, "<C-l>"), (2, "x"), (1, "<F5>"),
        (2, "<BS>"), (2, "<Del>"), (1, "<Left>"), (1, "<Right>"),
        // Editing: edit, NULL, $EDITOR, insert, duplicate, mark, delete, undo, revert, pending SQL,
        // commit, and the answers to the prompts (y/n, commit/revert/stay, theirs/overwrite/cancel).
        (4, "i"), (2, "c"), (3, "E"), (4, "o"), (3, "D"), (4, "m"), (2, "<Space>"), (1, "M"), (4, "dd"), (4, "y"),
        (2, "n"), (4, "u"), (1, "U"), (2, "p"), (3, "w"), (1, "Q"), (1, "t"),
    ]

    private static let prompts: [String] = [
        "fprice > 1<Enter>", "fnonsense ((<Enter>", "f<Enter>", "ftitle LIKE '%o%'<Enter>", "f\"a col\" IS NULL<Enter>",
        "/e<Enter>", "/漢<Enter>", "/zzz-not-there<Enter>", "/<Enter>", ":3<Enter>", ":999999<Enter>", ":0<Enter>", ":abc<Enter>",
        "eSELECT * FROM albums<Enter>", "eSELEC oops<Enter>", "eUPDATE albums SET price = price + 1<Enter>",
        "eINSERT INTO artists(name) VALUES ('monkey')<Enter>", "eDELETE FROM pairs WHERE b = 2<Enter>",
        "eCREATE TABLE IF NOT EXISTS scratch(x)<Enter>", "eDROP TABLE IF EXISTS scratch<Enter>", "eBEGIN<Enter>",
        "eROLLBACK<Enter>", "eCOMMIT<Enter>", "ePRAGMA table_info(albums)<Enter>", "e<Up><Up><Enter>",
        "eSELECT char(27) || '[31m' AS evil, x'00ff' AS b<Enter>",
        "i<C-u>monkey<Enter>", "i<C-u>42<Enter>", "i<C-u>-7.5<Enter>", "i<C-u>x'00ff'<Enter>", "i<C-w><Enter>",
        "c<Esc>", "x", "oi<C-u>new<Enter>", "Dli<C-u>3<Enter>", "mmmddy", "mjmdd<Esc>", "ddy", "Qc", "Qr", "Q<Esc>",
        "w", "wo", "wt", "wc", "eUPDATE artists SET country = 'XX'<Enter>w",
    ]

    /// Editors `E` may run (picked for each chunk): rewriting, leaving, failing, appending, none.
    private static let editors: [String?] = [
        "sh -c 'printf monkey > \"$1\"' --", "true", "sh -c 'exit 1' --", "sh -c 'printf 12 >> \"$1\"' --", nil,
    ]

    func testRandomKeysNeverCrashOverflowOrCorrupt() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        try play(20_000, on: fixture)
    }

    /// The same, while another process commits to the file every few milliseconds (rows of a log,
    /// and the artists' countries, which the monkey edits too) and a third holds `BEGIN EXCLUSIVE`
    /// for 300 ms of every 800 (in rollback-journal mode no one may even read then): still no
    /// crash, no line past the edge, no corruption, and no change still staged is in the file (a
    /// value typed into a cell, a row marked for deletion): staging and checking commit nothing.
    func testRandomKeysBesideAWriterAndALockHolder() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        configuration.busyTimeoutMilliseconds = 10_000
        let observer = try Database(path: fixture.path, configuration: configuration)
        try observer.execute("CREATE TABLE writer_log (id INTEGER PRIMARY KEY, at TEXT)")
        XCTAssertEqual(try observer.scalar("PRAGMA journal_mode"), "delete")

        let stop = fixture.directory.appendingPathComponent("stop").path
        let database = fixture.path.replacing("'", with: "'\\''")
        let writer = try Self.shell("""
            while [ ! -e '\(stop)' ]; do
              sqlite3 -cmd '.timeout 5000' '\(database)' "INSERT INTO writer_log (at) VALUES (datetime('now')); \
                UPDATE artists SET country = 'W' || (abs(random()) % 100) WHERE id = 1 + abs(random()) % 3;" >/dev/null 2>&1
              sleep 0.02
            done
            """)
        let holder = try Self.shell("""
            while [ ! -e '\(stop)' ]; do
              printf 'BEGIN EXCLUSIVE;\\n.shell sleep 0.3\\nROLLBACK;\\n' | sqlite3 -cmd '.timeout 5000' '\(database)' >/dev/null 2>&1
              sleep 0.5
            done
            """)
        defer {
            _ = FileManager.default.createFile(atPath: stop, contents: nil)
            writer.waitUntilExit()
            holder.waitUntilExit()
        }
        var checkedChanges = 0
        try play(4_000, on: fixture) { app in
            do {
                checkedChanges += try Self.assertStagedChangesAreNotInTheFile(app, observer: observer)
            } catch {
                XCTFail("the file could not be read: \(error)")
            }
        }
        // And a value typed and a row deleted for sure, beside the same two processes.
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 10)
        runner.run(try KeyScript.parse("li<C-u>stg0<Enter>jddy"))
        // On a busy machine the keys may still wait behind the table's opening, which the lock
        // holder delays, when the runner stops settling: tick on until they have run. (Not until
        // no work is left: beside a writer committing every few milliseconds, a live refresh may
        // always be running.)
        try waitUntil("the typed value and the deleted row are staged", between: { runner.run([.wait(milliseconds: 10)]) }) {
            let edits = app.staging.edits["artists"]?.rowEdits ?? []
            let typed = edits.contains { if case .update(_, _, let changes) = $0 { changes.values.contains(.text("stg0")) } else { false } }
            let deleted = edits.contains { if case .delete = $0 { true } else { false } }
            return typed && deleted
        }
        checkedChanges += try Self.assertStagedChangesAreNotInTheFile(app, observer: observer)
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        writer.waitUntilExit()
        holder.waitUntilExit()
        print("monkey beside a writer: \(checkedChanges) staged changes looked for in the file")
        XCTAssertGreaterThan(checkedChanges, 0, "nothing was staged to look for")
        XCTAssertNotEqual(try observer.scalar("SELECT count(*) FROM writer_log"), 0, "the writer wrote")
    }

    // MARK: - Playing

    /// Plays `count` random keys (and prompts' answers) on `fixture`, in chunks of 400 on terminals
    /// of random sizes, each chunk a new app on a random table; `look` looks at the app every 25
    /// keys, when the screen is looked at.
    private func play(_ count: Int, on fixture: BrowserFixture, look: (App) -> Void = { _ in }) throws {
        let seed = ProcessInfo.processInfo.environment["REEF_MONKEY_SEED"].flatMap(UInt64.init)
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("monkey seed: \(seed) (replay with REEF_MONKEY_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)  // the same seed plays the same keys

        let totalWeight = Self.keys.map(\.weight).reduce(0, +)
        var notation = ""
        var played = 0
        var typed = 0
        while played < count {
            if Int.random(in: 0..<12, using: &random) == 0, let prompt = Self.prompts.randomElement(using: &random) {
                // Each text typed into a cell is new (`stg7`), so a staged value is found in the
                // file only if it was committed.
                typed += 1
                notation += prompt.replacing("<C-u>monkey<Enter>", with: "<C-u>stg\(typed)<Enter>")
            } else {
                var pick = Int.random(in: 0..<totalWeight, using: &random)
                for entry in Self.keys {
                    pick -= entry.weight
                    if pick < 0 {
                        notation += entry.keys
                        break
                    }
                }
            }
            played += 1
        }
        let steps = try KeyScript.parse(notation)
        XCTAssertGreaterThan(steps.count, count)

        // Play in chunks on terminals of random sizes; a random `q` may quit: the next chunk starts anew.
        var index = 0
        var screensWithPendingChanges = 0
        while index < steps.count {
            var chunk = Array(steps[index..<min(index + 400, steps.count)])
            index += chunk.count
            // A look at the screen every 25 keys, to see that the editing keys do stage changes.
            for position in stride(from: chunk.count - 1, to: 0, by: -25) {
                chunk.insert(.dump, at: position)
            }
            let columns = Int.random(in: 40...140, using: &random)
            let rows = Int.random(in: 10...45, using: &random)
            // Each chunk starts on a random table (or the list), so edits meet every kind of key.
            let table = ["artists", "albums", "pairs", "my \"odd\" table", nil].randomElement(using: &random) ?? nil
            let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
            app.editing.externalEditor = ExternalEditor(command: Self.editors.randomElement(using: &random) ?? nil)
            let screens = HeadlessRunner(app: app, columns: columns, rows: rows).run(chunk) { _ in look(app) }
            for screen in screens {
                screensWithPendingChanges += screen.last?.contains(" pending") == true ? 1 : 0
                XCTAssertLessThanOrEqual(screen.count, rows, "seed \(seed)")
                for line in screen where TextWidth.of(line) > columns {
                    XCTFail("seed \(seed): a line is wider than \(columns) columns: \(line)")
                }
                for line in screen where line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    XCTFail("seed \(seed): a control character reached the screen: \(line.debugDescription)")
                }
            }
        }

        print("monkey: \(screensWithPendingChanges) screens looked at showed pending changes")
        XCTAssertGreaterThan(screensWithPendingChanges, 0, "seed \(seed): the editing keys never staged anything")
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        configuration.busyTimeoutMilliseconds = 10_000
        let check = try Database(path: fixture.path, configuration: configuration)
        XCTAssertEqual(try check.scalar("PRAGMA integrity_check"), .text("ok"), "seed \(seed)")
    }

    /// Asserts that no change `app` still has staged is in the file: a typed value (`stg7`) or a
    /// NULL staged into a cell that held something else, a stored row marked for deletion (pairs
    /// aside: a prompt deletes some of them; and a deletion staged while the file was locked
    /// against readers, whose row may have gone with an earlier commit before a stale grid was
    /// refreshed: it is dropped once its row is read). Returns how many changes it looked for.
    private static func assertStagedChangesAreNotInTheFile(_ app: App, observer: Database) throws -> Int {
        var looked = 0
        for (name, edits) in app.staging.edits {
            let table = try observer.table(name)
            for edit in edits.rowEdits {
                switch edit {
                case .update(let key, let original, let changes):
                    let stored = try table.storedRows(keys: [key]).first ?? nil
                    for (column, value) in changes where original[column] != value {
                        let typed = if case .text(let text) = value { text.hasPrefix("stg") } else { value == .null }
                        guard typed, let stored else { continue }
                        looked += 1
                        XCTAssertNotEqual(stored[column], value, "\(name) \(key) \(column): a staged value is in the file")
                    }
                case .delete(let key, let original) where name != "pairs" && !original.isEmpty:
                    looked += 1
                    XCTAssertNotNil(try table.storedRows(keys: [key]).first ?? nil, "\(name) \(key): a staged deletion is in the file")
                default:
                    break
                }
            }
        }
        return looked
    }

    /// Starts `script` in `sh`.
    private static func shell(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
