import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser
import TestSupport

/// Staging writes nothing and never waits on a lock: the file keeps its bytes, its modification
/// time and other connections' `PRAGMA data_version` until `w`, in both journal modes; the cell
/// editor opens at once while another connection locks the file, and what is typed goes into it;
/// a change tried under the lock is checked once the lock is free; deleting many rows is one trial.
final class StagingTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A connection of the test's own that keeps the file's journal mode.
    private func connection() throws -> Database {
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        return try Database(path: fixture.path, configuration: configuration)
    }

    /// A runner on `table` that keeps its app between scripts.
    private func runner(table: String, rows: Int = 8, database: Database? = nil) throws -> HeadlessRunner {
        let app = try App(database: try database ?? fixture.open(), theme: .builtinDefault, initialTable: table)
        return HeadlessRunner(app: app, columns: 160, rows: rows)
    }

    /// The bytes and modification time of a file, nil when there is none.
    private func fingerprint(_ path: String) -> (Data, Date)? {
        guard let data = FileManager.default.contents(atPath: path),
              let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else { return nil }
        return (data, modified)
    }

    /// Plays no key, only ticks, until `condition` holds for the screen; returns it.
    private func screen(of runner: HeadlessRunner, until condition: ([String]) -> Bool) throws -> [String] {
        var screen: [String] = []
        try waitUntil("the screen shows what was awaited") {
            screen = runner.run([]).last ?? []
            return condition(screen)
        }
        return screen
    }

    /// Cell edits, a NULL, a new row, a duplicate and deletions, all staged, leave the database
    /// file (and its WAL) byte for byte as they were, with the same modification time, no journal,
    /// and no new data_version for another connection; `w` then writes them.
    func testStagingLeavesTheFileByteIdenticalAndUnseenInBothJournalModes() throws {
        for mode in ["delete", "wal"] {
            fixture.remove()
            fixture = try BrowserFixture()
            try connection().execute("PRAGMA journal_mode = \(raw: mode)")
            let other = try connection()
            let version = try other.scalar("PRAGMA data_version")
            let file = fingerprint(fixture.path)
            let wal = fingerprint(fixture.path + "-wal")
            XCTAssertEqual(wal == nil, mode == "delete", mode)

            let runner = try runner(table: "artists")
            // artists: a NULL, a cell, a new row given a name, its duplicate; albums: two marked
            // rows deleted; pairs (WITHOUT ROWID): the cursor row deleted.
            let keys = "llxhi<C-u>Zed<Enter>oi<C-u>New<Enter>D<Tab>k<Enter>mjmddy<Tab>jjj<Enter>ddy"
            let screen = runner.run(try KeyScript.parse(keys)).last ?? []
            // Six rows to write: artist 1 (two cells, one UPDATE), two new rows, three deletions.
            XCTAssertTrue(screen.last?.contains("6 pending") == true, "\(mode)\n" + screen.joined(separator: "\n"))

            XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path + "-journal"), "\(mode): a journal was made")
            XCTAssertEqual(fingerprint(fixture.path)?.0, file?.0, "\(mode): the database file's bytes changed")
            XCTAssertEqual(fingerprint(fixture.path)?.1, file?.1, "\(mode): the database file was written")
            XCTAssertEqual(fingerprint(fixture.path + "-wal")?.0, wal?.0, "\(mode): the WAL's bytes changed")
            XCTAssertEqual(fingerprint(fixture.path + "-wal")?.1, wal?.1, "\(mode): the WAL was written")
            XCTAssertEqual(try other.scalar("PRAGMA data_version"), version, "\(mode): another connection saw a commit")

            _ = runner.run(try KeyScript.parse("w"))
            XCTAssertNotEqual(try other.scalar("PRAGMA data_version"), version, "\(mode): w commits")
            XCTAssertEqual(try other.scalar("SELECT name FROM artists WHERE id = 1"), "Zed", mode)
        }
    }

    /// While another connection holds `BEGIN EXCLUSIVE` on a rollback-journal file (no reader may
    /// read), `i` opens the cell editor at once and the keys typed go into it: the value is staged
    /// unchecked, checked once the lock is free, and committed.
    func testTheCellEditorOpensAtOnceWhileAnotherConnectionLocksTheFile() throws {
        let runner = try runner(table: "artists")
        _ = runner.run([])
        let other = try connection()
        try other.execute("BEGIN EXCLUSIVE")
        let screens = runner.run(try KeyScript.parse("li<dump>hello<Enter>"))
        XCTAssertEqual(screens[0].last, "name: Ada", screens[0].joined(separator: "\n"))
        let staged = screens[1]
        XCTAssertTrue(staged.last?.contains("staged unchecked (the database is locked by another connection): name = 'Adahello'")
                      == true, staged.joined(separator: "\n"))
        XCTAssertTrue(staged.contains { $0.contains("Adahello") }, staged.joined(separator: "\n"))
        try other.execute("ROLLBACK")

        let checked = try screen(of: runner) { $0.last?.contains("checked now that the lock is free") == true }
        XCTAssertTrue(checked.last?.contains("checked now that the lock is free: name = 'Adahello'") == true,
                      checked.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("w"))
        XCTAssertEqual(try other.scalar("SELECT name FROM artists WHERE id = 1"), "Adahello")
    }

    /// While the file cannot be read, a cell the grid shows cut short (long text) is not opened in
    /// the editor with only its start (a commit would cut it): reef says why and stages nothing.
    func testACellShownCutShortIsNotEditedWhileTheFileCannotBeRead() throws {
        try connection().execute("UPDATE artists SET country = ? WHERE id = 1", String(repeating: "long ", count: 400))
        let runner = try runner(table: "artists")
        _ = runner.run([])
        let other = try connection()
        try other.execute("BEGIN EXCLUSIVE")
        let screen = runner.run(try KeyScript.parse("lli")).last ?? []
        try other.execute("ROLLBACK")
        XCTAssertTrue(screen.last?.contains("country is shown cut short and another connection locks the file") == true,
                      screen.joined(separator: "\n"))
        XCTAssertTrue(runner.app.staging.edits.isEmpty)
        // No cell editor: the prompt that opens only holds the text typed after `i` (so it runs no
        // commands) and says why.
        guard case .refused? = runner.app.prompt.current?.kind else {
            return XCTFail("no cell editor opens: \(String(describing: runner.app.prompt.current))")
        }
    }

    /// A change SQLite would refuse, staged while another connection holds the write lock, is
    /// taken back with SQLite's message once the lock is free; the others stay staged.
    func testAChangeRefusedOnceTheLockIsFreeIsTakenBack() throws {
        let runner = try runner(table: "artists")
        _ = runner.run([])
        let other = try connection()
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("UPDATE artists SET country = 'NO' WHERE id = 3")
        let staged = runner.run(try KeyScript.parse("lxjlx")).last ?? []
        XCTAssertTrue(staged.last?.contains("staged unchecked") == true, staged.joined(separator: "\n"))
        XCTAssertTrue(staged.last?.contains("2 pending") == true, staged.joined(separator: "\n"))
        try other.execute("ROLLBACK")

        let refused = try screen(of: runner) { $0.last?.contains("refused once the lock was free") == true }
        XCTAssertTrue(refused.last?.contains("refused once the lock was free, taken back: name = NULL: NOT NULL constraint failed: artists.name")
                      == true, refused.joined(separator: "\n"))
        XCTAssertTrue(refused.last?.contains("1 pending") == true, refused.joined(separator: "\n"))
        XCTAssertTrue(refused.contains { $0.contains("│Ada") }, "the refused NULL is gone from the grid\n" + refused.joined(separator: "\n"))
        XCTAssertEqual(runner.app.staging.edits["artists"]?.rowEdits,
                       [.update(key: [2], original: ["id": 2, "name": "漢字テスト", "country": "JP"], changes: ["country": .null])])
    }

    /// Deleting hundreds of marked rows is one trial (one write transaction, rolled back), not one
    /// per row: every row is staged, nothing is written.
    func testDeletingManyMarkedRowsIsOneTrial() throws {
        try connection().executeScript("""
            CREATE TABLE many (id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES artists(id), note TEXT);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300)
            INSERT INTO many SELECT x, 1 + x % 3, 'note ' || x FROM n;
            """)
        let statements = LockedValue<[String]>([])
        var configuration = try fixture.open().configuration
        configuration.tracer = { sql in statements.mutate { $0.append(sql) } }
        let database = try Database(path: fixture.path, configuration: configuration)
        let runner = try runner(table: "many", database: database)
        _ = runner.run(try KeyScript.parse(String(repeating: "m", count: 300)))
        statements.mutate { $0.removeAll() }
        let screen = runner.run(try KeyScript.parse("ddy")).last ?? []
        XCTAssertTrue(screen.last?.contains("staged: deletion of 300 rows") == true, screen.joined(separator: "\n"))
        let transactions = statements.value.filter { $0.hasPrefix("BEGIN") || $0.hasPrefix("SAVEPOINT \"orm_check\"") }
        XCTAssertEqual(transactions, ["BEGIN IMMEDIATE"], "one trial for 300 rows")
        XCTAssertEqual(try connection().scalar("SELECT count(*) FROM many"), 300)
    }

    /// A deletion SQLite takes a while to judge (a trigger that works hard for each row) says how
    /// far its check has come, and Esc gives up on it: nothing is staged and the marks stay.
    func testALongDeletionCheckShowsProgressAndEscGivesUp() throws {
        try connection().executeScript("""
            CREATE TABLE pad (x);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) INSERT INTO pad SELECT x FROM n;
            CREATE TABLE slow (id INTEGER PRIMARY KEY, note TEXT);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 40)
            INSERT INTO slow SELECT x, 'row ' || x FROM n;
            CREATE TRIGGER slow_delete BEFORE DELETE ON slow BEGIN SELECT count(*) FROM pad a, pad b WHERE a.x + b.x > 0; END;
            """)
        let runner = try runner(table: "slow")
        _ = runner.run(try KeyScript.parse(String(repeating: "m", count: 40)))
        let app = runner.app
        for key in ["d", "d", "y"] {
            _ = app.handle(.character(Character(key)))
        }
        XCTAssertNotNil(app.pending.work)
        try waitUntil("the check tells its progress", between: { _ = app.tick() }) {
            app.waits.status?.text.contains(" of 40 tried") == true || app.pending.work == nil
        }
        let status = app.waits.status?.text ?? ""
        XCTAssertTrue(status.contains("checking the deletion of 40 rows: ") && status.contains(" of 40 tried…"), status)
        _ = app.handle(.escape)
        XCTAssertNil(app.pending.work)
        XCTAssertEqual(app.state.message?.text, "cancelled: checking the deletion of 40 rows")
        XCTAssertTrue(app.staging.edits.isEmpty)
        XCTAssertEqual(app.tables.grids["slow"]?.overlay.marks.count, 40)
    }
}

/// A value shared with a tracer that may run on another thread.
final class LockedValue<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value { storage.withLock { $0 } }

    func mutate(_ body: (inout Value) -> Void) {
        storage.withLock { body(&$0) }
    }
}
